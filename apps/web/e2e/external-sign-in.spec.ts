/**
 * External sign-in in Chromium against the real server and a real OpenID provider: panva's
 * oidc-provider from npm, started here (apps/server/test/oidc-provider.ts) with its own
 * development login and consent pages. From /signin to the provider and back to the page
 * the user asked for; sign-up from /signup; the pre-registration takeover
 * (docs/decisions/030-external-identity-linking.md: the attacker's password stops working);
 * cancelling at the provider.
 */
import { expect, test, type Page } from '@playwright/test';
import { startTestProvider, type TestProvider } from '../../server/test/oidc-provider.ts';
import { E2E_OIDC } from '../playwright.config.ts';

let provider: TestProvider;
test.beforeAll(async () => {
  provider = await startTestProvider(
    [
      {
        clientId: E2E_OIDC.clientId,
        clientSecret: E2E_OIDC.clientSecret,
        redirectUris: [E2E_OIDC.redirectUri],
      },
    ],
    { port: E2E_OIDC.port },
  );
});
test.afterAll(async () => provider?.close());

const stamp = Date.now().toString(36);

/** At the provider's pages: signs in as `login` (any password) and gives consent. */
async function signInAtProvider(page: Page, login: string) {
  await expect(page).toHaveURL(new RegExp(`^${E2E_OIDC.issuer}/interaction/`));
  await page.getByPlaceholder('Enter any login').fill(login);
  await page.getByPlaceholder('and password').fill('any-password');
  await page.getByRole('button', { name: 'Sign-in' }).click();
  await page.getByRole('button', { name: 'Continue' }).click();
}

test('a new user signs in with the provider and lands on the page they asked for', async ({
  page,
}) => {
  const email = `oidc.new.${stamp}@example.com`;
  provider.accounts.set(email, { email, name: 'Bakyt Orozov' });
  await page.goto('/chat');
  await expect(page).toHaveURL(/\/signin\?from=%2Fchat$/);
  await page.getByRole('button', { name: 'Continue with Solar ID' }).click();
  await signInAtProvider(page, email);
  await expect(page).toHaveURL(/\/chat$/);
  await page.getByRole('button', { name: 'Account menu' }).click();
  await expect(page.getByRole('menu')).toContainText(email);
  // The callback with its single-use code is gone from the history.
  await page.goBack();
  await expect(page).not.toHaveURL(/\/signin\/callback/);
});

test('sign-up with the provider from /signup goes to the dashboard', async ({ page }) => {
  const email = `oidc.signup.${stamp}@example.com`;
  provider.accounts.set(email, { email, name: 'Aizada Bekova' });
  await page.goto('/signup');
  await page.getByRole('button', { name: 'Sign up with Solar ID' }).click();
  await signInAtProvider(page, email);
  await expect(page).toHaveURL(/\/dashboard$/);
  await expect(page.getByText('Welcome, Aizada Bekova')).toBeVisible();
});

test("pre-registration: the owner's provider sign-in claims the account and the attacker's password stops working", async ({
  page,
  request,
}) => {
  const victim = `oidc.victim.${stamp}@example.com`;
  const password = 'Attacker123';
  const attacker = await request.post('/api/v1/auth/email/signup', {
    data: { name: 'Support Team', email: victim, password, confirmPassword: password },
  });
  expect(attacker.status()).toBe(201);
  provider.accounts.set(`owner-${stamp}`, { email: victim, name: 'Real Owner' });

  await page.goto('/signin');
  await page.getByRole('button', { name: 'Continue with Solar ID' }).click();
  await signInAtProvider(page, `owner-${stamp}`);
  await expect(page).toHaveURL(/\/dashboard$/);
  await expect(page.getByText('Welcome, Real Owner')).toBeVisible();

  const replay = await request.post('/api/v1/auth/email/signin', {
    data: { email: victim, password },
  });
  expect(replay.status()).toBe(401);
  const refresh = await request.post('/api/v1/auth/refresh', {
    data: { refreshToken: (await attacker.json()).refreshToken },
  });
  expect(refresh.status()).toBe(401);
});

test('cancelling at the provider comes back with a clear message and a way to use email', async ({
  page,
}) => {
  await page.goto('/signin');
  await page.getByRole('button', { name: 'Continue with Solar ID' }).click();
  await expect(page).toHaveURL(new RegExp(`^${E2E_OIDC.issuer}/interaction/`));
  await page.getByRole('link', { name: '[ Cancel ]' }).click();
  await expect(page).toHaveURL(/\/signin\/callback\?error=access_denied/);
  await expect(page.getByRole('alert')).toHaveText(
    'You cancelled signing in with Solar ID. Nothing was changed.',
  );
  await page.getByRole('link', { name: 'Sign in with email instead' }).click();
  await expect(page.getByRole('heading', { name: 'Sign in to Solar' })).toBeVisible();
});
