/**
 * The browser's API client: session in localStorage, 403 answers raise the spec's
 * 'Authorization Error' toast, and a failed refresh signs out and goes to /signin
 * (spec sections 4 and 8).
 */
import { apiMessages } from '@solar/domain';
import { createApiClient, type ApiClient } from '@solar/api';
import type { NoticeBus } from './events.ts';

export interface BrowserClientOptions {
  bus: NoticeBus;
  /** Navigates in-app (wouter's navigate). */
  navigate: (to: string) => void;
  fetch?: typeof fetch;
  storage?: Storage;
}

export function createBrowserClient({
  bus,
  navigate,
  fetch,
  storage,
}: BrowserClientOptions): ApiClient {
  return createApiClient({
    ...(fetch ? { fetch } : {}),
    ...(storage ? { storage } : {}),
    // An inactive account's sign-in is a 403 too; the sign-in screen explains that one.
    onAuthorizationError: (error) =>
      error.code !== 'account_inactive' &&
      bus.publish({
        kind: 'error',
        title: apiMessages.authorizationErrorTitle,
        message: apiMessages.notAuthorized,
      }),
    onSignedOut: (event) => {
      bus.publish({ kind: 'error', message: event.message });
      navigate('/signin');
    },
  });
}
