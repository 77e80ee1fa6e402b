/**
 * The one way this server asks an outside HTTP service for JSON (PVGIS in calculator/,
 * the geocoder in geo/; docs/decisions/010-ocr-geocoding-pvgis.md), built on ky:
 *
 * - each attempt has its own time limit (`AbortSignal.timeout(timeoutMs)`, body included);
 * - only GETs are retried, only after a network error or an HTTP 500/502/503/504, at most
 *   `retries` times with exponential backoff (250 ms, 500 ms, ... capped at
 *   `backoffLimitMs`); timeouts and 4xx answers are not retried;
 * - `pace` (optional) runs every attempt, retries included, in its turn (geo/spacer.ts:
 *   Nominatim's one request per second), and the attempt holds its turn until the body is read;
 * - every failure (network, timeout, HTTP error, not JSON) becomes `fail(message, status, data)`,
 *   the caller's own error class, which its routes already turn into 502 or a fallback.
 *   Errors thrown by `pace` (e.g. QueueFullError, 503) pass through unchanged.
 */
import ky, { HTTPError, isNetworkError } from 'ky';

/** Settings of one upstream service. */
export interface UpstreamOptions {
  /** Names the service in error messages, e.g. 'PVGIS'. */
  name: string;
  /** Sent as User-Agent (services' usage policies ask for an identifying one). */
  userAgent: string;
  /** Time limit of one attempt, ms. */
  timeoutMs: number;
  /** Retries after the first attempt (0 = none); 2 by default. */
  retries?: number;
  /** Longest wait between attempts, ms; 2000 by default. */
  backoffLimitMs?: number;
  /** Runs each attempt in its turn (rate limiting); attempts run at once without it. */
  pace?: <T>(task: () => Promise<T>) => Promise<T>;
  /** Builds the error thrown for any upstream failure (status and body when it answered). */
  fail: (message: string, status: number | undefined, data: unknown) => Error;
  /** Replaces the HTTP client (tests). */
  fetch?: typeof fetch;
}

/** A client of one upstream service. */
export interface Upstream {
  /** GETs `url` and answers its parsed JSON body; throws `fail(...)` on any failure. */
  getJson(url: URL): Promise<unknown>;
}

const RETRY_STATUS = [500, 502, 503, 504];

/** Creates the client (see the file comment). */
export function createUpstream(options: UpstreamOptions): Upstream {
  const doFetch = options.fetch ?? globalThis.fetch;
  const pace = options.pace ?? ((task) => task());
  const backoffLimit = options.backoffLimitMs ?? 2000;

  /** One attempt: its own time limit, in its turn, the body read before the turn ends. */
  const attempt = (input: Parameters<typeof fetch>[0], init?: RequestInit) =>
    pace(async () => {
      const timeout = AbortSignal.timeout(options.timeoutMs);
      const signal = init?.signal ? AbortSignal.any([init.signal, timeout]) : timeout;
      const response = await doFetch(input, { ...init, signal });
      const body = await response.arrayBuffer();
      return new Response(response.status === 204 ? null : body, {
        status: response.status,
        statusText: response.statusText,
        headers: response.headers,
      });
    });

  const client = ky.create({
    fetch: attempt,
    timeout: false,
    headers: { 'User-Agent': options.userAgent, Accept: 'application/json' },
    retry: {
      limit: options.retries ?? 2,
      methods: ['get'],
      statusCodes: RETRY_STATUS,
      afterStatusCodes: [503],
      maxRetryAfter: backoffLimit,
      backoffLimit,
      delay: (n) => 250 * 2 ** (n - 1),
    },
  });

  return {
    async getJson(url) {
      let response: Response;
      try {
        response = await client.get(url);
      } catch (error) {
        if (error instanceof HTTPError) {
          throw options.fail(
            `${options.name} answered HTTP ${error.response.status}`,
            error.response.status,
            error.data,
          );
        }
        if (isAbort(error)) {
          throw options.fail(`${options.name} unreachable: timed out`, undefined, undefined);
        }
        if (isNetworkError(error)) {
          const cause = error.cause as (Error & { cause?: Error }) | undefined;
          const reason = cause?.cause?.message ?? cause?.message ?? error.message;
          throw options.fail(`${options.name} unreachable: ${reason}`, undefined, undefined);
        }
        throw error;
      }
      try {
        return (await response.json()) as unknown;
      } catch {
        throw options.fail(
          `${options.name} answered something that is not JSON`,
          response.status,
          undefined,
        );
      }
    },
  };
}

function isAbort(error: unknown): error is Error {
  return error instanceof Error && (error.name === 'TimeoutError' || error.name === 'AbortError');
}
