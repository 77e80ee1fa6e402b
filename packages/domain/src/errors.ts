/**
 * The error vocabulary (docs/product.md#errors-and-messages; the OpenAPI document): error codes and
 * their statuses and messages, the API failure rules, validation error bodies, the global
 * error handler's mapping and toasts, and geolocation errors.
 */
import { API_ERROR_CODES, type ApiErrorBody, type ApiErrorCode } from './contract.ts';
import { formatMessage, messageText } from './message-text.ts';
import {
  apiMessages as api,
  authMessages,
  geolocationMessages,
  pipelineMessages,
  globalErrorMessages as g,
  validationMessages,
  type MessageDescriptor,
} from './messages.ts';

/** True when `value` is one of the contract's error codes (the OpenAPI document). */
export function isApiErrorCode(value: unknown): value is ApiErrorCode {
  return (API_ERROR_CODES as readonly unknown[]).includes(value);
}

/** The HTTP status each error code is sent with (the OpenAPI document). */
export const ERROR_CODE_STATUS: Readonly<Record<ApiErrorCode, number>> = {
  validation_failed: 400,
  invalid_token: 400,
  invalid_credentials: 401,
  unauthenticated: 401,
  token_expired: 401,
  account_inactive: 403,
  forbidden: 403,
  not_found: 404,
  email_taken: 409,
  last_admin: 409,
  own_account: 409,
  already_confirmed: 409,
  conflict: 409,
  invalid_transition: 409,
  too_many_photos: 409,
  no_configuration: 409,
  email_unverified: 401,
  payload_too_large: 413,
  unsupported_media_type: 415,
  rate_limited: 429,
  internal: 500,
  bad_gateway: 502,
  service_unavailable: 503,
};

/** The user-facing message of each error code (the web may show it by code). */
export const ERROR_CODE_MESSAGES: Readonly<Record<ApiErrorCode, MessageDescriptor>> = {
  validation_failed: api.validationFailed,
  invalid_token: api.invalidToken,
  invalid_credentials: authMessages.loginFailed,
  unauthenticated: authMessages.signInRequired,
  token_expired: g.sessionExpired,
  account_inactive: api.accountInactive,
  forbidden: api.notAuthorized,
  not_found: g.notFound,
  email_taken: api.emailTaken,
  last_admin: api.lastAdmin,
  own_account: api.ownAccount,
  already_confirmed: api.alreadyConfirmed,
  conflict: api.conflict,
  invalid_transition: pipelineMessages.invalidTransition,
  too_many_photos: pipelineMessages.tooManyPhotos,
  no_configuration: pipelineMessages.noConfiguration,
  email_unverified: authMessages.externalEmailUnverified,
  payload_too_large: api.payloadTooLarge,
  unsupported_media_type: api.unsupportedMediaType,
  rate_limited: api.rateLimited,
  internal: g.serverError,
  bad_gateway: api.badGateway,
  service_unavailable: api.serviceUnavailable,
};

/** The generic code of an HTTP status: the code sent with it, else `internal` (the OpenAPI document). */
export function errorCodeForStatus(status: number): ApiErrorCode {
  const generic: Readonly<Record<number, ApiErrorCode>> = {
    400: 'validation_failed',
    401: 'unauthenticated',
    403: 'forbidden',
    404: 'not_found',
    409: 'conflict',
    413: 'payload_too_large',
    415: 'unsupported_media_type',
    429: 'rate_limited',
    502: 'bad_gateway',
    503: 'service_unavailable',
  };
  return generic[status] ?? 'internal';
}

/** An error body for `code`; `message` defaults to the code's English message (the OpenAPI document). */
export function errorBody(
  code: ApiErrorCode,
  message: string = ERROR_CODE_MESSAGES[code].defaultMessage,
  errors?: Readonly<Record<string, string>>,
): ApiErrorBody {
  return errors ? { message, code, errors } : { message, code };
}

/** The part of a zod issue these helpers read (structural, so any zod 4 issue fits). */
export interface IssueLike {
  readonly path: readonly PropertyKey[];
  readonly message: string;
  readonly keys?: readonly string[];
}

