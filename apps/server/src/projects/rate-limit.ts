/**
 * The project-action limit (docs/product.md#errors-and-messages and #full-calculator; the OpenAPI
 * document): at most 100 project actions (create, save, delete; reads are not counted) per user in
 * any sliding hour; the next one is answered 429
 * `rate_limited` 'Rate limit exceeded: max 100 requests per hour' with `Retry-After`.
 */
import { rateLimitMessage } from '@solar/domain';
import type { Redis } from 'ioredis';
import { createUserLimiter, sharedUserLimiter, type UserLimiter } from '../user-rate-limit.ts';

export type ActionLimiter = UserLimiter;

/**
 * A limiter allowing `maxActions` per user within `windowMs` milliseconds: in Redis (shared
 * by every server process) when `redis` is given, else in this process (a sliding window).
 */
export function createActionLimiter(
  limit: { maxActions: number; windowMs: number },
  now: () => number = Date.now,
  redis?: Redis,
): ActionLimiter {
  const message = rateLimitMessage(limit.maxActions);
  if (redis) return sharedUserLimiter(redis, 'projects', limit, message);
  return createUserLimiter(limit, message, now);
}
