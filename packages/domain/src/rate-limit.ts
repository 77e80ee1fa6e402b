/**
 * The full-calculator rate limit (docs/product.md#full-calculator and #errors-and-messages; the
 * OpenAPI document): at most 100 actions per user in any sliding hour, counted in an injected
 * storage (`localStorage` in the browser; an in-memory map on the server). `nowMs` is epoch ms.
 */
import { formatMessage } from './message-text.ts';
import { calculatorMessages } from './messages.ts';
import { rateLimitStorageKey, type KeyValueStorage } from './session.ts';

/** 100 actions per 1 hour (3 600 000 ms) per user (docs/product.md#limits). */
export const RATE_LIMIT = { maxActions: 100, windowMs: 60 * 60 * 1000 } as const;

/** The limit to apply: `maxActions` within any `windowMs` milliseconds. */
export interface RateLimit {
  readonly maxActions: number;
  readonly windowMs: number;
}

/** Whether an action may go ahead, how many remain, and when the next slot frees (ms). */
export interface RateLimitResult {
  readonly allowed: boolean;
  readonly remaining: number;
  /** 0 when allowed; else milliseconds until the oldest counted action leaves the window. */
  readonly retryAfterMs: number;
}

/**
 * The action times (epoch ms) inside the window ending at `nowMs`, oldest first. One pass
 * over `times`; they are sorted only when they were not in order already (the lists this
 * module writes always are), so a long list under a generous limit stays cheap.
 */
function inWindow(times: readonly unknown[], nowMs: number, limit: RateLimit): number[] {
  const kept: number[] = [];
  let ordered = true;
  for (const t of times) {
    if (typeof t !== 'number' || !(t > nowMs - limit.windowMs && t <= nowMs)) continue;
    if (kept.length > 0 && t < kept[kept.length - 1]!) ordered = false;
    kept.push(t);
  }
  return ordered ? kept : kept.sort((a, b) => a - b);
}

/** The action times (epoch ms) still inside the window; malformed storage counts as none. */
function recentActions(
  storage: KeyValueStorage,
  key: string,
  nowMs: number,
  limit: RateLimit,
): number[] {
  let stored: unknown;
  try {
    stored = JSON.parse(storage.getItem(key) ?? '[]');
  } catch {
    stored = [];
  }
  return inWindow(Array.isArray(stored) ? stored : [], nowMs, limit);
}

function resultOf(times: readonly number[], nowMs: number, limit: RateLimit): RateLimitResult {
  const allowed = times.length < limit.maxActions;
  const oldest = times[times.length - limit.maxActions] ?? nowMs;
  return {
    allowed,
    remaining: Math.max(0, limit.maxActions - times.length),
    retryAfterMs: allowed ? 0 : oldest + limit.windowMs - nowMs,
  };
}

/** Whether `userId` may act at `nowMs`, without counting an action (docs/product.md#limits). */
export function checkRateLimit(
  storage: KeyValueStorage,
  userId: string,
  nowMs: number,
  limit: RateLimit = RATE_LIMIT,
): RateLimitResult {
  return resultOf(recentActions(storage, rateLimitStorageKey(userId), nowMs, limit), nowMs, limit);
}

/**
 * Counts one action of `userId` at `nowMs` when the limit allows it and stores the
 * counter; a refused action is not counted. `remaining` is after this action
 * (docs/product.md#limits).
 */
export function consumeRateLimit(
  storage: KeyValueStorage,
  userId: string,
  nowMs: number,
  limit: RateLimit = RATE_LIMIT,
): RateLimitResult {
  const key = rateLimitStorageKey(userId);
  const recent = recentActions(storage, key, nowMs, limit);
  const { result, times } = consumeRateLimitTimes(recent, nowMs, limit);
  if (result.allowed) storage.setItem(key, JSON.stringify(times));
  return result;
}

/**
 * The same rule over one user's action times kept in memory (epoch ms; the server's
 * per-user limits): counts an action at `nowMs` when the limit allows it. `times` is the
 * list to keep for the user: the actions still inside the window, plus this one when it
 * was allowed. A refused action is not counted.
 */
export function consumeRateLimitTimes(
  stored: readonly number[],
  nowMs: number,
  limit: RateLimit = RATE_LIMIT,
): { result: RateLimitResult; times: number[] } {
  const times = inWindow(stored, nowMs, limit);
  const before = resultOf(times, nowMs, limit);
  if (!before.allowed) return { result: before, times };
  times.push(nowMs);
  return {
    result: { allowed: true, remaining: limit.maxActions - times.length, retryAfterMs: 0 },
    times,
  };
}

/** 'Rate limit exceeded: max {max} requests per hour' in English (docs/product.md#errors-and-messages). */
export function rateLimitMessage(max: number = RATE_LIMIT.maxActions): string {
  return formatMessage(calculatorMessages.rateLimitExceeded, { max });
}
