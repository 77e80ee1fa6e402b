/**
 * The per-user message limit of `POST /chat/stream` (issue 5; API-CONTRACT.md
 * "Conventions": 429 `rate_limited` with `Retry-After` in seconds). A sliding window kept
 * in this process's memory, counted with the domain's `consumeRateLimit`.
 */
import { apiMessages, consumeRateLimit, type KeyValueStorage } from '@solar/domain';
import { HttpError } from '../http-errors.ts';

/** Counts messages per user. */
export interface MessageLimiter {
  /** Counts one message of `userId`; throws 429 (nothing counted) when over the limit. */
  consume(userId: string): void;
}

/** A limiter allowing `maxMessages` per user within any `windowMs` milliseconds. */
export function createMessageLimiter(
  limit: { maxMessages: number; windowMs: number },
  now: () => number = Date.now,
): MessageLimiter {
  const map = new Map<string, string>();
  const storage: KeyValueStorage = {
    getItem: (key) => map.get(key) ?? null,
    setItem: (key, value) => void map.set(key, value),
    removeItem: (key) => void map.delete(key),
  };
  const rule = { maxActions: limit.maxMessages, windowMs: limit.windowMs };
  let lastSweep = now();
  return {
    consume(userId) {
      const at = now();
      if (at - lastSweep > limit.windowMs) {
        // Forget users whose every message has left the window.
        for (const [key, value] of map) {
          const times = JSON.parse(value) as number[];
          if (times.every((t) => t <= at - limit.windowMs)) map.delete(key);
        }
        lastSweep = at;
      }
      const result = consumeRateLimit(storage, userId, at, rule);
      if (!result.allowed) {
        const seconds = Math.max(1, Math.ceil(result.retryAfterMs / 1000));
        throw new HttpError(429, 'rate_limited', apiMessages.rateLimited.defaultMessage, {
          headers: { 'retry-after': String(seconds) },
        });
      }
    },
  };
}
