/**
 * The ky instances every resource uses (the OpenAPI document): base `/api/v1`, JSON, no automatic
 * retries, a timeout, and `Authorization: Bearer <token>` from an (async) token source.
 *
 * Everything is ky's own, configured through its hooks:
 * - `beforeRequest` asks the token source for the access token; the client's source
 *   (tokens.ts) refreshes an expired token first, once for all concurrent requests;
 * - `beforeError` maps every failure into ApiError (`fromKyError`): ky's HTTPError (status
 *   and the body ky has already read into `data`), TimeoutError and NetworkError. The
 *   caller's own abort is rethrown untouched.
 *
 * The API client loads this module (and ky with it) with its first call: a page that calls
 * nothing, such as the public calculator's first view, does not download it (client.ts).
 */
import ky, { HTTPError, isKyError, TimeoutError, type KyInstance } from 'ky';
import { API_BASE_PATH } from '@solar/domain/contract';
import { ApiError, apiErrorFromFailure, isAbortError, toApiError } from './errors.ts';

/** Options of {@link createHttp}. */
export interface ApiClientOptions {
  /** Base URL of the API; default '/api/v1' (same origin). */
  baseUrl?: string;
  /**
   * The access token to send, if any (sync or async; may refresh first and throw). When
   * absent or null, no Authorization header is sent.
   */
  getAccessToken?: () => string | null | Promise<string | null>;
  /** The fetch to use (tests and the contract suite pass their own). */
  fetch?: typeof fetch;
  /** Request timeout in ms (default 30 000; bill OCR can take a while). */
  timeoutMs?: number;
}

/** Requests relative to the API base (`auth/me`, not `/auth/me`): a ky instance. */
export type Http = KyInstance;

/**
 * Creates a ky instance on the API base URL. Requests reject with ApiError (or the caller's
 * AbortError); nothing is retried.
 */
export function createHttp(options: ApiClientOptions = {}): Http {
  const { getAccessToken } = options;
  return ky.create({
    prefix: options.baseUrl ?? API_BASE_PATH,
    // Resolved per call: MSW and test doubles replace the global fetch after start-up.
    fetch: options.fetch ?? ((input, init) => globalThis.fetch(input, init)),
    retry: 0,
    timeout: options.timeoutMs ?? 30_000,
    hooks: {
      beforeRequest: getAccessToken
        ? [
            async ({ request }) => {
              const token = await getAccessToken();
              if (token) request.headers.set('Authorization', `Bearer ${token}`);
            },
          ]
        : [],
      beforeError: [({ error }) => fromKyError(error)],
    },
  });
}

/**
 * ky's failures as ApiError: an HTTPError with its status, the body's message and code (ky
 * read it into `data`) and Retry-After; a timeout or a network failure as status 0, code
 * `network` (ky's error is the `cause`). The caller's own abort is returned untouched.
 */
export function fromKyError(error: unknown): Error {
  if (error instanceof HTTPError) {
    const { response } = error;
    return apiErrorFromFailure(response.status, response.statusText, error.data, response.headers);
  }
  if (error instanceof TimeoutError) {
    return new ApiError(0, 'network', 'Network request timed out', { cause: error });
  }
  if (isKyError(error)) {
    return new ApiError(0, 'network', error.message || 'Failed to fetch', { cause: error });
  }
  return isAbortError(error) ? (error as Error) : toApiError(error);
}
