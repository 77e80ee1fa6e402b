/**
 * A small in-memory LRU cache whose entries also expire after a time to live. Used for
 * geocoder answers (geo/) and PVGIS production (calculator/). Times are epoch ms.
 */

/** A bounded, expiring key-value cache. */
export interface TtlCache<V> {
  /** The live value of `key` (and marks it most recently used), or undefined. */
  get(key: string): V | undefined;
  /** Stores `value`, evicting the least recently used entry when full. */
  set(key: string, value: V): void;
  /** Number of entries held (expired ones included until touched or evicted). */
  readonly size: number;
}

/** Creates a cache of at most `maxEntries` entries, each kept for `ttlMs` milliseconds. */
export function createTtlCache<V>(options: {
  maxEntries: number;
  ttlMs: number;
  now?: () => number;
}): TtlCache<V> {
  const { maxEntries, ttlMs, now = Date.now } = options;
  const entries = new Map<string, { value: V; expiresAt: number }>();
  return {
    get(key) {
      const entry = entries.get(key);
      if (!entry) return undefined;
      entries.delete(key);
      if (entry.expiresAt <= now()) return undefined;
      entries.set(key, entry);
      return entry.value;
    },
    set(key, value) {
      if (maxEntries <= 0 || ttlMs <= 0) return;
      entries.delete(key);
      entries.set(key, { value, expiresAt: now() + ttlMs });
      while (entries.size > maxEntries) {
        const oldest = entries.keys().next().value as string;
        entries.delete(oldest);
      }
    },
    get size() {
      return entries.size;
    },
  };
}

/**
 * Runs one task per key at a time: a second caller with the same key while the first is
 * running gets the same promise (so a burst of equal lookups costs one upstream call).
 */
export function createSingleFlight<T>(): (key: string, task: () => Promise<T>) => Promise<T> {
  const running = new Map<string, Promise<T>>();
  return (key, task) => {
    const existing = running.get(key);
    if (existing) return existing;
    const promise = task().finally(() => running.delete(key));
    running.set(key, promise);
    return promise;
  };
}
