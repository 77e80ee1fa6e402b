/**
 * `createApiClient`: the typed client of /api/v1 (the OpenAPI document). One
 * client per app: it owns the session store, refreshes an expired access token once before
 * authenticated requests (shared by concurrent requests), signs out when the refresh fails,
 * raises the 'Authorization Error' event on 403, and exposes one typed resource per part
 * of the contract. Every call rejects with ApiError (errors.ts).
 */
import { API_BASE_PATH, type ConfigResponse } from '@solar/domain/contract';
import type { ApiError } from './errors.ts';
import type { Http } from './http.ts';
import { adminUsersResource, type AdminUsersResource } from './resources/admin-users.ts';
import { auditResource, type AuditResource } from './resources/audit.ts';
import { authResource, type AuthResource } from './resources/auth.ts';
import { chatResource, type ChatResource } from './resources/chat.ts';
import { jobsResource, type JobsResource } from './resources/jobs.ts';
import { profileResource, type ProfileResource } from './resources/profile.ts';
import { projectsResource, type ProjectsResource } from './resources/projects.ts';
import { savedViewsResource, type SavedViewsResource } from './resources/saved-views.ts';
import {
  calculatorResource,
  configResource,
  geoResource,
  type CalculatorResource,
  type ConfigResource,
  type GeoResource,
} from './resources/public.ts';
import {
  createSessionStore,
  defaultStorage,
  storageEvents,
  type ExternalChanges,
  type KeyValueStorage,
  type SessionStore,
} from './session.ts';
import { createTokenManager, type RefreshLocks, type SignedOutEvent } from './tokens.ts';
import { createRun, type Transport } from './transport.ts';

/** Options of {@link createApiClient}; all optional. */
export interface CreateApiClientOptions {
  /** Base URL of the API, default '/api/v1' (same origin). */
  readonly baseUrl?: string;
  /**
   * Where the session lives (the keys of docs/product.md#accounts-and-sessions); default
   * `localStorage`, memory in Node.
   */
  readonly storage?: KeyValueStorage;
  /**
   * Writes other tabs make to `storage`, which the session follows; default the browser's
   * `storage` event when `storage` is `localStorage` (docs/decisions/035).
   */
  readonly externalChanges?: ExternalChanges;
  /** The fetch to use; default the global one (resolved per call, so MSW can patch it). */
  readonly fetch?: typeof fetch;
  /**
   * Called after a failed refresh signed the user out (docs/product.md#accounts-and-sessions).
   * Default: go to /signin when running in a browser. The event's message is the spec's text.
   */
  readonly onSignedOut?: (event: SignedOutEvent) => void;
  /** Called for every 403 answer: show the 'Authorization Error' toast (docs/product.md#errors-and-messages). */
  readonly onAuthorizationError?: (error: ApiError) => void;
  /**
   * The answer of `GET /config` the page was served with (the server writes it into the web
   * app's document): `client.config.initial`, from which `configQuery` starts.
   */
  readonly initialConfig?: ConfigResponse;
  /** The clock, epoch ms (default Date.now). */
  readonly now?: () => number;
  /** Refresh this many ms before the token's `exp` (default 30 000; at most half its lifetime). */
  readonly refreshSkewMs?: number;
  /**
   * The cross-tab lock around a refresh (Web Locks API subset); default `navigator.locks`
   * when present, null for none.
   */
  readonly locks?: RefreshLocks | null;
}

