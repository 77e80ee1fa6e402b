/**
 * The HTTP layer every resource uses (spec section 7): base `/api/v1`, JSON, no automatic
 * retries, a timeout, and `Authorization: Bearer <token>` from an (async) token source.
 *
 * A small layer over `fetch` rather than a library: the resources need five methods, a JSON
 * or FormData body, query parameters, an abort signal and `.json()`, and every page's first
 * load carries this code (a general-purpose client was about 8 kB gzip of it). Failures are
 * the errors below; resources turn them into ApiError with `toApiError` (errors.ts):
 * - {@link HTTPError}: a non-2xx answer, with its body already read into `data` (parsed
 *   JSON when the answer says JSON, else text; undefined when empty or unreadable);
 * - {@link TimeoutError}: no answer within `timeoutMs`;
 * - {@link NetworkError}: the request could not be sent or answered (offline, refused);
 * - the caller's own abort is rethrown untouched (a DOMException named AbortError).
 */
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

/** Query parameters: a record (undefined values are left out) or ready URLSearchParams. */
export type SearchParams =
  URLSearchParams | Readonly<Record<string, string | number | boolean | undefined>>;

/** Options of one request. */
export interface RequestOptions {
  /** A value sent as JSON (`content-type: application/json`). */
  json?: unknown;
  /** A body sent as is (FormData for uploads); ignored when `json` is given. */
  body?: BodyInit;
  searchParams?: SearchParams;
  /** Aborts the request (the rejection is the signal's AbortError, not an HTTP error). */
  signal?: AbortSignal;
}

/** The answer of a request: the Response (2xx only), or its body parsed as JSON. */
export interface ResponsePromise extends Promise<Response> {
  /** The body parsed as JSON; rejects like the request, or with a SyntaxError. */
  json<T = unknown>(): Promise<T>;
}

/** Requests relative to the API base (`auth/me`, not `/auth/me`). */
export interface Http {
  get(path: string, options?: RequestOptions): ResponsePromise;
  post(path: string, options?: RequestOptions): ResponsePromise;
  put(path: string, options?: RequestOptions): ResponsePromise;
  patch(path: string, options?: RequestOptions): ResponsePromise;
  delete(path: string, options?: RequestOptions): ResponsePromise;
}

/** Base class of the failures this layer raises (not of the caller's own abort). */
export class HttpClientError extends Error {}

/** A non-2xx answer. `data` is its body: parsed JSON, text, or undefined. */
export class HTTPError extends HttpClientError {
  override name = 'HTTPError';
  readonly response: Response;
  data: unknown;

  constructor(response: Response, method: string, url: string) {
    const status = `${response.status} ${response.statusText}`.trim();
    super(`Request failed with status code ${status}: ${method} ${url}`);
    this.response = response;
  }
}

/** No answer within the timeout. */
export class TimeoutError extends HttpClientError {
  override name = 'TimeoutError';

  constructor(method: string, url: string) {
    super(`Request timed out: ${method} ${url}`);
  }
}

/** The request could not be sent or answered; the fetch failure is the `cause`. */
export class NetworkError extends HttpClientError {
  override name = 'NetworkError';

  constructor(method: string, url: string, cause: unknown) {
    super(`Request failed due to a network error: ${method} ${url}`, { cause });
  }
}

/** True for a failure raised by this layer (HTTP status, timeout or network). */
export function isHttpClientError(error: unknown): error is HttpClientError {
  return error instanceof HttpClientError;
}

const JSON_TYPE = /\/(?:.*[.+-])?json(?:;|$)/i;

/** The body of a failed answer: JSON when it says so, else text; undefined when empty. */
async function errorData(response: Response): Promise<unknown> {
  try {
    const text = await response.text();
    if (text === '') return undefined;
    return JSON_TYPE.test(response.headers.get('content-type') ?? '') ? JSON.parse(text) : text;
  } catch {
    return undefined;
  }
}

function withSearchParams(url: string, params: SearchParams | undefined): string {
  if (!params) return url;
  const search =
    params instanceof URLSearchParams
      ? params
      : new URLSearchParams(
          Object.entries(params)
            .filter((entry): entry is [string, string | number | boolean] => entry[1] !== undefined)
            .map(([key, value]) => [key, String(value)]),
        );
  const query = search.toString();
  return query ? `${url}?${query}` : url;
}

/**
 * Creates the HTTP layer on the API base URL. Each request waits for the access token (when
 * a source is given), sends, and rejects as described in the module comment; nothing is
 * retried.
 */
export function createHttp(options: ApiClientOptions = {}): Http {
  const base = (options.baseUrl ?? API_BASE_PATH).replace(/\/+$/, '');
  const timeoutMs = options.timeoutMs ?? 30_000;
  // Resolved per call: MSW and test doubles replace the global fetch after start-up.
  const send: typeof fetch = options.fetch ?? ((input, init) => globalThis.fetch(input, init));

  async function perform(method: string, path: string, request: RequestOptions) {
    const url = withSearchParams(`${base}/${path.replace(/^\/+/, '')}`, request.searchParams);
    const headers = new Headers({ accept: 'application/json' });
    let body = request.body;
    if (request.json !== undefined) {
      body = JSON.stringify(request.json);
      headers.set('content-type', 'application/json');
    }
    const token = await options.getAccessToken?.();
    if (token) headers.set('Authorization', `Bearer ${token}`);

    const controller = new AbortController();
    const stop = () => controller.abort(request.signal?.reason);
    request.signal?.throwIfAborted();
    request.signal?.addEventListener('abort', stop, { once: true });
    let timedOut = false;
    const timer = setTimeout(() => {
      timedOut = true;
      controller.abort();
    }, timeoutMs);
    try {
      let response: Response;
      try {
        response = await send(url, {
          method,
          headers,
          ...(body === undefined ? {} : { body }),
          signal: controller.signal,
        });
      } catch (error) {
        if (timedOut) throw new TimeoutError(method, url);
        if (request.signal?.aborted) throw error;
        throw new NetworkError(method, url, error);
      }
      if (!response.ok) {
        const failure = new HTTPError(response, method, url);
        failure.data = await errorData(response);
        throw failure;
      }
      return response;
    } finally {
      clearTimeout(timer);
      request.signal?.removeEventListener('abort', stop);
    }
  }

  const call =
    (method: string) =>
    (path: string, request: RequestOptions = {}): ResponsePromise => {
      const response = perform(method, path, request);
      return Object.assign(response, {
        json: async <T>() => JSON.parse(await (await response).text()) as T,
      });
    };

  return {
    get: call('GET'),
    post: call('POST'),
    put: call('PUT'),
    patch: call('PATCH'),
    delete: call('DELETE'),
  };
}
