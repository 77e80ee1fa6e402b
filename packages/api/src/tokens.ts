/**
 * Access-token upkeep (docs/product.md#accounts-and-sessions and #errors-and-messages): before an
 * authenticated request the access token's `exp` is checked (with a small skew, at most half the
 * token's lifetime); an expired token is refreshed once, and concurrent requests share that one
 * refresh (single flight). Across tabs the refresh runs under a Web Lock (`navigator.locks`):
 * inside it the stored tokens are read again, and when another tab has already replaced the refresh
 * token its stored pair is used instead of sending the old refresh token
 * (docs/decisions/024-refresh-grace-and-cross-tab-refresh.md). A stored token that differs
 * from the session snapshot (another tab refreshed or signed out) is first taken into the
 * snapshot, so what the screens read matches what is sent
 * (docs/decisions/035-one-session-across-tabs.md).
 *
 * - no refresh token: signed out, `onSignedOut` with 'No refresh token available', and the
 *   request fails with that message (401, `token_expired`);
 * - refresh refused (any HTTP answer): signed out, `onSignedOut` with 'Token expired and
 *   refresh failed. Please sign in again.' (the web goes to /signin), request fails with it;
 * - network failure during refresh (status 0): the session is KEPT and the request fails
 *   with the network error, so the user can retry once the connection is back.
 */
import type { RefreshResponse } from '@solar/domain/contract';
import { decodeJwtPayload, isExpired } from '@solar/domain/jwt';
import { authMessages } from '@solar/domain/messages';
import { ApiError, isNetworkFailure, toApiError } from './errors.ts';
import type { SessionStore } from './session.ts';

/** Why the client signed the user out. */
export interface SignedOutEvent {
  /** `account_inactive`: the server refused the signed-in user's token (401) because the
   * account was deactivated meanwhile (raised by the client, not the token manager). */
  readonly reason: 'refresh_failed' | 'no_refresh_token' | 'account_inactive';
  /** English text of docs/product.md#errors-and-messages to show on the sign-in screen. */
  readonly message: string;
}

/**
 * The part of the Web Locks API (`LockManager`) the refresh uses: an exclusive lock by
 * name, held while `callback` runs; resolves to its result.
 */
export interface RefreshLocks {
  request<T>(name: string, callback: () => Promise<T>): Promise<T>;
}

/** The lock every tab of the origin takes around a refresh. */
export const REFRESH_LOCK_NAME = 'solar:auth-refresh';

/** `navigator.locks` where the platform has it (browsers, Node 24), else undefined. */
export function defaultRefreshLocks(): RefreshLocks | undefined {
  const locks = (globalThis as { navigator?: { locks?: LockManager } }).navigator?.locks;
  if (!locks || typeof locks.request !== 'function') return undefined;
  return { request: (name, callback) => locks.request(name, callback) };
}

/** Options of {@link createTokenManager}. */
export interface TokenManagerOptions {
  readonly session: SessionStore;
  /** `POST /auth/refresh` without a bearer; throws ApiError on failure. */
  readonly refresh: (refreshToken: string) => Promise<RefreshResponse>;
  /** Called after the client signed the user out (redirect to /signin here). */
  readonly onSignedOut?: (event: SignedOutEvent) => void;
  /** The clock, epoch ms. */
  readonly now?: () => number;
  /**
   * A token expiring within this many ms counts as expired (default 30 s), capped at half
   * the token's lifetime (`exp - iat`), so that a fresh short-lived token is used.
   */
  readonly skewMs?: number;
  /**
   * Cross-tab lock around the refresh; default `navigator.locks` when present. Null turns
   * it off (single flight within this client only).
   */
  readonly locks?: RefreshLocks | null;
}

/** Hands out a usable access token. */
export interface TokenManager {
  /**
   * The access token to send: the stored one while fresh, else the result of one shared
   * refresh; null when signed out. Throws ApiError as described in the module comment.
   */
  getAccessToken(): Promise<string | null>;
  /** Refreshes now (single flight), e.g. after a 401 on a token thought fresh. */
  refreshNow(): Promise<string>;
}

/** The default skew: refresh 30 s before the token really expires. */
export const TOKEN_SKEW_MS = 30_000;

/** Creates the token manager of one client. */
export function createTokenManager(options: TokenManagerOptions): TokenManager {
  const { session } = options;
  const now = options.now ?? (() => Date.now());
  const skewMs = options.skewMs ?? TOKEN_SKEW_MS;
  const locks = options.locks === undefined ? defaultRefreshLocks() : options.locks;
  let inFlight: Promise<string> | null = null;

  /** True when `token` needs a refresh at this moment. */
  function expired(token: string): boolean {
    const payload = decodeJwtPayload(token);
    const exp = typeof payload?.exp === 'number' ? payload.exp : null;
    const iat = typeof payload?.iat === 'number' ? payload.iat : null;
    const lifetimeMs = exp !== null && iat !== null ? (exp - iat) * 1000 : Infinity;
    return isExpired(exp, now(), Math.min(skewMs, lifetimeMs / 2));
  }

  function signOut(event: SignedOutEvent): ApiError {
    session.clear();
    options.onSignedOut?.(event);
    return new ApiError(401, 'token_expired', event.message);
  }

  /** The refresh itself; `seen` is the refresh token stored when it was asked for. */
  async function refreshWith(seen: string | null): Promise<string> {
    const refreshToken = session.getRefreshToken();
    if (!refreshToken) {
      throw signOut({
        reason: 'no_refresh_token',
        message: authMessages.noRefreshToken.defaultMessage,
      });
    }
    // Another tab refreshed while this one waited for the lock: use its pair.
    const stored = session.getAccessToken();
    if (refreshToken !== seen && stored && !expired(stored)) {
      session.reload();
      return stored;
    }
    try {
      const tokens = await options.refresh(refreshToken);
      session.setTokens(tokens);
      return tokens.token;
    } catch (error) {
      if (isNetworkFailure(error)) throw toApiError(error);
      throw signOut({
        reason: 'refresh_failed',
        message: authMessages.refreshFailed.defaultMessage,
      });
    }
  }

  function runRefresh(): Promise<string> {
    const seen = session.getRefreshToken();
    return locks ? locks.request(REFRESH_LOCK_NAME, () => refreshWith(seen)) : refreshWith(seen);
  }

  function refreshNow(): Promise<string> {
    inFlight ??= runRefresh().finally(() => {
      inFlight = null;
    });
    return inFlight;
  }

  return {
    async getAccessToken() {
      if (inFlight) return inFlight;
      const token = session.getAccessToken();
      // Another tab refreshed, signed in or out: bring this tab's snapshot (what its screens
      // and route guard read) up to date with the storage before answering. Without this a
      // guard waiting for a fresh token in the snapshot would wait forever, since the fresh
      // token in the storage needs no request.
      if (token !== session.getSnapshot().accessToken) session.reload();
      if (!token) return null;
      return expired(token) ? refreshNow() : token;
    },
    refreshNow,
  };
}
