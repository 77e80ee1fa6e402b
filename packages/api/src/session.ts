/**
 * The session store (docs/product.md#accounts-and-sessions): the signed-in user, the access token
 * and the refresh token kept under the spec's storage keys (`user`, `authToken`, `refreshToken`,
 * `googleIdToken`) in an injected {@link KeyValueStorage} (browser `localStorage`, or
 * {@link memoryStorage} in tests), with change notification for React.
 *
 * One session across tabs (docs/decisions/035-one-session-across-tabs.md): the storage is
 * shared by every tab of the origin, so the store follows writes made by other tabs (the
 * browser's `storage` event on `localStorage`, HTML Living Standard): a refresh, sign-in,
 * sign-out or new role in one tab reaches the snapshot of every other.
 */
import type { AuthResponse, RefreshResponse } from '@solar/domain/contract';
import {
  STORAGE_KEYS,
  clearSession,
  restoreSessionFromStorage,
  storeSession,
  type KeyValueStorage,
  type StoredUser,
} from '@solar/domain/session';

export type { KeyValueStorage, StoredUser };

/** What the store holds right now; `user` is null when signed out. */
export interface SessionSnapshot {
  readonly user: StoredUser | null;
  readonly accessToken: string | null;
  readonly refreshToken: string | null;
}

/** The session store of one client. */
export interface SessionStore {
  /** The current user, tokens; the same object until something changes (for useSyncExternalStore). */
  getSnapshot(): SessionSnapshot;
  getAccessToken(): string | null;
  getRefreshToken(): string | null;
  /** Stores a sign-in, sign-up or Google sign-in answer (user and both tokens). */
  signedIn(response: AuthResponse): void;
  /** Stores a refresh answer: the new token pair; the user is kept. */
  setTokens(tokens: RefreshResponse): void;
  /** Replaces the stored user (after a profile update); no-op when signed out. */
  setUser(user: StoredUser): void;
  /** Sign-out (docs/product.md#accounts-and-sessions): removes the user, both tokens and the Google token. */
  clear(): void;
  /** Reads the storage again (another tab changed it) and notifies when it differs. */
  reload(): void;
  /**
   * The start-up rule (docs/product.md#accounts-and-sessions) at `nowMs` (epoch ms): a stored user
   * whose access token is missing or expired is cleared; a user without role gets the token's
   * role, lowercased; missing user fields are filled from the token.
   */
  restore(nowMs: number): SessionSnapshot;
  /** Calls `listener` after every change; returns the unsubscribe function. */
  subscribe(listener: () => void): () => void;
}

/**
 * Subscribes to writes other tabs made to the storage: calls `onChange` after each and
 * returns the unsubscribe function.
 */
export type ExternalChanges = (onChange: () => void) => () => void;

/**
 * The browser's `storage` event when `storage` is this window's `localStorage` (fired in
 * every other tab of the origin after a write there), else undefined.
 */
export function storageEvents(storage: KeyValueStorage): ExternalChanges | undefined {
  const target = globalThis as Partial<Pick<Window, 'addEventListener' | 'removeEventListener'>>;
  // No window (Node, workers): no other tabs to follow, and localStorage is not read.
  if (typeof target.addEventListener !== 'function') return undefined;
  let local: Storage | undefined;
  try {
    local = globalThis.localStorage;
  } catch {
    return undefined;
  }
  if (!local || storage !== local) return undefined;
  const keys = new Set<string>([
    STORAGE_KEYS.user,
    STORAGE_KEYS.authToken,
    STORAGE_KEYS.refreshToken,
  ]);
  return (onChange) => {
    const listener = (event: StorageEvent) => {
      // `key` is null when the other tab cleared the whole storage.
      if (event.storageArea === local && (event.key === null || keys.has(event.key))) onChange();
    };
    target.addEventListener!('storage', listener);
    return () => target.removeEventListener?.('storage', listener);
  };
}

/** A storage in memory (tests, server-side rendering); satisfies {@link KeyValueStorage}. */
export function memoryStorage(initial: Record<string, string> = {}): KeyValueStorage & {
  readonly data: Map<string, string>;
} {
  const data = new Map(Object.entries(initial));
  return {
    data,
    getItem: (key) => data.get(key) ?? null,
    setItem: (key, value) => void data.set(key, String(value)),
    removeItem: (key) => void data.delete(key),
  };
}

/** `localStorage` when the browser has one, else a memory storage. */
export function defaultStorage(): KeyValueStorage {
  try {
    if (typeof globalThis.localStorage !== 'undefined') return globalThis.localStorage;
  } catch {
    // Access to localStorage can throw (privacy mode, sandboxed iframes).
  }
  return memoryStorage();
}

function readUser(storage: KeyValueStorage): StoredUser | null {
  const raw = storage.getItem(STORAGE_KEYS.user);
  if (!raw) return null;
  try {
    const value: unknown = JSON.parse(raw);
    return typeof value === 'object' && value !== null ? (value as StoredUser) : null;
  } catch {
    return null;
  }
}

/**
 * Creates the session store over `storage`. `external` reports writes other tabs made to
 * it (default: the `storage` event when `storage` is `localStorage`; none otherwise); the
 * store then reads the storage again and notifies when something differs.
 */
export function createSessionStore(
  storage: KeyValueStorage = defaultStorage(),
  external: ExternalChanges | undefined = storageEvents(storage),
): SessionStore {
  const listeners = new Set<() => void>();
  let snapshot: SessionSnapshot = read();

  function read(): SessionSnapshot {
    return {
      user: readUser(storage),
      accessToken: storage.getItem(STORAGE_KEYS.authToken),
      refreshToken: storage.getItem(STORAGE_KEYS.refreshToken),
    };
  }
  function changed() {
    snapshot = read();
    for (const listener of [...listeners]) listener();
  }

  function reload() {
    const next = read();
    if (
      next.accessToken !== snapshot.accessToken ||
      next.refreshToken !== snapshot.refreshToken ||
      JSON.stringify(next.user) !== JSON.stringify(snapshot.user)
    ) {
      changed();
    }
  }
  // The store lives as long as the page (one client per app), so it never unsubscribes.
  external?.(reload);

  return {
    getSnapshot: () => snapshot,
    getAccessToken: () => storage.getItem(STORAGE_KEYS.authToken),
    getRefreshToken: () => storage.getItem(STORAGE_KEYS.refreshToken),
    signedIn(response) {
      storeSession(storage, {
        user: response.user,
        token: response.token,
        refreshToken: response.refreshToken,
      });
      changed();
    },
    setTokens(tokens) {
      storage.setItem(STORAGE_KEYS.authToken, tokens.token);
      storage.setItem(STORAGE_KEYS.refreshToken, tokens.refreshToken);
      changed();
    },
    setUser(user) {
      if (!storage.getItem(STORAGE_KEYS.authToken)) return;
      storage.setItem(STORAGE_KEYS.user, JSON.stringify(user));
      changed();
    },
    clear() {
      clearSession(storage);
      changed();
    },
    reload,
    restore(nowMs) {
      const restored = restoreSessionFromStorage(storage, nowMs);
      if (restored.kind === 'signedIn') {
        storage.setItem(STORAGE_KEYS.user, JSON.stringify(restored.user));
      }
      changed();
      return snapshot;
    },
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  };
}
