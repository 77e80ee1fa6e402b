/**
 * /signin against the MSW fake (docs/product.md#accounts-and-sessions and #errors-and-messages):
 * field validation, refusals (401, inactive account, server failure with toast), links, the
 * `?from=` return, and the external sign-in button (hidden when off; named after the provider; goes
 * to the provider remembering `?from=`; a provider that cannot be reached).
 */
import { scenarios } from '@solar/api/mock';
import { http, HttpResponse } from 'msw';
import { afterEach, describe, expect, it } from 'vitest';
import { page, userEvent } from 'vitest/browser';
import { render } from 'vitest-browser-react';
import {
  AppFixtureView,
  createAppFixture,
  FIXTURE_ACCOUNTS,
  type AppFixture,
  type AppFixtureOptions,
} from '../../testing/app-fixture.tsx';
import {
  FAKE_GOOGLE_PROVIDER,
  FAKE_OTHER_PROVIDER,
  watchProviderNavigation,
} from '../../testing/auth-fixtures.ts';
import { ATTEMPT_KEY } from './external-sign-in.ts';

async function open(options: AppFixtureOptions = {}) {
  const fixture = createAppFixture({ path: '/signin', ...options });
  const screen = await render(<AppFixtureView fixture={fixture} />);
  await expect.element(screen.getByRole('heading', { name: 'Sign in to Solar' })).toBeVisible();
  return { fixture, screen };
}

const email = () => page.getByLabelText('Email');
const password = () => page.getByLabelText('Password', { exact: true });
const submit = () => userEvent.click(page.getByRole('button', { name: 'Sign in' }));
const lastPath = (fixture: AppFixture) => fixture.location.history.at(-1);
const toast = (text: string) =>
  page.getByRole('region', { name: /Notifications/ }).getByText(text, { exact: true });

let navigation: ReturnType<typeof watchProviderNavigation> | null = null;
afterEach(() => {
  navigation?.restore();
  navigation = null;
  window.sessionStorage.removeItem(ATTEMPT_KEY);
});

describe('sign in: validation', () => {
  it('asks for both fields and focuses the first empty one', async () => {
    await open();
    await submit();
    await expect.element(email()).toHaveAccessibleDescription('Please fill in all fields');
    await expect.element(password()).toHaveAccessibleDescription('Please fill in all fields');
    await expect.element(email()).toHaveFocus();
  });

  it('asks for a valid email, and the error clears when the field is edited', async () => {
    await open();
    await email().fill('not-an-email');
    await password().fill('Password1');
    await submit();
    await expect.element(email()).toHaveAccessibleDescription('Please enter a valid email address');
    await expect.element(password()).toHaveAccessibleDescription('');
    await email().fill('daniyar@example.com');
    await expect.element(email()).toHaveAccessibleDescription('');
  });
});

describe('sign in: answers of the server', () => {
  it('signs in and goes to /dashboard', async () => {
    const { fixture, screen } = await open();
    await email().fill(FIXTURE_ACCOUNTS.client.email);
    await password().fill(FIXTURE_ACCOUNTS.client.password);
    await submit();
    await expect.element(screen.getByRole('heading', { name: 'Dashboard' })).toBeVisible();
    expect(lastPath(fixture)).toBe('/dashboard');
  });

  it('returns to the remembered ?from= page after sign-in', async () => {
    const { fixture, screen } = await open({ path: '/signin?from=%2Fprofile' });
    await email().fill(FIXTURE_ACCOUNTS.client.email);
    await password().fill(FIXTURE_ACCOUNTS.client.password);
    await submit();
    await expect.element(screen.getByRole('heading', { name: 'Profile', level: 1 })).toBeVisible();
    expect(lastPath(fixture)).toBe('/profile');
  });

  it("shows 'Login failed. Please check your credentials.' for a wrong password", async () => {
    const { fixture } = await open();
    await email().fill(FIXTURE_ACCOUNTS.client.email);
    await password().fill('Wrong-password1');
    await submit();
    await expect
      .element(page.getByRole('alert'))
      .toHaveTextContent('Login failed. Please check your credentials.');
    expect(lastPath(fixture)).toBe('/signin');
  });

  it('shows the inactive-account message for a deactivated account', async () => {
    await open();
    await email().fill('elnura@example.com');
    await password().fill('Password1');
    await submit();
    await expect
      .element(page.getByRole('alert'))
      .toHaveTextContent('Your account is inactive. Please contact an administrator.');
  });

  it("prefers the server's message for other failures and raises an error toast", async () => {
    await open({ mock: { scenario: scenarios.groupError('auth', 500) } });
    await email().fill(FIXTURE_ACCOUNTS.client.email);
    await password().fill(FIXTURE_ACCOUNTS.client.password);
    await submit();
    await expect
      .element(page.getByRole('alert'))
      .toHaveTextContent('Server error occurred. Please try again later.');
    await expect.element(toast('Server error occurred. Please try again later.')).toBeVisible();
  });
});

