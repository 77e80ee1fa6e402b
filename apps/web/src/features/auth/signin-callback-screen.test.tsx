/**
 * /signin/callback against the MSW fake (docs/decisions/030-external-identity-linking.md):
 * finishing the sign-in to the remembered page (sign-in) or the dashboard (sign-up), the
 * callback leaving the history; cancelled at the provider; a callback this tab did not
 * start (nothing is sent); an expired or used state; the provider unreachable; an
 * unverified email; "Try again" keeping the destination.
 */
import { http, HttpResponse } from 'msw';
import { afterEach, describe, expect, it } from 'vitest';
import { page, userEvent } from 'vitest/browser';
import { render } from 'vitest-browser-react';
import {
  AppFixtureView,
  createAppFixture,
  type AppFixture,
  type AppFixtureOptions,
} from '../../testing/app-fixture.tsx';
import {
  FAKE_GOOGLE_PROVIDER,
  providerCallbackPath,
  watchProviderNavigation,
} from '../../testing/auth-fixtures.ts';
import { ATTEMPT_KEY, rememberAttempt } from './external-sign-in.ts';

let navigation: ReturnType<typeof watchProviderNavigation> | null = null;
afterEach(() => {
  navigation?.restore();
  navigation = null;
  window.sessionStorage.removeItem(ATTEMPT_KEY);
});

/** A signed-out fixture on the fake with Google as provider (and `handlers` first). */
const fixtureWith = (options: AppFixtureOptions = {}) =>
  createAppFixture({ path: '/signin', mock: { oidcProvider: FAKE_GOOGLE_PROVIDER }, ...options });

/** Renders the fixture at `path` (the provider's redirect back). */
async function arrive(fixture: AppFixture, path: string) {
  fixture.location.navigate(path, { replace: true });
  return render(<AppFixtureView fixture={fixture} />);
}

const alert = () => page.getByRole('alert');
const failedHeading = () => page.getByRole('heading', { name: 'We could not sign you in' });

describe('sign-in callback: success', () => {
  it('signs up a new identity and goes to the remembered ?from= page, leaving no callback in the history', async () => {
    const fixture = fixtureWith();
    const path = await providerCallbackPath(
      fixture,
      { mode: 'signIn', from: '/profile' },
      { email: 'aigul@example.com' },
    );
    const screen = await arrive(fixture, path);
    await expect.element(screen.getByRole('heading', { name: 'Profile', level: 1 })).toBeVisible();
    expect(fixture.location.history.at(-1)).toBe('/profile');
    expect(fixture.location.history.some((entry) => entry.includes('code='))).toBe(false);
    expect(window.sessionStorage.getItem(ATTEMPT_KEY)).toBeNull();
    expect(fixture.client.session.getSnapshot().user).toMatchObject({
      email: 'aigul@example.com',
      authMethod: 'google',
    });
  });

  it('goes to the dashboard after a sign-up', async () => {
    const fixture = fixtureWith();
    const path = await providerCallbackPath(
      fixture,
      { mode: 'signUp', from: null },
      { email: 'nurlan@example.com' },
    );
    const screen = await arrive(fixture, path);
    await expect.element(screen.getByRole('heading', { name: 'Dashboard' })).toBeVisible();
    expect(fixture.location.history.at(-1)).toBe('/dashboard');
  });
});

describe('sign-in callback: failures', () => {
  it('says the user cancelled at the provider, and offers to try again or use email', async () => {
    const fixture = fixtureWith();
    const path = await providerCallbackPath(
      fixture,
      { mode: 'signIn', from: '/chat' },
      { error: 'access_denied' },
    );
    await arrive(fixture, path);
    await expect.element(failedHeading()).toHaveFocus();
    await expect
      .element(alert())
      .toHaveTextContent('You cancelled signing in with Google. Nothing was changed.');
    await expect
      .element(page.getByRole('link', { name: 'Sign in with email instead' }))
      .toHaveAttribute('href', '/signin');

    // "Try again" starts a new attempt that still leads to /chat.
    navigation = watchProviderNavigation();
    await userEvent.click(page.getByRole('button', { name: 'Try again' }));
    await expect.poll(() => navigation!.urls.length).toBe(1);
    expect(JSON.parse(window.sessionStorage.getItem(ATTEMPT_KEY)!)).toMatchObject({
      mode: 'signIn',
      from: '/chat',
    });
  });

  it('refuses a callback this tab did not start, without sending its code', async () => {
    const sent: string[] = [];
    const fixture = fixtureWith({
      handlers: [
        http.post('*/api/v1/auth/google/signin', () => {
          sent.push('signin');
          return HttpResponse.json({}, { status: 500 });
        }),
      ],
    });
    // An attacker's link: a real code and state of their own, not started in this tab.
    const path = await providerCallbackPath(
      fixture,
      { mode: 'signIn', from: null },
      { email: 'attacker@example.com' },
    );
    window.sessionStorage.removeItem(ATTEMPT_KEY);
    await arrive(fixture, path);
    await expect
      .element(alert())
      .toHaveTextContent(
        'This sign-in was not started in this browser tab, or it is already finished. Please start again.',
      );
    expect(sent).toEqual([]);
    expect(fixture.client.session.getSnapshot().user).toBeNull();
  });

  it('says when the sign-in expired or was already used (400 on state)', async () => {
    const fixture = fixtureWith();
    rememberAttempt(window.sessionStorage, { state: 'gone', mode: 'signIn', from: null });
    await arrive(fixture, '/signin/callback?code=fake%3Aa%40example.com&state=gone');
    await expect
      .element(alert())
      .toHaveTextContent('This sign-in took too long or was already used. Please start again.');
  });

  it.each([
    [
      502,
      { code: 'bad_gateway', message: 'x' },
      'Google cannot be reached right now. Please try again in a few minutes.',
    ],
    [
      401,
      { code: 'email_unverified', message: 'x' },
      'Your Google account has no verified email address. Verify it with Google first, or sign up with email and password.',
    ],
    [
      401,
      { code: 'invalid_credentials', message: 'x' },
      'Signing in with Google failed. Please try again.',
    ],
    [
      409,
      { code: 'conflict', message: 'x' },
      'This email address is linked to a different Google account. Use that account, or sign in with your password.',
    ],
  ])('tells a %i %j apart', async (status, body, text) => {
    const fixture = fixtureWith({
      handlers: [
        http.post('*/api/v1/auth/google/signin', () => HttpResponse.json(body, { status })),
      ],
    });
    const path = await providerCallbackPath(
      fixture,
      { mode: 'signUp', from: null },
      { email: 'someone@example.com' },
    );
    await arrive(fixture, path);
    await expect.element(alert()).toHaveTextContent(text);
    await expect
      .element(page.getByRole('link', { name: 'Back to sign up' }))
      .toHaveAttribute('href', '/signup');
  });
});
