/**
 * The one error type of the client (docs/product.md#errors-and-messages; the OpenAPI document):
 * every failed call becomes an {@link ApiError} carrying the HTTP status, the contract's stable
 * `code` and a message built by the domain's error vocabulary (`describeApiFailure`):
 * the server's `message`, else 'HTTP {status}: {statusText}'; a 403 reads 'You are not
 * authorized to do that' and is titled 'Authorization Error'.
 */
import { describeApiFailure } from '@solar/domain/errors';
import type { ApiErrorCode } from '@solar/domain/contract';
import type { MessageDescriptor } from '@solar/domain/messages';

/**
 * A failure code: the contract's codes, plus `network` (the server could not be reached,
 * status 0), `not_streaming` (the chat answer was not an event stream) and
 * `stream_unavailable` (the chat answer had no body).
 */
export type ApiClientErrorCode = ApiErrorCode | 'network' | 'not_streaming' | 'stream_unavailable';

/** A failed API call. `status` 0 means the server could not be reached. */
export class ApiError extends Error {
  override name = 'ApiError';
  readonly status: number;
  readonly code: ApiClientErrorCode;
  /** English text per field, from a 400 `errors` body. */
  readonly fieldErrors: Readonly<Record<string, string>> | undefined;
  /** 'Authorization Error' for a 403 (docs/product.md#errors-and-messages), else null. */
  readonly title: MessageDescriptor | null;
  /** The server's own `message`, when the body had one (a 403's is replaced in `message`). */
  readonly serverMessage: string | null;
  /** Seconds to wait before trying again, from a 429's or 503's `Retry-After`; else null. */
  readonly retryAfterSeconds: number | null;

  constructor(
    status: number,
    code: ApiClientErrorCode,
    message: string,
    extra: {
      fieldErrors?: Readonly<Record<string, string>>;
      title?: MessageDescriptor | null;
      serverMessage?: string | null;
      retryAfterSeconds?: number | null;
      cause?: unknown;
    } = {},
  ) {
    super(message, extra.cause === undefined ? undefined : { cause: extra.cause });
    this.status = status;
    this.code = code;
    this.fieldErrors = extra.fieldErrors;
    this.title = extra.title ?? null;
    this.serverMessage = extra.serverMessage ?? null;
    this.retryAfterSeconds = extra.retryAfterSeconds ?? null;
  }
}

const serverMessageOf = (body: unknown): string | null =>
  typeof body === 'object' &&
  body !== null &&
  'message' in body &&
  typeof body.message === 'string' &&
  body.message.trim()
    ? body.message
    : null;

/**
 * Seconds from a `Retry-After` header (RFC 9110 section 10.2.3: delay-seconds or an HTTP
 * date), at least 1; null when absent or unreadable.
 */
export function retryAfterSeconds(
  header: string | null | undefined,
  now: number = Date.now(),
): number | null {
  if (!header) return null;
  const trimmed = header.trim();
  const seconds = /^\d+$/.test(trimmed) ? Number(trimmed) : (Date.parse(trimmed) - now) / 1000;
  return Number.isFinite(seconds) ? Math.max(1, Math.ceil(seconds)) : null;
}

/** The ApiError of a non-OK response whose JSON body (if any) was already read. */
export function apiErrorFromFailure(
  status: number,
  statusText: string,
  body: unknown,
  headers?: Headers,
): ApiError {
  const failure = describeApiFailure({ status, statusText, body });
  return new ApiError(failure.status, failure.code, failure.message, {
    ...(failure.errors ? { fieldErrors: failure.errors } : {}),
    title: failure.title,
    serverMessage: serverMessageOf(body),
    retryAfterSeconds: retryAfterSeconds(headers?.get('retry-after') ?? null),
  });
}

/** Reads a non-OK fetch Response (JSON body or not) into an ApiError. */
export async function apiErrorFromResponse(response: Response): Promise<ApiError> {
  let body: unknown;
  try {
    const text = await response.text();
    body = text ? JSON.parse(text) : undefined;
  } catch {
    body = undefined;
  }
  return apiErrorFromFailure(response.status, response.statusText, body, response.headers);
}

/**
 * Turns anything a call threw into an ApiError. ky's own failures are already ApiErrors (the
 * `beforeError` hook of http.ts maps them); a fetch that could not reach the server (a
 * TypeError, as fetch throws, also when a lazily loaded module cannot be fetched) is status
 * 0, code `network`, with the original message so the global handler maps it to 'Unable to
 * connect...'; any other value is `internal`.
 */
export function toApiError(error: unknown): ApiError {
  if (error instanceof ApiError) return error;
  if (error instanceof TypeError) {
    return new ApiError(0, 'network', error.message || 'Failed to fetch', { cause: error });
  }
  const message = error instanceof Error ? error.message : String(error);
  return new ApiError(0, 'internal', message, { cause: error });
}

/** True for a failure that never reached the server (connection refused, offline, timeout). */
export function isNetworkFailure(error: unknown): boolean {
  return toApiError(error).code === 'network';
}

/**
 * True for the rejection of an aborted request (AbortController, e.g. the user's stop, or
 * the caller's `AbortSignal.timeout`). ky's own timeout is not one: http.ts maps it into an
 * ApiError before it leaves ky.
 */
export function isAbortError(error: unknown): boolean {
  return (
    typeof error === 'object' &&
    error !== null &&
    'name' in error &&
    (error.name === 'AbortError' || error.name === 'TimeoutError') &&
    !(error instanceof ApiError)
  );
}
