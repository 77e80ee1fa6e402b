/**
 * Helpers of the account screens' route tests and stories (features/auth, profile,
 * dashboard): a fake Google Identity Services code client, a fixture whose user signed in
 * with Google, and a Google sign-in answer that signs the demo client in.
 */
import type { GoogleCodeResponse } from '../features/auth/google-identity.ts';
import { http, HttpResponse, type HttpHandler } from 'msw';
import { createAppFixture, FIXTURE_ACCOUNTS, type AppFixture } from './app-fixture.tsx';

/** What the fake popup does: answer with a code/error, or fail like a closed popup. */
export type FakeGoogleAnswer = GoogleCodeResponse | { popupError: string };

/** The requests the fake code client received. */
export interface FakeGoogle {
  readonly requests: { clientId: string; scope: string }[];
  /** Restores the previous `window.google`. */
  uninstall(): void;
}

type GoogleWindow = Window & { google?: unknown };

/** Installs `window.google.accounts.oauth2` answering every popup with `answer`. */
export function installFakeGoogle(answer: FakeGoogleAnswer): FakeGoogle {
  const target = window as GoogleWindow;
  const previous = target.google;
  const requests: FakeGoogle['requests'] = [];
  target.google = {
    accounts: {
      oauth2: {
        initCodeClient(config: {
          client_id: string;
          scope: string;
          callback: (response: GoogleCodeResponse) => void;
          error_callback?: (error: { type: string; message: string }) => void;
        }) {
          return {
            requestCode() {
              requests.push({ clientId: config.client_id, scope: config.scope });
              queueMicrotask(() => {
                if ('popupError' in answer) {
                  config.error_callback?.({ type: 'popup_closed', message: answer.popupError });
                } else config.callback(answer);
              });
            },
          };
        },
      },
    },
  };
  return {
    requests,
    uninstall: () => {
      target.google = previous;
    },
  };
}

/** The Google client id the fake's `GET /config` reports in Google stories and tests. */
export const FAKE_GOOGLE_CLIENT_ID = 'solar-test.apps.googleusercontent.com';

/**
 * `POST /auth/google/signin` answering code `good-code` by signing in the demo client
 * (Daniyar Sadykov) on the fixture's fake, and 401 'Google login failed...' otherwise.
 */
export function googleSignInHandler(fixture: () => AppFixture): HttpHandler {
  return http.post('*/api/v1/auth/google/signin', async ({ request }) => {
    const body = (await request.json()) as { code?: string };
    if (body.code !== 'good-code') {
      return HttpResponse.json(
        {
          code: 'invalid_credentials',
          message: 'Google login failed. Please try again.',
        },
        { status: 401 },
      );
    }
    const reply = fixture().mock.fake.signIn(FIXTURE_ACCOUNTS.client);
    return HttpResponse.json(reply.body as never, { status: reply.status });
  });
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
