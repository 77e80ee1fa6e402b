/**
 * What every resource gets from the client: calls on an authenticated and an anonymous ky
 * instance (http.ts, loaded with the first call) and `run`, which turns any failure into an
 * ApiError and raises the 403 event.
 */
import type { Http } from './http.ts';
import { isAbortError, toApiError, type ApiError } from './errors.ts';

/** The plumbing shared by the resources of one client. */
export interface Transport {
  /**
   * Runs `request` on the ky instance that sends `Authorization: Bearer` (refreshing an
   * expired token first), as `run` does: failures become ApiError.
   */
  authed<T>(request: (http: Http) => Promise<T>): Promise<T>;
  /**
   * Runs `request` on the ky instance that sends no token (sign-in, sign-up, refresh,
   * password mail, config, public calculator), as `run` does.
   */
  anon<T>(request: (http: Http) => Promise<T>): Promise<T>;
  /** Awaits a call; rethrows failures as ApiError (aborts are rethrown untouched). */
  run<T>(call: Promise<T>): Promise<T>;
  /** Absolute or same-origin URL of an API path (for the stream reader). */
  url(path: string): string;
  /** A usable access token or null (see TokenManager). */
  getAccessToken(): Promise<string | null>;
  readonly fetch: typeof fetch | undefined;
  /** Raises the 'Authorization Error' event for a 403. */
  notify(error: ApiError): void;
}

/** Builds `run` from a 403 listener. */
export function createRun(notify: (error: ApiError) => void) {
  return async function run<T>(call: Promise<T>): Promise<T> {
    try {
      return await call;
    } catch (error) {
      if (isAbortError(error)) throw error;
      const apiError = toApiError(error);
      notify(apiError);
      throw apiError;
    }
  };
}
