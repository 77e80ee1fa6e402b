/**
 * The project-action limit (spec sections 8 and 9; API-CONTRACT.md "Projects"): at most
 * 100 project calls per user in any sliding hour; the next one is answered 429
 * `rate_limited` 'Rate limit exceeded: max 100 requests per hour' with `Retry-After` in
 * seconds. Counted with the domain's `consumeRateLimit` over a map in this process's
 * memory (a refused call is not counted).
 */
import { consumeRateLimit, rateLimitMessage, type KeyValueStorage } from '@solar/domain';
import { HttpError } from '../http-errors.ts';

/** Counts project actions per user. */
export interface ActionLimiter {
  /** Counts one action of `userId`; throws the 429 HttpError (nothing counted) when over. */
  consume(userId: string): void;
}

/** A limiter allowing `maxActions` per user within any `windowMs` milliseconds. */
export function createActionLimiter(
  limit: { maxActions: number; windowMs: number },
  now: () => number = Date.now,
): ActionLimiter {
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
        throw new HttpError(429, 'rate_limited', rateLimitMessage(limit.maxActions), {
          headers: { 'retry-after': String(seconds) },
        });
      }
    },
  };
}
