/**
 * The browser's API client: session in localStorage, 403 answers raise the spec's
 * 'Authorization Error' toast, and a failed refresh signs out and goes to /signin
 * (docs/product.md#accounts-and-sessions and #errors-and-messages).
 */
import { apiMessages, authMessages, type MessageDescriptor } from '@solar/domain';
import {
  createApiClient,
  type ApiClient,
  type ExternalChanges,
  type KeyValueStorage,
  type SignedOutEvent,
} from '@solar/api';

/** Why the session ended, in the user's language (docs/product.md#errors-and-messages). */
const SIGNED_OUT_MESSAGES: Record<SignedOutEvent['reason'], MessageDescriptor> = {
  refresh_failed: authMessages.refreshFailed,
  no_refresh_token: authMessages.noRefreshToken,
  account_inactive: apiMessages.accountInactive,
};
import type { ConfigResponse } from '@solar/domain/contract';
import type { NoticeBus } from './events.ts';
import { readServedConfig } from './served-config.ts';

export interface BrowserClientOptions {
  bus: NoticeBus;
  /** Navigates in-app (wouter's navigate). */
  navigate: (to: string) => void;
  fetch?: typeof fetch;
  /** Where the session is kept (default localStorage). */
  storage?: KeyValueStorage;
  /** Writes other tabs make to `storage` (default: `storage` events of localStorage). */
  externalChanges?: ExternalChanges;
  /** The clock, epoch ms (tests). */
  now?: () => number;
  /**
   * The answer of `GET /config` to start from; default the one the server wrote into the
   * page (served-config.ts), if any.
   */
  initialConfig?: ConfigResponse;
}

export function createBrowserClient({
  bus,
  navigate,
  fetch,
  storage,
  externalChanges,
  now,
  initialConfig = readServedConfig(),
}: BrowserClientOptions): ApiClient {
  return createApiClient({
    ...(initialConfig ? { initialConfig } : {}),
    ...(fetch ? { fetch } : {}),
    ...(storage ? { storage } : {}),
    ...(externalChanges ? { externalChanges } : {}),
    ...(now ? { now } : {}),
    // An inactive account's sign-in is a 403 too; the sign-in screen explains that one.
    onAuthorizationError: (error) =>
      error.code !== 'account_inactive' &&
      bus.publish({
        kind: 'error',
        title: apiMessages.authorizationErrorTitle,
        message: apiMessages.notAuthorized,
      }),
    onSignedOut: (event) => {
      bus.publish({ kind: 'error', message: SIGNED_OUT_MESSAGES[event.reason] });
      navigate('/signin');
    },
  });
}
