/**
 * Bearer authentication for /api/v1 (the OpenAPI document's `bearer` scheme). `authenticate` runs as a
 * preValidation hook, before the request's schema is checked (an anonymous caller gets
 * 401, never field names of a 400): it verifies the access token (HS256 only) and loads the account
 * through the account cache, so a deactivated user or a changed role takes effect on the next
 * request (writes in this process clear the cached row; others show within ACCOUNT_CACHE_TTL_MS).
 * Failures: 401 `unauthenticated` (missing, malformed, bad signature), 401 `token_expired`,
 * 401 `account_inactive` (deactivated or deleted account).
 */
import { apiMessages, can, userTypeToRole, type PermissionFlag, type RoleKey } from '@solar/domain';
import { errors as joseErrors } from 'jose';
import type { FastifyRequest, preHandlerAsyncHookHandler, preHandlerHookHandler } from 'fastify';
import { HttpError } from '../http-errors.ts';
import { isUuid, type UserRow } from '../users/repository.ts';
import type { AccountCache } from './account-cache.ts';
import type { TokenService, VerifiedClaims } from './tokens.ts';

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

const unauthenticated = () =>
  new HttpError(401, 'unauthenticated', 'Authentication required. Please sign in.');

/**
 * `Authorization: Bearer <jwt>`: the scheme is case-insensitive and followed by one or more
 * spaces (RFC 9110 section 11.4, `credentials = auth-scheme [ 1*SP token68 ]`; RFC 6750
 * section 2.1), the token three base64url parts.
 */
const BEARER = /^bearer +([\w-]+\.[\w-]+\.[\w-]*)$/i;

/** The access token of an `Authorization: Bearer <jwt>` header, or undefined. */
export function bearerTokenOf(header: string | undefined): string | undefined {
  return typeof header === 'string' ? BEARER.exec(header)?.[1] : undefined;
}

/** The access token of the request's bearer header; 401 `unauthenticated` otherwise. */
function bearerToken(request: FastifyRequest): string {
  const token = bearerTokenOf(request.headers.authorization);
  if (token === undefined) throw unauthenticated();
  return token;
}

/** Sets `request.auth` for an active account; 401 `account_inactive` otherwise. */
function admit(request: FastifyRequest, claims: VerifiedClaims, user: UserRow | undefined) {
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
}

/**
 * The bearer preHandler over the account cache and token service; see the module comment.
 * A token verified before and an account read within the cache's lifetime are checked
 * without waiting (most requests of a signed-in user: docs/benchmarks.md, `/auth/me` throughput);
 * otherwise the token is verified and the account read first.
 */
export function createAuthenticate(
  accounts: AccountCache,
  tokens: TokenService,
): preHandlerHookHandler {
  async function slowly(request: FastifyRequest, token: string) {
    let claims: VerifiedClaims;
    try {
      claims = await tokens.verify(token);
    } catch (error) {
      if (error instanceof joseErrors.JWTExpired) {
        throw new HttpError(
          401,
          'token_expired',
          'Your session has expired. Please sign in again.',
        );
      }
      throw unauthenticated();
    }
    admit(request, claims, isUuid(claims.sub) ? await accounts.get(claims.sub) : undefined);
  }

  return (request, _reply, done) => {
    let token: string;
    try {
      // A token verified before passed the format check then: look it up first.
      const presented = bearerTokenOf(request.headers.authorization);
      const claims = presented === undefined ? undefined : tokens.verified(presented);
      const cached = claims && isUuid(claims.sub) ? accounts.peek(claims.sub) : undefined;
      if (claims && cached) {
        admit(request, claims, cached.row);
        done();
        return;
      }
      token = bearerToken(request);
    } catch (error) {
      done(error as Error);
      return;
    }
    slowly(request, token).then(() => done(), done);
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
 * (docs/product.md#roles-and-permissions, via the domain's permission matrix). Use after
 * `authenticate`.
 */
export function requirePermission(flag: PermissionFlag): preHandlerAsyncHookHandler {
  return async (request) => {
    const auth = requireAuth(request);
    if (!can({ role: auth.role, expiresAt: auth.exp }, flag, Date.now())) {
      throw new HttpError(403, 'forbidden', apiMessages.notAuthorized.defaultMessage);
    }
  };
}
