/**
 * The rate-limit counters' store with Redis: @fastify/rate-limit's
 * own Redis store while the Redis connection is ready, and its own in-memory store (per
 * process) while it is not, so a Redis outage neither delays limited calls nor switches the
 * limits off. The Redis client fails fast: short connect and command timeouts, no offline
 * queue (a command while disconnected fails at once), reconnection in the background, and
 * one log line when Redis goes away and one when it is back.
 */
import type { FastifyBaseLogger } from 'fastify';
import type { Redis } from 'ioredis';
import { createRequire } from 'node:module';

const require = createRequire(import.meta.url);

type Result = { current: number; ttl: number };
type Callback = (error: Error | null, result?: Result) => void;
/** The method set @fastify/rate-limit asks of a store (its types name only incr and child). */
interface Store {
  incr(key: string, callback: Callback, timeWindow: number, max: number): void;
  read(key: string, callback: Callback, timeWindow: number, max: number): void;
  child(routeOptions: RouteOptions): Store;
}
interface RouteOptions {
  continueExceeding?: boolean;
  exponentialBackoff?: boolean;
  routeInfo: { method: string; url: string };
}
type StoreCtor = new (...args: unknown[]) => Store;

/** The library's two stores (CommonJS files of the package, used as they are). */
const RedisStore = require('@fastify/rate-limit/store/RedisStore.js') as StoreCtor;
const LocalStore = require('@fastify/rate-limit/store/LocalStore.js') as StoreCtor;

/** Connect and command timeouts of the rate-limit Redis client, ms. */
export const REDIS_TIMEOUT_MS = 500;

/** Opens the fail-fast Redis client described in the module comment; logs its outages. */
export async function openRateLimitRedis(url: string, log: FastifyBaseLogger): Promise<Redis> {
  const { Redis } = await import('ioredis');
  const client = new Redis(url, {
    connectTimeout: REDIS_TIMEOUT_MS,
    commandTimeout: REDIS_TIMEOUT_MS,
    enableOfflineQueue: false,
    maxRetriesPerRequest: 0,
    // Reconnect in the background: after 0.2 s, 0.4 s, ... at most every 2 s.
    retryStrategy: (attempt) => Math.min(attempt * 200, 2000),
  });
  let up: boolean | undefined;
  const down = (reason: string) => {
    if (up === false) return;
    up = false;
    log.warn(
      { reason },
      'Redis is not available: rate limits are counted in this process until it is back',
    );
  };
  client.on('ready', () => {
    if (up === false) log.info('Redis is back: rate limits are shared again');
    up = true;
  });
  client.on('error', (error: Error) => down(error.message));
  client.on('close', () => down('connection closed'));
  return client;
}

/**
 * The store constructor to give @fastify/rate-limit (`store`): Redis counters under
 * `nameSpace` while `client` is ready, this process's counters otherwise (also for a call
 * whose Redis command fails).
 */
export function fallbackStore(client: Redis, nameSpace: string) {
  class FallbackStore implements Store {
    private readonly shared: Store;
    private readonly local: Store;
    constructor(
      params: { continueExceeding?: boolean; exponentialBackoff?: boolean },
      stores?: { shared: Store; local: Store },
    ) {
      this.shared =
        stores?.shared ??
        new RedisStore(params.continueExceeding, params.exponentialBackoff, client, nameSpace);
      this.local =
        stores?.local ?? new LocalStore(params.continueExceeding, params.exponentialBackoff);
    }
    private use(
      method: 'incr' | 'read',
      key: string,
      callback: Callback,
      timeWindow: number,
      max: number,
    ) {
      if (client.status !== 'ready') {
        this.local[method](key, callback, timeWindow, max);
        return;
      }
      this.shared[method](
        key,
        (error, result) =>
          error ? this.local[method](key, callback, timeWindow, max) : callback(null, result),
        timeWindow,
        max,
      );
    }
    incr(key: string, callback: Callback, timeWindow: number, max: number) {
      this.use('incr', key, callback, timeWindow, max);
    }
    read(key: string, callback: Callback, timeWindow: number, max: number) {
      this.use('read', key, callback, timeWindow, max);
    }
    child(routeOptions: RouteOptions): Store {
      return new FallbackStore(
        {},
        { shared: this.shared.child(routeOptions), local: this.local.child(routeOptions) },
      );
    }
  }
  return FallbackStore;
}
