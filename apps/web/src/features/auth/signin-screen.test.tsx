/**
 * /signin against the MSW fake (spec sections 2, 5 and 8): field validation, refusals
 * (401, inactive account, server failure with toast), links, the `?from=` return, and the
 * Google button (hidden without a client id; code flow; popup and server failures).
 */
import { scenarios } from '@solar/api/mock';
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
  FAKE_GOOGLE_CLIENT_ID,
  googleSignInHandler,
  installFakeGoogle,
  type FakeGoogle,
} from '../../testing/auth-fixtures.ts';

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

let google: FakeGoogle | null = null;
afterEach(() => {
  google?.uninstall();
  google = null;
});

describe('sign in: validation (spec section 5)', () => {
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

describe('sign in: answers of the server (spec section 8)', () => {
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

describe('sign in: links (spec section 2)', () => {
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

describe('sign in with Google (spec sections 2, 7 and 8)', () => {
  it('has no Google button when the server has no Google client id', async () => {
    const { screen } = await open();
    await expect.element(screen.getByRole('button', { name: 'Sign in' })).toBeVisible();
    expect(screen.getByRole('button', { name: 'Continue with Google' }).query()).toBeNull();
  });

  it('sends the popup code to the server and goes to the ?from= page', async () => {
    google = installFakeGoogle({ code: 'good-code' });
    const holder: { fixture?: AppFixture } = {};
    const opened = await open({
      path: '/signin?from=%2Fprofile',
      mock: { googleClientId: FAKE_GOOGLE_CLIENT_ID },
      handlers: [googleSignInHandler(() => holder.fixture!)],
    });
    const fixture = (holder.fixture = opened.fixture);
    await userEvent.click(opened.screen.getByRole('button', { name: 'Continue with Google' }));
    await expect
      .element(opened.screen.getByRole('heading', { name: 'Profile', level: 1 }))
      .toBeVisible();
    expect(lastPath(fixture)).toBe('/profile');
    expect(google.requests).toEqual([
      { clientId: FAKE_GOOGLE_CLIENT_ID, scope: 'openid profile email' },
    ]);
  });

  it("shows Google's own text when the popup fails", async () => {
    google = installFakeGoogle({ popupError: 'Popup window closed' });
    const { screen } = await open({ mock: { googleClientId: FAKE_GOOGLE_CLIENT_ID } });
    await userEvent.click(screen.getByRole('button', { name: 'Continue with Google' }));
    await expect.element(page.getByRole('alert')).toHaveTextContent('Popup window closed');
  });

  it("shows 'Google login failed. Please try again.' when the server refuses the code", async () => {
    google = installFakeGoogle({ code: 'stale-code' });
    const holder: { fixture?: AppFixture } = {};
    const opened = await open({
      mock: { googleClientId: FAKE_GOOGLE_CLIENT_ID },
      handlers: [googleSignInHandler(() => holder.fixture!)],
    });
    const fixture = (holder.fixture = opened.fixture);
    await userEvent.click(opened.screen.getByRole('button', { name: 'Continue with Google' }));
    await expect
      .element(page.getByRole('alert'))
      .toHaveTextContent('Google login failed. Please try again.');
    expect(lastPath(fixture)).toBe('/signin');
  });
});
