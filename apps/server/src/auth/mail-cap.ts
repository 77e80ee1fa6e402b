/**
 * The cap on mails with a link per recipient address (docs/product.md#mail): password
 * reset, email verification and email change links, whoever asks for them and from
 * whichever address, so that nobody can fill one inbox by asking again and again. Counted
 * with the per-user limiter (user-rate-limit.ts): in Redis when REDIS_URL is set (every
 * server process counts the same inbox together), else in this process.
 */
import { apiMessages, normalizeEmail } from '@solar/domain';
import type { Redis } from 'ioredis';
import { HttpError } from '../http-errors.ts';
import {
  createUserLimiter,
  sharedUserLimiter,
  type UserLimit,
  type UserLimiter,
} from '../user-rate-limit.ts';

/** The cap for AUTH_RATE_LIMIT = n: n link mails per address per hour. */
export function recipientMailLimit(authRateLimit: number): UserLimit {
  return { maxActions: authRateLimit, windowMs: 60 * 60_000 };
}

/** Counts the link mails sent to each address. */
export interface MailCap {
  /**
   * Counts one mail to `email`; rejects with the 429 `rate_limited` HttpError (with
   * Retry-After) when the address has had its share. For calls whose caller may know
   * (the signed-in user's own resend).
   */
  take(email: string): Promise<void>;
  /**
   * Counts one mail to `email` and resolves whether it may be sent. For mail prepared
   * after the answer (forgot-password), where the caller must learn nothing.
   */
  allows(email: string): Promise<boolean>;
}

/** The cap of `limit` per address: shared in `redis` when given, else in this process. */
export function createMailCap(
  limit: UserLimit,
  redis?: Redis,
  now: () => number = Date.now,
): MailCap {
  const message = apiMessages.rateLimited.defaultMessage;
  const limiter: UserLimiter = redis
    ? sharedUserLimiter(redis, 'mail-to', limit, message)
    : createUserLimiter(limit, message, now);
  const take = async (email: string) => {
    await limiter.consume(normalizeEmail(email));
  };
  return {
    take,
    async allows(email) {
      try {
        await take(email);
        return true;
      } catch (error) {
        if (error instanceof HttpError && error.statusCode === 429) return false;
        throw error;
      }
    },
  };
}
