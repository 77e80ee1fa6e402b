/**
 * Access-token reading (docs/product.md#accounts-and-sessions):
 * decodes a JWT's payload WITHOUT verifying its signature (the client only reads it; the server
 * verifies with its secret) and checks expiry against an injected clock.
 *
 * Units: `exp` is in epoch seconds (as in the JWT); `nowMs` is in epoch milliseconds
 * (as `Date.now()`).
 */

/** The claims a token may carry; only the ones of docs/product.md#accounts-and-sessions are read. */
export interface JwtPayload {
  readonly sub?: unknown;
  readonly userId?: unknown;
  readonly email?: unknown;
  readonly name?: unknown;
  readonly picture?: unknown;
  readonly role?: unknown;
  readonly exp?: unknown;
  readonly iat?: unknown;
  readonly [claim: string]: unknown;
}

/** The claims of docs/product.md#accounts-and-sessions, normalised: missing or malformed ones are null. */
export interface TokenClaims {
  /** `sub`, else `userId`. */
  readonly id: string | null;
  readonly email: string | null;
  readonly name: string | null;
  readonly picture: string | null;
  /** The `role` claim, lowercased (the start-up rule of docs/product.md#accounts-and-sessions). */
  readonly role: string | null;
  /** Expiry in epoch seconds. */
  readonly exp: number | null;
}

// Web platform globals of every browser and Node >= 16; declared here because the domain
// compiles without the DOM and Node type libraries (it stays free of platform APIs elsewhere).
declare const atob: (data: string) => string;
declare const TextDecoder: new (
  label: 'utf-8',
  options: { fatal: boolean },
) => { decode(input: Uint8Array): string };

const BASE64_TEXT = /^[A-Za-z0-9+/_-]*={0,2}$/;
const utf8 = new TextDecoder('utf-8', { fatal: true });

/** Decodes base64url (or base64) to UTF-8 text with `atob`; null when malformed. */
function base64UrlToText(input: string): string | null {
  if (!BASE64_TEXT.test(input)) return null;
  try {
    const binary = atob(input.replace(/-/g, '+').replace(/_/g, '/'));
    return utf8.decode(Uint8Array.from(binary, (char) => char.charCodeAt(0)));
  } catch {
    return null;
  }
}

/**
 * The payload of a JWT (`header.payload.signature`) as an object, or null when the token
 * is not three parts or its payload is not base64url JSON of an object. Not verified.
 * docs/product.md#accounts-and-sessions.
 */
export function decodeJwtPayload(token: string | null | undefined): JwtPayload | null {
  const parts = typeof token === 'string' ? token.split('.') : [];
  if (parts.length !== 3) return null;
  const text = base64UrlToText(parts[1]!);
  if (text === null) return null;
  try {
    const value: unknown = JSON.parse(text);
    return typeof value === 'object' && value !== null && !Array.isArray(value)
      ? (value as JwtPayload)
      : null;
  } catch {
    return null;
  }
}

const text = (value: unknown): string | null =>
  typeof value === 'string' && value !== '' ? value : null;

/** The docs/product.md#accounts-and-sessions claims of a token (id from `sub` or `userId`); null if undecodable. */
export function readTokenClaims(token: string | null | undefined): TokenClaims | null {
  const payload = decodeJwtPayload(token);
  if (!payload) return null;
  const id = typeof payload.sub === 'number' ? String(payload.sub) : text(payload.sub);
  const userId = typeof payload.userId === 'number' ? String(payload.userId) : text(payload.userId);
  return {
    id: id ?? userId,
    email: text(payload.email),
    name: text(payload.name),
    picture: text(payload.picture),
    role: text(payload.role)?.toLowerCase() ?? null,
    exp: typeof payload.exp === 'number' && Number.isFinite(payload.exp) ? payload.exp : null,
  };
}

/**
 * True when an expiry (epoch seconds) has passed at `nowMs` (epoch ms), or is missing:
 * a token without a known expiry is treated as expired (fail closed). `skewMs` counts a
 * token as expired that many milliseconds early (e.g. to refresh before a request).
 * docs/product.md#accounts-and-sessions and #roles-and-permissions.
 */
export function isExpired(
  expSeconds: number | null | undefined,
  nowMs: number,
  skewMs = 0,
): boolean {
  if (typeof expSeconds !== 'number' || !Number.isFinite(expSeconds)) return true;
  return nowMs + skewMs >= expSeconds * 1000;
}

/**
 * True when a token is undecodable, has no `exp`, or is expired at `nowMs` (epoch ms)
 * (docs/product.md#accounts-and-sessions; the OpenAPI document).
 */
export function isTokenExpired(
  token: string | null | undefined,
  nowMs: number,
  skewMs = 0,
): boolean {
  return isExpired(readTokenClaims(token)?.exp, nowMs, skewMs);
}
