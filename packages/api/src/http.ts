/**
 * The ky instances every resource uses (spec section 7): base `/api/v1`, JSON, no automatic
 * retries, `Authorization: Bearer <token>` from an (async) token source.
 */
import ky, { type KyInstance } from 'ky';
import { API_BASE_PATH } from '@solar/domain/contract';

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

/**
 * Creates a ky instance on the API base URL. Paths are relative (`auth/me`, not `/auth/me`).
 * Failures are ky errors; resources turn them into ApiError with `toApiError`.
 */
export function createHttp(options: ApiClientOptions = {}): KyInstance {
  const getAccessToken = options.getAccessToken;
  return ky.create({
    prefix: options.baseUrl ?? API_BASE_PATH,
    ...(options.fetch ? { fetch: options.fetch } : {}),
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
    },
  });
}
