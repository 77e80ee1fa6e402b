/**
 * The text of a failed auth call (docs/product.md#errors-and-messages: "server message is preferred
 * when present"). Codes the app knows are shown in the interface language (their English text
 * is the server's message anyway); other failures show the server's message, else the
 * screen's fallback (e.g. 'Registration failed. Please try again.').
 */
import {
  apiMessages,
  globalErrorMessages,
  type ApiErrorCode,
  type MessageDescriptor,
} from '@solar/domain';
import { ApiError } from '@solar/api';
import type { IntlShape } from 'react-intl';

/** Codes shown by their translated catalogue message (the error codes of the OpenAPI document). */
const TRANSLATED: Partial<Record<ApiErrorCode, MessageDescriptor>> = {
  account_inactive: apiMessages.accountInactive,
  email_taken: apiMessages.emailTaken,
  rate_limited: apiMessages.rateLimited,
  invalid_token: apiMessages.invalidToken,
};

/**
 * The user-facing text of `failure`: `byCode[code]` when given (e.g. 401 -> 'Login failed.
 * Please check your credentials.'), then the catalogue message of a known code, the
 * connection message when the server could not be reached, the server's message, and
 * finally `fallback`.
 */
export function failureText(
  intl: IntlShape,
  failure: unknown,
  fallback: MessageDescriptor,
  byCode: Partial<Record<string, MessageDescriptor>> = {},
): string {
  if (!(failure instanceof ApiError)) return intl.formatMessage(fallback);
  const own = byCode[failure.code] ?? TRANSLATED[failure.code as ApiErrorCode];
  if (own) return intl.formatMessage(own);
  if (failure.code === 'network') return intl.formatMessage(globalErrorMessages.connection);
  return failure.serverMessage ?? intl.formatMessage(fallback);
}

/** True for a failure worth an extra toast: the server or the connection failed. */
export function isServiceFailure(failure: unknown): boolean {
  return failure instanceof ApiError && (failure.status === 0 || failure.status >= 500);
}