/** The typed client: one resource per part of the contract, plus the session. */
export interface ApiClient {
  /** The session store (user and tokens under the spec's storage keys). */
  readonly session: SessionStore;
  readonly auth: AuthResource;
  readonly profile: ProfileResource;
  readonly adminUsers: AdminUsersResource;
  /** The job queue: mails and CRM (Pipedrive) updates given up, and their retry (admins). */
  readonly jobs: JobsResource;
  /** The audit log and the histories of one project or user (docs/product.md#audit-log). */
  readonly audit: AuditResource;
  readonly chat: ChatResource;
  readonly projects: ProjectsResource;
  /** The caller's saved views of a list (docs/product.md#saved-views). */
  readonly savedViews: SavedViewsResource;
  readonly calculator: CalculatorResource;
  readonly geo: GeoResource;
  readonly config: ConfigResource;
  /** A usable access token (refreshed first when expired), or null when signed out. */
  getAccessToken(): Promise<string | null>;
  /**
   * Calls `listener` with every 403 answer (the account's role may have changed since the
   * session learnt it); returns the unsubscribe function.
   */
  onForbidden(listener: (error: ApiError) => void): () => void;
}

function goToSignIn(): void {
  const location = (globalThis as { location?: { assign(url: string): void } }).location;
  location?.assign('/signin');
}

/** Creates the API client. */
export function createApiClient(options: CreateApiClientOptions = {}): ApiClient {
  const baseUrl = (options.baseUrl ?? API_BASE_PATH).replace(/\/+$/, '');
  const storage = options.storage ?? defaultStorage();
  const session = createSessionStore(storage, options.externalChanges ?? storageEvents(storage));
  // Resolve the global fetch per call (MSW and test doubles replace it after start-up).
  const doFetch: typeof fetch = options.fetch ?? ((input, init) => globalThis.fetch(input, init));
  const onSignedOut = options.onSignedOut ?? goToSignIn;
  const forbidden = new Set<(error: ApiError) => void>();
  const notify = (error: ApiError) => {
    if (error.status === 403) {
      options.onAuthorizationError?.(error);
      for (const listener of [...forbidden]) listener(error);
    }
    // The account was deactivated while signed in: the session is over (issue: a stale
    // session must not stay on screen with "could not be loaded").
    if (error.status === 401 && error.code === 'account_inactive' && session.getSnapshot().user) {
      session.clear();
      onSignedOut({ reason: 'account_inactive', message: error.message });
    }
  };
  const run = createRun(notify);
  const tokens = createTokenManager({
    session,
    refresh: (refreshToken) => auth.refresh(refreshToken),
    onSignedOut,
    ...(options.now ? { now: options.now } : {}),
    ...(options.refreshSkewMs === undefined ? {} : { skewMs: options.refreshSkewMs }),
    ...(options.locks === undefined ? {} : { locks: options.locks }),
  });
  // The ky instances (http.ts) load with the first call, so a page that calls nothing does
  // not download the HTTP client; a failed load (offline) is tried again on the next call.
  let instances: Promise<{ anon: Http; authed: Http }> | undefined;
  const http = () =>
    (instances ??= import('./http.ts').then(
      ({ createHttp }) => ({
        anon: createHttp({ baseUrl, fetch: doFetch }),
        authed: createHttp({
          baseUrl,
          fetch: doFetch,
          getAccessToken: () => tokens.getAccessToken(),
        }),
      }),
      (error: unknown) => {
        instances = undefined;
        throw error;
      },
    ));
  const transport: Transport = {
    authed: (request) => run(http().then((h) => request(h.authed))),
    anon: (request) => run(http().then((h) => request(h.anon))),
    run,
    url: (path) => `${baseUrl}/${path}`,
    getAccessToken: () => tokens.getAccessToken(),
    fetch: doFetch,
    notify,
  };
  const auth = authResource(transport, session);
  return {
    session,
    auth,
    profile: profileResource(transport, session),
    adminUsers: adminUsersResource(transport),
    jobs: jobsResource(transport),
    audit: auditResource(transport),
    chat: chatResource(transport),
    projects: projectsResource(transport),
    savedViews: savedViewsResource(transport),
    calculator: calculatorResource(transport),
    geo: geoResource(transport),
    config: configResource(transport, options.initialConfig),
    getAccessToken: () => tokens.getAccessToken(),
    onForbidden(listener) {
      forbidden.add(listener);
      return () => void forbidden.delete(listener);
    },
  };
}
