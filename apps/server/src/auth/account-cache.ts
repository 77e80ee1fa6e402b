/**
 * The account rows the bearer guard reads on every request (auth/guard.ts), kept in memory
 * so an authenticated request does not wait for a database round trip (docs/benchmarks.md:
 * `/auth/me` throughput; docs/decisions/014-account-cache.md).
 *
 * Freshness: every write to `users` in this process calls `forget(id)` (or `clear()`), so a
 * deactivation, role change or profile edit takes effect on this server's next request, as
 * before. On PostgreSQL a write by any process (a second server, a manual SQL update) is
 * heard through account-changes.ts, which calls `forget` too; while it is not heard, a
 * row is used for at most `ttlMs` (ACCOUNT_CACHE_TTL_MS). A load that started before a `forget` of the same
 * account is not stored, so a racing read cannot bring back the old row. Rows are frozen:
 * every request of an account shares one until it changes.
 */
import { eq } from 'drizzle-orm';
import type { Db } from '../db/database.ts';
import { users } from '../db/schema.ts';
import type { UserRow } from '../users/repository.ts';

/** How long a cached row may be used before it is read again, ms. */
export const ACCOUNT_CACHE_TTL_MS = 1000;
/**
 * The same while account changes are heard (account-changes.ts): a changed row is dropped
 * when its notification arrives, so the TTL only bounds how long an unchanged row is kept.
 */
export const HEARD_ACCOUNT_CACHE_TTL_MS = 60_000;
/** Most rows kept; the oldest entry is dropped first. */
export const ACCOUNT_CACHE_MAX = 10_000;

export interface AccountCache {
  /** The row with this id (undefined when there is none), from memory when fresh. */
  get(id: string): Promise<UserRow | undefined>;
  /**
   * The fresh cached entry of `id` without waiting (the guard's fast path): `{ row }`, where
   * row is undefined for a known missing account; undefined when `get` must read it.
   */
  peek(id: string): { row: UserRow | undefined } | undefined;
  /** Drops the row of one account; call after every write to it. */
  forget(id: string): void;
  /** Drops every row; for bulk writes. */
  clear(): void;
}

export interface AccountCacheOptions {
  /** How long a row may be used, ms; a function is asked on every use. */
  ttlMs?: number | (() => number);
  max?: number;
  /** Clock in ms (tests). */
  now?: () => number;
}

interface Entry {
  row: UserRow | undefined;
  loadedAt: number;
}

/** Creates the cache over `db`; see the module comment for its freshness rules. */
export function createAccountCache(db: Db, options: AccountCacheOptions = {}): AccountCache {
  const ttl = options.ttlMs ?? ACCOUNT_CACHE_TTL_MS;
  const ttlMs = typeof ttl === 'number' ? () => ttl : ttl;
  const max = options.max ?? ACCOUNT_CACHE_MAX;
  const now = options.now ?? Date.now;
  const entries = new Map<string, Entry>();
  const loading = new Map<string, Promise<UserRow | undefined>>();
  /** Bumped by every forget/clear; a load stores its row only if no bump happened since. */
  let generation = 0;

  async function load(id: string): Promise<UserRow | undefined> {
    const started = generation;
    try {
      const [read] = await db.select().from(users).where(eq(users.id, id)).limit(1);
      // Shared by every request of the account until it changes: nobody may edit it.
      const row = read && Object.freeze(read);
      if (generation === started) {
        entries.delete(id);
        entries.set(id, { row, loadedAt: now() });
        if (entries.size > max) entries.delete(entries.keys().next().value!);
      }
      return row;
    } finally {
      loading.delete(id);
    }
  }

  function peek(id: string): Entry | undefined {
    const entry = entries.get(id);
    return entry && now() - entry.loadedAt < ttlMs() ? entry : undefined;
  }

  return {
    peek,
    get(id) {
      const fresh = peek(id);
      if (fresh) return Promise.resolve(fresh.row);
      let pending = loading.get(id);
      if (!pending) {
        pending = load(id);
        loading.set(id, pending);
      }
      return pending;
    },
    forget(id) {
      generation++;
      entries.delete(id);
      loading.delete(id);
    },
    clear() {
      generation++;
      entries.clear();
      loading.clear();
    },
  };
}
