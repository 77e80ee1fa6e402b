/**
 * The message a screen shows when its data could not be loaded
 * (docs/product.md#errors-and-messages): the domain's `loadFailureMessage` applied to whatever the
 * query threw, so an outage reads 'Unable to connect to the server...' everywhere and a failure the
 * server answered keeps the screen's own message.
 */
import { toApiError } from '@solar/api';
import { loadFailureMessage, type MessageDescriptor } from '@solar/domain';

/**
 * `error`: a query's error (null when none); `fallback`: the screen's own message (a
 * domain descriptor or a web catalog id).
 */
export function loadFailure<T extends { readonly id: string }>(
  error: unknown,
  fallback: T,
): T | MessageDescriptor {
  return loadFailureMessage(error == null ? null : toApiError(error), fallback);
}
