/**
 * Helpers of the account screens' route tests and stories (features/auth, profile,
 * dashboard): the external sign-in providers the fake's `GET /config` can report, a
 * recorder of the navigation to the provider (instead of leaving the page), the callback
 * URL a provider would send back, and a fixture whose user signs in with an external
 * provider.
 */
import type { OidcProviderInfo } from '@solar/domain/contract';
import {
  callbackUri,
  providerNavigation,
  rememberAttempt,
  type ExternalSignInAttempt,
} from '../features/auth/external-sign-in.ts';
import { createAppFixture, FIXTURE_ACCOUNTS, type AppFixture } from './app-fixture.tsx';

/** Google as `GET /config` reports it (its logo on the button). */
export const FAKE_GOOGLE_PROVIDER: OidcProviderInfo = { name: 'Google', logo: 'google' };
/** Any other OpenID provider (a neutral icon on the button). */
export const FAKE_OTHER_PROVIDER: OidcProviderInfo = { name: 'Solar ID', logo: null };

/** Records the navigations to the provider instead of leaving the page. */
export function watchProviderNavigation(): { urls: string[]; restore(): void } {
  const original = providerNavigation.go;
  const urls: string[] = [];
  providerNavigation.go = (url) => {
    urls.push(url);
  };
  return { urls, restore: () => void (providerNavigation.go = original) };
}

/**
 * The path the provider would send the browser back to after an attempt this tab started
 * (`attempt`, remembered in sessionStorage) on the fixture's fake: with the fake's code
 * `fake:<email>` (the provider's verified identity of `email`), or `error` instead.
 */
export async function providerCallbackPath(
  fixture: AppFixture,
  attempt: Omit<ExternalSignInAttempt, 'state'>,
  answer: { email: string } | { error: string },
): Promise<string> {
  const started = await fixture.client.auth.startExternalSignIn({
    redirectUri: callbackUri(window.location.origin),
  });
  rememberAttempt(window.sessionStorage, { ...attempt, state: started.state });
  const query = new URLSearchParams(
    'email' in answer
      ? { code: `fake:${answer.email}`, state: started.state, iss: 'https://id.fake.test' }
      : { error: answer.error, state: started.state },
  );
  return `/signin/callback?${query.toString()}`;
}

/** A fixture at `path` signed in as the demo client, marked as a Google account. */
export function createGoogleUserFixture(path: string): AppFixture {
  const fixture = createAppFixture({ path });
  const user = [...fixture.mock.fake.users.values()].find(
    (u) => u.email === FIXTURE_ACCOUNTS.client.email,
  );
  if (!user) throw new Error('the demo seed has no client');
  user.authMethod = 'google';
  return {
    ...fixture,
    ready: fixture.client.auth.signIn(FIXTURE_ACCOUNTS.client).then(() => undefined),
  };
}
