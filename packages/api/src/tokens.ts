/**
 * Access-token upkeep (spec sections 4 and 8): before an authenticated request the access
 * token's `exp` is checked (with a small skew); an expired token is refreshed once, and
 * concurrent requests share that one refresh (single flight).
 *
 * - no refresh token: signed out, `onSignedOut` with 'No refresh token available', and the
 *   request fails with that message (401, `token_expired`);
 * - refresh refused (any HTTP answer): signed out, `onSignedOut` with 'Token expired and
 *   refresh failed. Please sign in again.' (the web goes to /signin), request fails with it;
 * - network failure during refresh (status 0): the session is KEPT and the request fails
 *   with the network error, so the user can retry once the connection is back.
 */
import type { RefreshResponse } from '@solar/domain/contract';
import { isTokenExpired } from '@solar/domain/jwt';
import { authMessages } from '@solar/domain/messages';
import { ApiError, isNetworkFailure, toApiError } from './errors.ts';
import type { SessionStore } from './session.ts';

/** Why the client signed the user out. */
export interface SignedOutEvent {
  readonly reason: 'refresh_failed' | 'no_refresh_token';
  /** English text of spec section 8 to show on the sign-in screen. */
  readonly message: string;
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
  /** A token expiring within this many ms counts as expired (default 30 s). */
  readonly skewMs?: number;
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
  let inFlight: Promise<string> | null = null;

  function signOut(event: SignedOutEvent): ApiError {
    session.clear();
    options.onSignedOut?.(event);
    return new ApiError(401, 'token_expired', event.message);
  }

  async function runRefresh(): Promise<string> {
    const refreshToken = session.getRefreshToken();
    if (!refreshToken) {
      throw signOut({
        reason: 'no_refresh_token',
        message: authMessages.noRefreshToken.defaultMessage,
      });
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
      if (!token) return null;
      return isTokenExpired(token, now(), skewMs) ? refreshNow() : token;
    },
    refreshNow,
  };
}
