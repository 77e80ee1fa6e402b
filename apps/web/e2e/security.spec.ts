/**
 * Browser security: the served app sends a strict
 * Content-Security-Policy and no page of the walk through the app violates it; user
 * content (names, chat text, conversation titles) stored with HTML and script payloads is
 * shown as text, never executed (stored XSS through the UI and the API).
 */
import { expect, test, type Page } from '@playwright/test';
import { E2E_ADMIN } from '../playwright.config.ts';

const stamp = Date.now().toString(36);
const password = 'Sunshine2026';
/** Each payload would set window.__xss (or add an <img src="x">) if it ever ran as HTML. */
const PAYLOADS = {
  name: `Eve <img src="x" onerror="window.__xss='name'"> ${stamp}`,
  message: `<script>window.__xss='message'</script><img src="x" onerror="window.__xss='message'"> [click](javascript:window.__xss='link') ${stamp}`,
  title: `<svg onload="window.__xss='title'"></svg><b>bold</b> ${stamp}`,
};

/** Records CSP violations, console CSP errors and dialogs of `page`. */
async function watch(page: Page) {
  const problems: string[] = [];
  await page.addInitScript(() => {
    (window as unknown as { __csp: string[] }).__csp = [];
    document.addEventListener('securitypolicyviolation', (event) => {
      (window as unknown as { __csp: string[] }).__csp.push(
        `${event.violatedDirective} ${event.blockedURI}`,
      );
    });
  });
  page.on('console', (message) => {
    if (/Content Security Policy|Refused to/i.test(message.text())) problems.push(message.text());
  });
  page.on('dialog', (dialog) => {
    problems.push(`dialog: ${dialog.message()}`);
    void dialog.dismiss();
  });
  return async () => {
    const violations = await page.evaluate(
      () => (window as unknown as { __csp?: string[] }).__csp ?? [],
    );
    const xss = await page.evaluate(() => (window as unknown as { __xss?: string }).__xss);
    return { problems: [...problems, ...violations], xss };
  };
}

async function signIn(page: Page, email: string, secret: string) {
  await page.goto('/signin');
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password', { exact: true }).fill(secret);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page).toHaveURL(/\/dashboard$/);
}

test('the served app has a strict Content-Security-Policy', async ({ request }) => {
  const response = await request.get('/signin');
  expect(response.status()).toBe(200);
  const csp = response.headers()['content-security-policy'] ?? '';
  const directives = Object.fromEntries(
    csp.split(';').map((part) => {
      const [name, ...values] = part.trim().split(/\s+/);
      return [name, values];
    }),
  );
  expect(directives['default-src']).toEqual(["'self'"]);
  expect(directives['script-src']).toContain("'self'");
  expect(directives['script-src']).not.toContain("'unsafe-inline'");
  expect(directives['script-src']).not.toContain("'unsafe-eval'");
  expect(directives['object-src']).toEqual(["'none'"]);
  expect(directives['frame-ancestors']).toEqual(["'none'"]);
  expect(directives['base-uri']).toEqual(["'self'"]);
  expect(response.headers()['x-content-type-options']).toBe('nosniff');
});

test('stored payloads in names, chat text and titles show as text and never run', async ({
  page,
  request,
}) => {
  const check = await watch(page);
  const email = `eve.${stamp}@example.com`;
  const signup = await request.post('/api/v1/auth/email/signup', {
    data: { name: PAYLOADS.name, email, password, confirmPassword: password },
  });
  expect(signup.status()).toBe(201);

  // The user's own pages: dashboard, profile, calculators, chat.
  await signIn(page, email, password);
  await expect(page.getByText(PAYLOADS.name).first()).toBeVisible();
  await page.goto('/profile');
  await expect(page.getByRole('heading', { level: 2, name: PAYLOADS.name })).toBeVisible();
  await page.goto('/solar-calculator');
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();

  await page.goto('/chat');
  const input = page.getByRole('textbox', { name: 'Message' });
  await input.fill(PAYLOADS.message);
  await input.press('Enter');
  const log = page.getByRole('log');
  await expect(log.getByRole('article').first()).toContainText(`window.__xss='message'`);
  await expect(page).toHaveURL(/\/chat\/[0-9a-f-]{36}$/);
  await expect(page.getByRole('button', { name: 'Send message' })).toBeVisible({
    timeout: 30_000,
  });
  await page.getByRole('button', { name: 'Edit title' }).click();
  const title = page.getByRole('textbox', { name: 'Conversation title' });
  await title.fill(PAYLOADS.title);
  await title.press('Enter');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(PAYLOADS.title);
  // After a reload the stored text comes back from the server, still as text.
  await page.reload();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(PAYLOADS.title);
  await expect(page.getByRole('article').first()).toContainText(`<script>`);
  expect(await page.locator('img[src="x"], svg[onload], a[href^="javascript:"]').count()).toBe(0);
  let seen = await check();
  expect(seen.xss).toBeUndefined();
  expect(seen.problems).toEqual([]);

  // The admin's list and detail show the stored name as text.
  await page.context().clearCookies();
  await page.evaluate(() => window.localStorage.clear());
  await signIn(page, E2E_ADMIN.email, E2E_ADMIN.password);
  await page.goto('/users');
  await page.getByRole('searchbox', { name: 'Search users' }).fill(stamp);
  const row = page.getByRole('row', { name: new RegExp(stamp) }).first();
  await expect(row).toContainText('<img src="x"');
  expect(await page.locator('img[src="x"]').count()).toBe(0);
  seen = await check();
  expect(seen.xss).toBeUndefined();
  expect(seen.problems).toEqual([]);
});