describe('sign in: links', () => {
  it('links to /signup and /forgot-password', async () => {
    const { fixture, screen } = await open();
    await userEvent.click(screen.getByRole('link', { name: 'Forgot password?' }));
    await expect
      .element(screen.getByRole('heading', { name: 'Forgot your password?' }))
      .toBeVisible();
    expect(lastPath(fixture)).toBe('/forgot-password');
    await userEvent.click(screen.getByRole('link', { name: 'Back to sign in' }));
    await userEvent.click(screen.getByRole('link', { name: 'Sign up' }));
    await expect
      .element(screen.getByRole('heading', { name: 'Create your Solar account' }))
      .toBeVisible();
    expect(lastPath(fixture)).toBe('/signup');
  });
});

describe('sign in: "Sign up" keeps the destination (docs/product.md#accounts-and-sessions)', () => {
  it('opens /signup with the same safe ?from=, and the new account lands there', async () => {
    const { fixture, screen } = await open({ path: '/signin?from=%2Fsolar-calculator-full' });
    await userEvent.click(screen.getByRole('link', { name: 'Sign up' }));
    await expect
      .element(screen.getByRole('heading', { name: 'Create your Solar account' }))
      .toBeVisible();
    expect(lastPath(fixture)).toBe('/signup?from=%2Fsolar-calculator-full');
    await page.getByLabelText('Full name').fill('Nurlan Toktosunov');
    await email().fill('nurlan@example.com');
    await page.getByLabelText('Password', { exact: true }).fill('Sunshine2026');
    await page.getByLabelText('Confirm password', { exact: true }).fill('Sunshine2026');
    await userEvent.click(page.getByRole('checkbox', { name: /I agree to the/ }), {
      force: true,
    });
    await userEvent.click(page.getByRole('button', { name: 'Create account' }));
    await expect.poll(() => lastPath(fixture)).toBe('/solar-calculator-full');
  });

  it('drops a from that leaves the site', async () => {
    const { screen } = await open({ path: '/signin?from=%2F%2Fevil.example' });
    await expect
      .element(screen.getByRole('link', { name: 'Sign up' }))
      .toHaveAttribute('href', '/signup');
  });
});

describe('sign in with the external provider (docs/decisions/030)', () => {
  it('has no provider button when the server reports none', async () => {
    const { screen } = await open();
    await expect.element(screen.getByRole('button', { name: 'Sign in' })).toBeVisible();
    expect(screen.getByRole('button', { name: /Continue with/ }).query()).toBeNull();
  });

  it('goes to the provider for /signin/callback and remembers the ?from= page in the tab', async () => {
    navigation = watchProviderNavigation();
    const { screen } = await open({
      path: '/signin?from=%2Fprofile',
      mock: { oidcProvider: FAKE_GOOGLE_PROVIDER },
    });
    await userEvent.click(screen.getByRole('button', { name: 'Continue with Google' }));
    await expect.poll(() => navigation!.urls.length).toBe(1);
    const url = new URL(navigation.urls[0]!);
    expect(url.origin).toBe('https://id.fake.test');
    expect(url.searchParams.get('redirect_uri')).toBe(`${window.location.origin}/signin/callback`);
    expect(JSON.parse(window.sessionStorage.getItem(ATTEMPT_KEY)!)).toEqual({
      mode: 'signIn',
      from: '/profile',
      state: url.searchParams.get('state'),
    });
  });

  it('names any provider on its button', async () => {
    const { screen } = await open({ mock: { oidcProvider: FAKE_OTHER_PROVIDER } });
    await expect
      .element(screen.getByRole('button', { name: 'Continue with Solar ID' }))
      .toBeVisible();
  });

  it('says when the provider cannot be reached, and stays on /signin', async () => {
    navigation = watchProviderNavigation();
    const { fixture, screen } = await open({
      mock: { oidcProvider: FAKE_GOOGLE_PROVIDER },
      handlers: [
        http.post('*/api/v1/auth/google/start', () =>
          HttpResponse.json(
            { code: 'bad_gateway', message: 'Sign-in with your external account failed.' },
            { status: 502 },
          ),
        ),
      ],
    });
    await userEvent.click(screen.getByRole('button', { name: 'Continue with Google' }));
    await expect
      .element(page.getByRole('alert'))
      .toHaveTextContent('Google cannot be reached right now. Please try again in a few minutes.');
    expect(navigation.urls).toEqual([]);
    expect(lastPath(fixture)).toBe('/signin');
  });
});
