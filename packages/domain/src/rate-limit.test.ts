import { describe, expect, it } from 'vitest';
import { memoryStorage } from './internal/testing.ts';
import {
  RATE_LIMIT,
  checkRateLimit,
  consumeRateLimit,
  consumeRateLimitTimes,
  rateLimitMessage,
} from './rate-limit.ts';

const T0 = Date.parse('2026-11-22T12:00:00Z');
const HOUR = 3_600_000;

describe('full-calculator rate limit', () => {
  it('is 100 actions per hour', () => {
    expect(RATE_LIMIT).toEqual({ maxActions: 100, windowMs: HOUR });
    expect(rateLimitMessage()).toBe('Rate limit exceeded: max 100 requests per hour');
    expect(rateLimitMessage(5)).toBe('Rate limit exceeded: max 5 requests per hour');
  });

  it('allows 100 actions in an hour and refuses the 101st without counting it', () => {
    const storage = memoryStorage();
    for (let i = 0; i < 100; i++) {
      const result = consumeRateLimit(storage, 'u1', T0 + i * 1000);
      expect(result).toEqual({ allowed: true, remaining: 99 - i, retryAfterMs: 0 });
    }
    const refused = consumeRateLimit(storage, 'u1', T0 + 100_000);
    // The first action (at T0) leaves the window at T0 + 1 h.
    expect(refused).toEqual({ allowed: false, remaining: 0, retryAfterMs: HOUR - 100_000 });
    expect(JSON.parse(storage.getItem('rateLimit_u1')!)).toHaveLength(100);
    expect(checkRateLimit(storage, 'u1', T0 + 100_000).allowed).toBe(false);
  });

  it('slides the window and keeps users apart', () => {
    const storage = memoryStorage();
    const limit = { maxActions: 2, windowMs: HOUR };
    consumeRateLimit(storage, 'u1', T0, limit);
    consumeRateLimit(storage, 'u1', T0 + 10, limit);
    expect(consumeRateLimit(storage, 'u1', T0 + HOUR - 1, limit).allowed).toBe(false);
    expect(consumeRateLimit(storage, 'u2', T0 + HOUR - 1, limit).allowed).toBe(true);
    expect(consumeRateLimit(storage, 'u1', T0 + HOUR, limit)).toEqual({
      allowed: true,
      remaining: 0,
      retryAfterMs: 0,
    });
    expect(checkRateLimit(storage, 'u1', T0 + HOUR, limit)).toEqual({
      allowed: false,
      remaining: 0,
      retryAfterMs: 10,
    });
  });

  it.each([['not json'], ['{"a":1}'], ['[1, "x", null]']])(
    'treats corrupt storage %j as empty',
    (stored) => {
      const storage = memoryStorage({ rateLimit_u1: stored });
      expect(checkRateLimit(storage, 'u1', T0)).toEqual({
        allowed: true,
        remaining: 100,
        retryAfterMs: 0,
      });
    },
  );

  it('ignores actions stamped in the future (clock moved back)', () => {
    const storage = memoryStorage({ rateLimit_u1: JSON.stringify([T0 + 5000]) });
    expect(checkRateLimit(storage, 'u1', T0).remaining).toBe(100);
  });
});

describe('the same rule over action times kept in memory', () => {
  const limit = { maxActions: 2, windowMs: HOUR };

  it('counts an allowed action and keeps only the times inside the window', () => {
    const first = consumeRateLimitTimes([], T0, limit);
    expect(first).toEqual({
      result: { allowed: true, remaining: 1, retryAfterMs: 0 },
      times: [T0],
    });
    const second = consumeRateLimitTimes([T0 - HOUR, T0 - 5, T0 + 5000], T0, limit);
    // T0 - HOUR has left the window; T0 + 5000 is in the future (clock moved back).
    expect(second).toEqual({
      result: { allowed: true, remaining: 0, retryAfterMs: 0 },
      times: [T0 - 5, T0],
    });
  });

  it('refuses over the limit without counting, and says when a slot frees', () => {
    const stored = [T0 - 10, T0 - 20];
    const refused = consumeRateLimitTimes(stored, T0, limit);
    expect(refused).toEqual({
      result: { allowed: false, remaining: 0, retryAfterMs: HOUR - 20 },
      times: [T0 - 20, T0 - 10],
    });
    expect(stored).toEqual([T0 - 10, T0 - 20]);
  });

  it('agrees with the stored counter action by action', () => {
    const storage = memoryStorage();
    let times: number[] = [];
    for (const at of [T0, T0 + 1, T0 + 2, T0 + HOUR, T0 + HOUR + 1, T0 + 2 * HOUR + 2]) {
      const kept = consumeRateLimitTimes(times, at, limit);
      times = kept.times;
      expect(kept.result).toEqual(consumeRateLimit(storage, 'u1', at, limit));
    }
  });
});
