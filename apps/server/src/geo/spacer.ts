/**
 * Upstream pacing for the geocoder (Nominatim's usage policy: at most one request per
 * second). Tasks run one at a time, in arrival order, and each starts at least
 * `minIntervalMs` after the previous one has finished, so however long a call takes on
 * the wire, the upstream never sees two within `minIntervalMs`. Waiting callers are
 * bounded: past `maxWaiting` a call fails at once with QueueFullError instead of piling up.
 * With `shared` (shared-pace.ts, Redis), each task also waits for its slot among every
 * instance's calls before it starts.
 */
import type { SharedPace } from './shared-pace.ts';

/** Thrown when too many calls are already waiting for their turn. */
export class QueueFullError extends Error {
  override name = 'QueueFullError';
  /** Milliseconds until the queue is likely to have room (an estimate for Retry-After). */
  readonly retryAfterMs: number;
  constructor(retryAfterMs: number) {
    super('The upstream queue is full');
    this.retryAfterMs = retryAfterMs;
  }
}

/** Paces tasks (see the file comment). */
export interface Spacer {
  /** Runs `task` in its turn; throws QueueFullError when the queue is full. */
  run<T>(task: () => Promise<T>): Promise<T>;
}

/** Creates a spacer; `now` is epoch ms (fake timers in tests move it). */
export function createSpacer(options: {
  minIntervalMs: number;
  maxWaiting: number;
  now?: () => number;
  /** The pace shared with other instances (Redis), taken after this process's own turn. */
  shared?: SharedPace;
}): Spacer {
  const { minIntervalMs, maxWaiting, now = Date.now, shared } = options;
  let tail: Promise<void> = Promise.resolve();
  let lastEnd = -Infinity;
  let active = false;
  let waiting = 0;

  const sleepUntil = async (at: number) => {
    // Timers may fire a millisecond early: wait until the moment has really come.
    while (now() < at) {
      await new Promise((resolve) => setTimeout(resolve, at - now()).unref());
    }
  };

  return {
    run(task) {
      const cooling = now() < lastEnd + minIntervalMs;
      // The head of the queue starts at once when nothing runs and nothing cools down.
      const headStartsNow = !active && !cooling && waiting > 0;
      const blocked = waiting - (headStartsNow ? 1 : 0);
      const mustWait = active || cooling || waiting > 0;
      if (mustWait && blocked >= maxWaiting) {
        const untilFree = Math.max(lastEnd + minIntervalMs - now(), 0);
        return Promise.reject(
          new QueueFullError(untilFree + (blocked + (active ? 1 : 0)) * minIntervalMs),
        );
      }
      waiting += 1;
      const result = tail.then(async () => {
        waiting -= 1;
        active = true;
        try {
          await sleepUntil(lastEnd + minIntervalMs);
          await shared?.take();
          return await task();
        } finally {
          lastEnd = now();
          active = false;
        }
      });
      tail = result.then(
        () => undefined,
        () => undefined,
      );
      return result;
    },
  };
}
