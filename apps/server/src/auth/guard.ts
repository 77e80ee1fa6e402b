/**
 * Bearer authentication for /api/v1 (API-CONTRACT.md, Conventions). `authenticate` is a
 * preHandler: it verifies the access token (HS256 only) and loads the account through the
 * account cache, so a deactivated user or a changed role takes effect on the next request
 * (writes in this process clear the cached row; others show within ACCOUNT_CACHE_TTL_MS).
 * Failures: 401 `unauthenticated` (missing, malformed, bad signature), 401 `token_expired`,
 * 401 `account_inactive` (deactivated or deleted account).
 */
import { apiMessages, can, userTypeToRole, type PermissionFlag, type RoleKey } from '@solar/domain';
import { errors as joseErrors } from 'jose';
import type { FastifyRequest, preHandlerAsyncHookHandler } from 'fastify';
import { HttpError } from '../http-errors.ts';
import { isUuid, type UserRow } from '../users/repository.ts';
import type { AccountCache } from './account-cache.ts';
import type { TokenService } from './tokens.ts';

/** Who is calling: set on the request by `authenticate`. */
export interface AuthContext {
  userId: string;
  role: RoleKey;
  email: string;
  name: string;
  authMethod: 'email' | 'google';
  /** Access token expiry, epoch seconds. */
  exp: number;
  /** The account row the guard checked (from the account cache: for reads, not writes). */
  account: UserRow;
}

declare module 'fastify' {
  interface FastifyRequest {
    auth?: AuthContext;
  }
}

/** The bearer preHandler over the account cache and token service; see the module comment. */
export function createAuthenticate(
  accounts: AccountCache,
  tokens: TokenService,
): preHandlerAsyncHookHandler {
  return async (request) => {
    const header = request.headers.authorization;
    const match =
      typeof header === 'string' ? /^Bearer ([\w-]+\.[\w-]+\.[\w-]*)$/.exec(header) : null;
    if (!match)
      throw new HttpError(401, 'unauthenticated', 'Authentication required. Please sign in.');
    let claims: Awaited<ReturnType<TokenService['verify']>>;
    try {
      claims = await tokens.verify(match[1]!);
    } catch (error) {
      if (error instanceof joseErrors.JWTExpired) {
        throw new HttpError(
          401,
          'token_expired',
          'Your session has expired. Please sign in again.',
        );
      }
      throw new HttpError(401, 'unauthenticated', 'Authentication required. Please sign in.');
    }
    const user = isUuid(claims.sub) ? await accounts.get(claims.sub) : undefined;
    const role = user ? userTypeToRole(user.userType) : undefined;
    if (!user || !user.isActive || !role) {
      throw new HttpError(401, 'account_inactive', apiMessages.accountInactive.defaultMessage);
    }
    request.auth = {
      userId: user.id,
      role,
      email: user.email,
      name: user.name,
      authMethod: user.authMethod,
      exp: claims.exp,
      account: user,
    };
  };
}

/** The caller, or a 401 when a route forgot `authenticate` (a programming error). */
export function requireAuth(request: FastifyRequest): AuthContext {
  if (!request.auth)
    throw new HttpError(401, 'unauthenticated', 'Authentication required. Please sign in.');
  return request.auth;
}

/**
 * A preHandler that answers 403 `forbidden` unless the caller's role has `flag`
 * (spec section 6, via the domain's permission matrix). Use after `authenticate`.
 */
export function requirePermission(flag: PermissionFlag): preHandlerAsyncHookHandler {
  return async (request) => {
    const auth = requireAuth(request);
    if (!can({ role: auth.role, expiresAt: auth.exp }, flag, Date.now())) {
      throw new HttpError(403, 'forbidden', apiMessages.notAuthorized.defaultMessage);
    }
  };
}
