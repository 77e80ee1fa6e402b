/**
 * External sign-in in the browser (docs/decisions/030-external-identity-linking.md): the
 * tab remembers the attempt it started (the server's `state`, sign-in or sign-up, the
 * `?from=` page to come back to) in sessionStorage, goes to the provider, and on
 * /signin/callback accepts only the state it started (a callback it did not start is
 * refused: login CSRF) and tells each failure apart. Pure functions over an injected
 * storage, plus the one navigation to the provider.
 */
import { ApiError } from '@solar/api';
import { ROUTES } from '@solar/domain';

/** One external sign-in this tab started. */
export interface ExternalSignInAttempt {
  /** The authorization request's state, as the server gave it. */
  state: string;
  /** Where it started: sign-in goes back to `from`, sign-up to the dashboard. */
  mode: 'signIn' | 'signUp';
  /** The page the user was going to (`?from=` of /signin), or null. */
  from: string | null;
}

/** The sessionStorage key of the attempt. */
export const ATTEMPT_KEY = 'solar.externalSignIn';

type Storage = Pick<globalThis.Storage, 'getItem' | 'setItem' | 'removeItem'>;

/** Remembers `attempt` in the tab (one at a time: a new start replaces the previous one). */
export function rememberAttempt(storage: Storage, attempt: ExternalSignInAttempt): void {
  storage.setItem(ATTEMPT_KEY, JSON.stringify(attempt));
}

/** The stored attempt's fields, or null for nothing or text that is not JSON. */
function parseAttempt(text: string | null): Partial<ExternalSignInAttempt> | null {
  try {
    return JSON.parse(text ?? 'null') as Partial<ExternalSignInAttempt> | null;
  } catch {
    return null;
  }
}

/**
 * The attempt whose state is `state`, removed from the storage (single use); null when the
 * tab started none with this state (another tab's, a forged or a finished one).
 */
export function takeAttempt(storage: Storage, state: string | null): ExternalSignInAttempt | null {
  const attempt = parseAttempt(storage.getItem(ATTEMPT_KEY));
  if (!state || !attempt || attempt.state !== state) return null;
  storage.removeItem(ATTEMPT_KEY);
  return {
    state,
    mode: attempt.mode === 'signUp' ? 'signUp' : 'signIn',
    from: typeof attempt.from === 'string' ? attempt.from : null,
  };
}

/** The redirect URI of this app at `origin` (registered at the provider). */
export const callbackUri = (origin: string): string => `${origin}${ROUTES.signInCallback}`;

/** What the provider put on the callback URL. */
export type CallbackParams =
  | { kind: 'code'; code: string; state: string | null; iss: string | undefined }
  | { kind: 'error'; error: string; state: string | null }
  | { kind: 'empty' };

/** Reads the callback's query (`?code=&state=&iss=` or `?error=&state=`). */
export function readCallback(search: string): CallbackParams {
  const query = new URLSearchParams(search);
  const state = query.get('state');
  const error = query.get('error');
  if (error) return { kind: 'error', error, state };
  const code = query.get('code');
  if (code) return { kind: 'code', code, state, iss: query.get('iss') ?? undefined };
  return { kind: 'empty' };
}

/** Why an external sign-in failed, as the callback screen tells it. */
export type ExternalFailure =
  | 'cancelled'
  | 'providerError'
  | 'notStarted'
  | 'expired'
  | 'unverified'
  | 'conflict'
  | 'unreachable'
  | 'rejected'
  /** Anything else (offline, rate limited, inactive...): the shared failure text. */
  | 'other';

/** The failure of the provider's `error` parameter (RFC 6749 section 4.1.2.1). */
export const providerFailure = (error: string): ExternalFailure =>
  error === 'access_denied' ? 'cancelled' : 'providerError';

/** The failure of a refused `POST /auth/google/start` or `/auth/google/signin`. */
export function apiFailure(error: unknown): ExternalFailure {
  if (!(error instanceof ApiError)) return 'other';
  if (error.status === 400 && error.fieldErrors?.state) return 'expired';
  if (error.code === 'email_unverified') return 'unverified';
  if (error.code === 'invalid_credentials') return 'rejected';
  if (error.status === 409 && error.code === 'conflict') return 'conflict';
  if (error.status === 502) return 'unreachable';
  return 'other';
}

/**
 * The navigation to the provider's authorization URL (a full page load). One object, so
 * tests and stories can watch it instead of leaving the page.
 */
export const providerNavigation = {
  go(url: string): void {
    window.location.assign(url);
  },
};
