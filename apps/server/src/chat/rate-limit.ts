/**
 * The per-user message limit of `POST /chat/stream` (the OpenAPI document: 429 `rate_limited` with
 * `Retry-After` in seconds).
 */
import { apiMessages } from '@solar/domain';
import type { Redis } from 'ioredis';
import { createUserLimiter, sharedUserLimiter, type UserLimiter } from '../user-rate-limit.ts';

export type MessageLimiter = UserLimiter;

/**
 * A limiter allowing `maxMessages` per user within `windowMs` milliseconds: in Redis
 * (shared by every server process) when `redis` is given, else in this process.
 */
export function createMessageLimiter(
  limit: { maxMessages: number; windowMs: number },
  now: () => number = Date.now,
  redis?: Redis,
): MessageLimiter {
  const message = apiMessages.rateLimited.defaultMessage;
  if (redis) {
    return sharedUserLimiter(
      redis,
      'chat',
      { maxActions: limit.maxMessages, windowMs: limit.windowMs },
      message,
    );
  }
  return createUserLimiter(
    { maxActions: limit.maxMessages, windowMs: limit.windowMs },
    message,
    now,
  );
}