/**
 * The first message id per field of a validation failure: the key is the dotted path
 * (`context.locale`), an unknown property's own name, or `body` for the whole input.
 * docs/product.md#limits; the OpenAPI document.
 */
export function fieldErrors(issues: readonly IssueLike[]): Record<string, string> {
  const errors: Record<string, string> = {};
  for (const issue of issues) {
    const fields = issue.keys?.length ? issue.keys : [issue.path.map(String).join('.') || 'body'];
    for (const field of fields) errors[field] ??= issue.message;
  }
  return errors;
}

/**
 * The 400 body of a validation failure (the OpenAPI document): code `validation_failed`,
 * `message` the English text of the first issue, `errors` the English text per field.
 */
export function validationErrorBody(issues: readonly IssueLike[]): ApiErrorBody {
  const ids = fieldErrors(issues);
  const errors = Object.fromEntries(Object.entries(ids).map(([f, id]) => [f, messageText(id)]));
  const first = issues[0]?.message ?? validationMessages.invalidValue.id;
  return errorBody('validation_failed', messageText(first), errors);
}

/** A non-OK response as the client received it. */
export interface ApiFailureInput {
  readonly status: number;
  readonly statusText?: string;
  /** The parsed JSON body, if any. */
  readonly body?: unknown;
}

/** A non-OK response described for the user (docs/product.md#errors-and-messages). */
export interface ApiFailure {
  readonly status: number;
  readonly code: ApiErrorCode;
  /** English text: the 403 message, else the server's message, else `HTTP {status}: {text}`. */
  readonly message: string;
  /** 'Authorization Error' for 403 (shown as a toast), else null. */
  readonly title: MessageDescriptor | null;
  /** English text per field, when the server sent them. */
  readonly errors?: Readonly<Record<string, string>>;
}

/**
 * The API failure rules (docs/product.md#errors-and-messages): 403 is the toast 'Authorization
 * Error' / 'You are not authorized to do that'; any other status takes the body's `message`, else
 * 'HTTP {status}: {statusText}'. The code is the body's when valid, else the status's.
 */
export function describeApiFailure(input: ApiFailureInput): ApiFailure {
  const body = (typeof input.body === 'object' && input.body !== null ? input.body : {}) as Partial<
    Record<'message' | 'code' | 'errors', unknown>
  >;
  const code = isApiErrorCode(body.code) ? body.code : errorCodeForStatus(input.status);
  const errors =
    typeof body.errors === 'object' && body.errors !== null
      ? (body.errors as Record<string, string>)
      : undefined;
  const serverMessage =
    typeof body.message === 'string' && body.message.trim() ? body.message : null;
  const message =
    input.status === 403
      ? api.notAuthorized.defaultMessage
      : (serverMessage ??
        formatMessage(api.httpStatus, {
          status: input.status,
          statusText: input.statusText ?? '',
        }));
  const title = input.status === 403 ? api.authorizationErrorTitle : null;
  return errors
    ? { status: input.status, code, message, title, errors }
    : { status: input.status, code, message, title };
}

/** Durations (ms) and message length of the global error handler (docs/product.md#errors-and-messages). */
export const GLOBAL_ERROR = {
  errorDurationMs: 8000,
  warningDurationMs: 5000,
  maxMessageLength: 150,
} as const;

/**
 * Shortens `text` to at most `max` characters (docs/product.md#errors-and-messages: 150): longer
 * texts keep their first `max - 3` characters plus '...'. Counts code points, never splitting one.
 */
export function truncate(text: string, max: number = GLOBAL_ERROR.maxMessageLength): string {
  const chars = Array.from(text);
  return chars.length <= max ? text : `${chars.slice(0, Math.max(0, max - 3)).join('')}...`;
}

/**
 * The text of anything thrown or rejected: an Error's or object's `message`, or a string
 * (docs/product.md#errors-and-messages).
 */
export function errorText(error: unknown): string {
  if (typeof error === 'string') return error;
  if (typeof error === 'object' && error !== null && 'message' in error) {
    return typeof error.message === 'string' ? error.message : '';
  }
  return '';
}

