/**
 * Per-user action limits kept in this process's memory: at most `maxActions` per user in
 * any sliding `windowMs`, counted with the domain's `consumeRateLimitTimes` over lists kept
 * in memory (no text to parse per call, however high the limit). Over the limit the
 * call is refused with 429 `rate_limited`, the given message and `Retry-After` in seconds,
 * and nothing is counted. Used by chat messages and project actions.
 */
import { consumeRateLimitTimes } from '@solar/domain';
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
      if (!result.allowed) {
        const seconds = Math.max(1, Math.ceil(result.retryAfterMs / 1000));
        throw new HttpError(429, 'rate_limited', message, {
          headers: { 'retry-after': String(seconds) },
        });
      }
    },
  };
}
