/**
 * Per-user action limits kept in this process's memory: at most `maxActions` per user in
 * any sliding `windowMs`, counted with the domain's `consumeRateLimit`. Over the limit the
 * call is refused with 429 `rate_limited`, the given message and `Retry-After` in seconds,
 * and nothing is counted. Used by chat messages and project actions.
 */
import { consumeRateLimit, type KeyValueStorage } from '@solar/domain';
import { HttpError } from './http-errors.ts';

/** Counts actions per user. */
export interface UserLimiter {
  /** Counts one action of `userId`; throws the 429 HttpError (nothing counted) when over. */
  consume(userId: string): void;
}

export function createUserLimiter(
  limit: { maxActions: number; windowMs: number },
  message: string,
  now: () => number = Date.now,
): UserLimiter {
  const map = new Map<string, string>();
  const storage: KeyValueStorage = {
    getItem: (key) => map.get(key) ?? null,
    setItem: (key, value) => void map.set(key, value),
    removeItem: (key) => void map.delete(key),
  };
  let lastSweep = now();
  return {
    consume(userId) {
      const at = now();
      if (at - lastSweep > limit.windowMs) {
        // Forget users whose every action has left the window.
        for (const [key, value] of map) {
          const times = JSON.parse(value) as number[];
          if (times.every((t) => t <= at - limit.windowMs)) map.delete(key);
        }
        lastSweep = at;
      }
      const result = consumeRateLimit(storage, userId, at, limit);
      if (!result.allowed) {
        const seconds = Math.max(1, Math.ceil(result.retryAfterMs / 1000));
        throw new HttpError(429, 'rate_limited', message, {
          headers: { 'retry-after': String(seconds) },
        });
      }
    },
  };
}
