/**
 * Per-user action limits, used by chat messages and project actions. Over the limit the
 * call is refused with 429 `rate_limited`, the given message and `Retry-After` in seconds.
 *
 * - Without Redis (`createUserLimiter`): at most `maxActions` per user in any sliding
 *   `windowMs`, counted in this process's memory with the domain's
 *   `consumeRateLimitTimes` (no text to parse per call, however high the limit); a refused
 *   call is not counted.
 * - With Redis (`REDIS_URL`; `sharedUserLimiter`): the counters live in Redis so every
 *   server process counts the same user's actions together: @fastify/rate-limit's
 *   Redis store, a fixed window of `windowMs` opened by the user's first action, through the
 *   same fallback store as the auth limits (rate-limit-store.ts). While Redis is lost the
 *   counting goes on in this process (one log line says so), never a 500 or a wait.
 */
import { consumeRateLimitTimes } from '@solar/domain';
import type { Redis } from 'ioredis';
import { HttpError } from './http-errors.ts';
import { fallbackStore } from './rate-limit-store.ts';

/** Counts actions per user. */
export interface UserLimiter {
  /**
   * Counts one action of `userId`; throws (or rejects with) the 429 HttpError when over.
   * The in-memory limiter answers synchronously, the shared one after Redis has.
   */
  consume(userId: string): void | Promise<void>;
}

/** The limit: at most `maxActions` in `windowMs` milliseconds. */
export interface UserLimit {
  maxActions: number;
  windowMs: number;
}

/** The 429 answer with `retryAfterMs` until a new action is allowed. */
function limited(message: string, retryAfterMs: number): HttpError {
  const seconds = Math.max(1, Math.ceil(retryAfterMs / 1000));
  return new HttpError(429, 'rate_limited', message, {
    headers: { 'retry-after': String(seconds) },
  });
}

/** The in-memory sliding-window limiter of this process (see the module comment). */
export function createUserLimiter(
  limit: UserLimit,
  message: string,
  now: () => number = Date.now,
): UserLimiter {
  /** Each user's action times (epoch ms) still in the window, oldest first. */
  const actions = new Map<string, number[]>();
  let lastSweep = now();
  return {
    consume(userId) {
      const at = now();
      if (at - lastSweep > limit.windowMs) {
        // Forget users whose every action has left the window.
        for (const [user, times] of actions) {
          if (times.every((t) => t <= at - limit.windowMs)) actions.delete(user);
        }
        lastSweep = at;
      }
      const { result, times } = consumeRateLimitTimes(actions.get(userId) ?? [], at, limit);
      actions.set(userId, times);
      if (!result.allowed) throw limited(message, result.retryAfterMs);
    },
  };
}

/** Redis key prefix of the per-user counters: `solar-user-rl:<name>|<user id>`. */
export const USER_LIMIT_PREFIX = 'solar-user-rl:';

/**
 * The limiter counting in Redis under `name` (one name per kind of action, e.g. `chat`),
 * shared by every server process on that Redis; see the module comment.
 */
export function sharedUserLimiter(
  redis: Redis,
  name: string,
  limit: UserLimit,
  message: string,
): UserLimiter {
  const Store = fallbackStore(redis, USER_LIMIT_PREFIX);
  const store = new Store({});
  return {
    async consume(userId) {
      const { current, ttl } = await new Promise<{ current: number; ttl: number }>(
        (resolve, reject) =>
          store.incr(
            `${name}|${userId}`,
            (error, result) => (error || !result ? reject(error) : resolve(result)),
            limit.windowMs,
            limit.maxActions,
          ),
      );
      if (current > limit.maxActions) throw limited(message, ttl);
    },
  };
}
