/**
 * Access tokens (API-CONTRACT.md, Auth): HS256 JWTs with sub, email, name, picture,
 * role (session key), iat and exp; verified with the algorithm fixed to HS256.
 */
import type { RoleKey } from '@solar/domain';
import { SignJWT, jwtVerify } from 'jose';

export interface AccessClaims {
  sub: string;
  email: string;
  name: string;
  picture: string | null;
  role: RoleKey;
}

export interface TokenService {
  /** Signs an access token; `expiresAt` is its expiry as an ISO 8601 string. */
  sign(claims: AccessClaims): Promise<{ token: string; expiresAt: string }>;
  /** Verifies signature, algorithm and expiry; throws on any failure. */
  verify(token: string): Promise<AccessClaims & { exp: number; iat: number }>;
}

/** Creates the token service from a secret (>= 32 bytes) and a lifetime in seconds. */
export function createTokenService(
  secret: string,
  ttlSeconds: number,
  now: () => number = Date.now,
): TokenService {
  const key = new TextEncoder().encode(secret);
  return {
    async sign(claims) {
      const iat = Math.floor(now() / 1000);
      const exp = iat + ttlSeconds;
      const token = await new SignJWT({
        email: claims.email,
        name: claims.name,
        picture: claims.picture,
        role: claims.role,
      })
        .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
        .setSubject(claims.sub)
        .setIssuedAt(iat)
        .setExpirationTime(exp)
        .sign(key);
      return { token, expiresAt: new Date(exp * 1000).toISOString() };
    },
    async verify(token) {
      const { payload } = await jwtVerify(token, key, {
        algorithms: ['HS256'],
        currentDate: new Date(now()),
      });
      return payload as unknown as AccessClaims & { exp: number; iat: number };
    },
  };
}
