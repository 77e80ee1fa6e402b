/**
 * Access tokens (the OpenAPI document): HS256 JWTs with sub, email, name, picture,
 * role (session key), iat and exp; verified with the algorithm fixed to HS256.
 *
 * A client sends the same access token with every request until it expires, so a token
 * that verified once is remembered (by its exact text, up to VERIFIED_TOKENS_MAX of them)
 * until its `exp`: the signature check (about 0.1 ms of WebCrypto) runs once per token,
 * not once per request (docs/benchmarks.md, `/auth/me` throughput).
 */
import type { RoleKey } from '@solar/domain';
import { SignJWT, jwtVerify } from 'jose';

/** Most verified tokens remembered; the oldest is dropped first. */
export const VERIFIED_TOKENS_MAX = 10_000;

/** The claims of an accepted access token: ours plus exp and iat (epoch seconds). */
export type VerifiedClaims = AccessClaims & { exp: number; iat: number };

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
  /** Verifies signature, algorithm, expiry and that exp, iat and sub are present; throws on any failure. */
  verify(token: string): Promise<VerifiedClaims>;
  /**
   * The claims of a token `verify` already accepted and that has not expired since, without
   * waiting (the guard's fast path); undefined otherwise: then call `verify`.
   */
  verified(token: string): VerifiedClaims | undefined;
}

/** Creates the token service from a secret (>= 32 bytes) and a lifetime in seconds. */
export function createTokenService(
  secret: string,
  ttlSeconds: number,
  now: () => number = Date.now,
): TokenService {
  // Imported once: jose would otherwise import the raw secret on every call.
  const key = crypto.subtle.importKey(
    'raw',
    new TextEncoder().encode(secret),
    { name: 'HMAC', hash: 'SHA-256' },
    false,
    ['sign', 'verify'],
  );
  const verified = new Map<string, VerifiedClaims>();
  const fresh = (token: string) => {
    const known = verified.get(token);
    // jose's rule: a token is expired from the second its exp names.
    return known && known.exp > Math.floor(now() / 1000) ? known : undefined;
  };
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
        .sign(await key);
      return { token, expiresAt: new Date(exp * 1000).toISOString() };
    },
    verified: fresh,
    async verify(token) {
      const known = fresh(token);
      if (known) return known;
      verified.delete(token);
      const { payload } = await jwtVerify(token, await key, {
        algorithms: ['HS256'],
        // A token without exp would never expire: every claim we sign is required.
        requiredClaims: ['exp', 'iat', 'sub'],
        currentDate: new Date(now()),
      });
      const claims = Object.freeze(payload as unknown as VerifiedClaims);
      verified.set(token, claims);
      if (verified.size > VERIFIED_TOKENS_MAX) verified.delete(verified.keys().next().value!);
      return claims;
    },
  };
}
