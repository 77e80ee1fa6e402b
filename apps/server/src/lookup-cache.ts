/**
 * The cache in front of slow upstream lookups (geocoder answers in geo/, PVGIS production
 * in calculator/), on lru-cache: at most `maxEntries` answers, each kept `ttlMs`
 * milliseconds (least recently used evicted first); concurrent lookups of one key share a
 * single `load` (one upstream request); a failed load is not kept, so the next lookup
 * tries again. `maxEntries` or `ttlMs` of 0 keeps nothing (lookups in flight still share).
 */
import { LRUCache } from 'lru-cache';

/** A cached lookup by string key. */
export interface LookupCache<V> {
  /** The live cached value of `key`, else the value of `load()` (rejects when it rejects). */
  get(key: string, load: () => Promise<V>): Promise<V>;
}

/** Creates the cache; `now` is epoch ms (tests move it). */
export function createLookupCache<V extends object>(options: {
  maxEntries: number;
  ttlMs: number;
  now?: () => number;
}): LookupCache<V> {
  const keep = options.maxEntries > 0 && options.ttlMs > 0;
  const cache = new LRUCache<string, V, () => Promise<V>>({
    // Without keeping, entries are only the loads in flight: bound them generously.
    max: keep ? options.maxEntries : 10_000,
    ttl: keep ? options.ttlMs : 1,
    ttlResolution: 0,
    // A load whose entry was evicted while in flight still answers its callers.
    ignoreFetchAbort: true,
    fetchMethod: (_key, _stale, { context }) => context(),
    ...(options.now ? { perf: { now: options.now } } : {}),
  });
  return {
    async get(key, load) {
      const value = await cache.fetch(key, { context: load });
      if (!keep) cache.delete(key);
      if (value === undefined) throw new Error(`lookup of ${key} answered nothing`);
      return value;
    },
  };
}
