/**
 * The browser session (docs/product.md#accounts-and-sessions): storage keys, the stored user, the
 * start-up rule and sign-out. Storage is injected ({@link KeyValueStorage}, which
 * `localStorage` satisfies) and time is `nowMs`, epoch milliseconds.
 */
import type { AuthMethod } from './contract.ts';
import { isExpired, readTokenClaims, type TokenClaims } from './jwt.ts';

/** Browser storage keys (docs/product.md#accounts-and-sessions). Per-user keys are built by the functions below. */
export const STORAGE_KEYS = {
  user: 'user',
  authToken: 'authToken',
  refreshToken: 'refreshToken',
  googleIdToken: 'googleIdToken',
  language: 'language',
  activeConversationId: 'activeConversationId',
  chatSettings: 'chatSettings',
  calculatorData: 'solarCalculatorData',
} as const;

/** Storage key of the full-calculator rate-limit counter of one user (docs/product.md#full-calculator). */
export const rateLimitStorageKey = (userId: string): string => `rateLimit_${userId}`;
/** Storage key of the solar project draft of one user (docs/product.md#full-calculator). */
export const draftStorageKey = (userId: string): string => `solarProjectDraft_${userId}`;

/** The part of the Web Storage API the domain uses; `localStorage` satisfies it. */
export interface KeyValueStorage {
  getItem(key: string): string | null;
  setItem(key: string, value: string): void;
  removeItem(key: string): void;
}

/**
 * The session user as stored in the browser (docs/product.md#accounts-and-sessions). Like the
 * contract's `SessionUser`, but `role` may be any lowercased text (or null) until it is checked by
 * `can`, because it can come from a token.
 */
export interface StoredUser {
  readonly id: string;
  readonly name: string;
  readonly email: string;
  readonly picture: string | null;
  readonly role: string | null;
  readonly authMethod: AuthMethod;
}

/** What start-up found: a session to resume, or none (`clear`: wipe the stored one). */
export type RestoredSession =
  | {
      readonly kind: 'signedIn';
      readonly user: StoredUser;
      readonly token: string;
      /** Access token expiry, epoch seconds. */
      readonly expiresAt: number;
    }
  | { readonly kind: 'signedOut'; readonly clear: boolean };

const textOr = (value: unknown, fallback: string | null): string | null =>
  typeof value === 'string' && value !== '' ? value : fallback;

function toStoredUser(raw: Record<string, unknown>, claims: TokenClaims): StoredUser | null {
  const id = textOr(raw.id, claims.id);
  if (id === null) return null;
  return {
    id,
    name: textOr(raw.name, claims.name) ?? '',
    email: textOr(raw.email, claims.email) ?? '',
    picture: textOr(raw.picture, claims.picture),
    role: textOr(raw.role, claims.role),
    authMethod: raw.authMethod === 'google' ? 'google' : 'email',
  };
}

function parseObject(json: string): Record<string, unknown> | null {
  try {
    const value: unknown = JSON.parse(json);
    return typeof value === 'object' && value !== null && !Array.isArray(value)
      ? (value as Record<string, unknown>)
      : null;
  } catch {
    return null;
  }
}

/**
 * The start-up rule (docs/product.md#accounts-and-sessions) on the stored `user` JSON and
 * `authToken`: nothing stored -> signed out; a user whose token is missing, undecodable or expired
 * at `nowMs` -> signed out and cleared; a user without role takes the token's role,
 * lowercased; missing user fields are filled from the token's claims.
 */
export function restoreSession(
  stored: { readonly user: string | null; readonly authToken: string | null },
  nowMs: number,
): RestoredSession {
  if (stored.user === null && stored.authToken === null) return { kind: 'signedOut', clear: false };
  const raw = stored.user === null ? null : parseObject(stored.user);
  const claims = readTokenClaims(stored.authToken);
  if (!raw || !claims || claims.exp === null || isExpired(claims.exp, nowMs)) {
    return { kind: 'signedOut', clear: true };
  }
  const user = toStoredUser(raw, claims);
  return user
    ? { kind: 'signedIn', user, token: stored.authToken!, expiresAt: claims.exp }
    : { kind: 'signedOut', clear: true };
}

/** Sign-out (docs/product.md#accounts-and-sessions): removes the user, both tokens and the Google token. */
export function clearSession(storage: KeyValueStorage): void {
  for (const key of ['user', 'authToken', 'refreshToken', 'googleIdToken'] as const) {
    storage.removeItem(STORAGE_KEYS[key]);
  }
}

/** {@link restoreSession} on a storage, clearing it when the rule says so (docs/product.md#accounts-and-sessions). */
export function restoreSessionFromStorage(
  storage: KeyValueStorage,
  nowMs: number,
): RestoredSession {
  const result = restoreSession(
    {
      user: storage.getItem(STORAGE_KEYS.user),
      authToken: storage.getItem(STORAGE_KEYS.authToken),
    },
    nowMs,
  );
  if (result.kind === 'signedOut' && result.clear) clearSession(storage);
  return result;
}

/** Stores a signed-in session (docs/product.md#accounts-and-sessions): user JSON, access and refresh tokens. */
export function storeSession(
  storage: KeyValueStorage,
  session: { readonly user: StoredUser; readonly token: string; readonly refreshToken: string },
): void {
  storage.setItem(STORAGE_KEYS.user, JSON.stringify(session.user));
  storage.setItem(STORAGE_KEYS.authToken, session.token);
  storage.setItem(STORAGE_KEYS.refreshToken, session.refreshToken);
}

/**
 * The session user decoded from an access token (docs/product.md#accounts-and-sessions: "user
 * decoded from token"): id from `sub` or `userId`, role lowercased. Null without an id.
 */
export function userFromToken(token: string, authMethod: AuthMethod): StoredUser | null {
  const claims = readTokenClaims(token);
  return claims ? toStoredUser({ authMethod }, claims) : null;
}
