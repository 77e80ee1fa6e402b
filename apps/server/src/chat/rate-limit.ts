/**
 * The per-user message limit of `POST /chat/stream` (issue 5; API-CONTRACT.md
 * "Conventions": 429 `rate_limited` with `Retry-After` in seconds).
 */
import { apiMessages } from '@solar/domain';
import { createUserLimiter, type UserLimiter } from '../user-rate-limit.ts';

export type MessageLimiter = UserLimiter;

/** A limiter allowing `maxMessages` per user within any `windowMs` milliseconds. */
export function createMessageLimiter(
  limit: { maxMessages: number; windowMs: number },
  now: () => number = Date.now,
): MessageLimiter {
  return createUserLimiter(
    { maxActions: limit.maxMessages, windowMs: limit.windowMs },
    apiMessages.rateLimited.defaultMessage,
    now,
  );
}