const errorName = (error: unknown): string =>
  typeof error === 'object' && error !== null && 'name' in error && typeof error.name === 'string'
    ? error.name
    : '';

/** The global handler's mapping rules, checked in order on `name message`, case-insensitive. */
const GLOBAL_RULES: readonly (readonly [RegExp, MessageDescriptor])[] = [
  [/chunk ?load ?error|loading (css )?chunk|dynamically imported module/i, g.chunkLoad],
  [/network request failed/i, g.networkFailed],
  [/network|failed to fetch/i, g.connection],
  [/load failed/i, g.loadFailed],
  [/script error/i, g.scriptError],
  [/\b401\b|unauthorized/i, g.sessionExpired],
  [/\b403\b|forbidden/i, g.forbidden],
  [/\b404\b|not found/i, g.notFound],
  [/\b500\b/i, g.serverError],
];

/**
 * The global handler's message for an error (docs/product.md#errors-and-messages): the first
 * matching rule's message (chunk load errors are checked before "failed to fetch", and "network
 * request failed" before "network"); otherwise the error's own text truncated to 150 characters;
 * else 'An unexpected error occurred. Please try again.'.
 */
export function globalErrorMessage(error: unknown): MessageDescriptor | string {
  const text = errorText(error).trim();
  const haystack = `${errorName(error)} ${text}`;
  const rule = GLOBAL_RULES.find(([pattern]) => pattern.test(haystack));
  if (rule) return rule[1];
  return text ? truncate(text) : g.fallback;
}

/** A toast of the global error handler. */
export interface GlobalErrorToast {
  readonly severity: 'error' | 'warning';
  /** 'Unexpected Error' or 'Warning'. */
  readonly title: MessageDescriptor;
  /** A catalogue message, or the error's own text (at most 150 characters). */
  readonly message: MessageDescriptor | string;
  /** 8000 ms for errors, 5000 ms for warnings. */
  readonly durationMs: number;
}

/** The toast for an unexpected error (docs/product.md#errors-and-messages): 'Unexpected Error' for 8 s, or 'Warning' for 5 s. */
export function globalErrorToast(
  error: unknown,
  severity: 'error' | 'warning' = 'error',
): GlobalErrorToast {
  return {
    severity,
    title: severity === 'error' ? g.unexpectedErrorTitle : g.warningTitle,
    message: globalErrorMessage(error),
    durationMs:
      severity === 'error' ? GLOBAL_ERROR.errorDurationMs : GLOBAL_ERROR.warningDurationMs,
  };
}

/** The warning for a failed image, script or link load (docs/product.md#errors-and-messages). */
export function resourceLoadWarning(): GlobalErrorToast {
  return globalErrorToast({ message: 'Load failed' }, 'warning');
}

/**
 * The message of a geolocation failure (docs/product.md#errors-and-messages): `unsupported` when
 * the browser has no geolocation, else the GeolocationPositionError code (1 permission denied,
 * 2 position unavailable, 3 timeout; anything else counts as unavailable).
 */
export function geolocationErrorMessage(code: number | 'unsupported'): MessageDescriptor {
  if (code === 'unsupported') return geolocationMessages.notSupported;
  if (code === 1) return geolocationMessages.permissionDenied;
  return code === 3 ? geolocationMessages.timeout : geolocationMessages.positionUnavailable;
}

/**
 * The message for data that could not be loaded (the mapping of docs/product.md#errors-and-messages
 * applied to a screen's own load failure): a failure that never reached the server (status 0, or
 * the client's `network` code) reads 'Unable to connect to the server. Please check your
 * internet connection.'; a failure the server answered keeps the screen's own message
 * (`fallback`, e.g. 'Failed to load users'), which says what could not be loaded.
 */
export function loadFailureMessage<T extends { readonly id: string }>(
  failure: { readonly status: number; readonly code?: string } | null | undefined,
  fallback: T,
): T | MessageDescriptor {
  if (!failure) return fallback;
  return failure.status === 0 || failure.code === 'network' ? g.connection : fallback;
}
