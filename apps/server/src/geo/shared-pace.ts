/**
 * Nominatim's pace shared by every server instance (its usage policy,
 * https://operations.osmfoundation.org/policies/nominatim/: "an absolute maximum of 1
 * request per second" for the whole application, however many processes run it). With
 * `REDIS_URL` set, each upstream call first reserves a start slot in Redis: one Lua script,
 * run atomically on Redis's own clock (`TIME`), hands out start times at least
 * `minIntervalMs` (plus `slackMs` for the hop back from Redis and timer drift) apart, and
 * the caller waits until its slot. A slot further away than `maxWaitMs` is not taken: the
 * call fails at once with QueueFullError (503 with Retry-After). While Redis cannot answer
 * (its client fails fast), each process keeps only its own pace (spacer.ts), as the rate
 * limits do (docs/decisions/028-cross-instance-state.md), and says so once in the log.
 */
import type { Redis } from 'ioredis';
import { QueueFullError } from './spacer.ts';

/** Reserves a start slot; answers the wait in ms, or minus the wait when it is too long. */
const RESERVE_SLOT = `
local t = redis.call('TIME')
local now = tonumber(t[1]) * 1000 + math.floor(tonumber(t[2]) / 1000)
local nextStart = tonumber(redis.call('GET', KEYS[1]) or '0')
local slot = math.max(now, nextStart)
local wait = slot - now
if wait > tonumber(ARGV[2]) then return -wait end
local interval = tonumber(ARGV[1])
redis.call('SET', KEYS[1], tostring(slot + interval), 'PX', wait + interval + 1000)
return wait
`;

/** The Redis key of the geocoder's next free start time (epoch ms on Redis's clock). */
export const NOMINATIM_SLOT_KEY = 'solar:geo:nominatim:next-start';

/** A shared turn: resolves when this process may start its upstream call. */
export interface SharedPace {
  /** Waits for a shared start slot; throws QueueFullError when none is free in time. */
  take(): Promise<void>;
}

/** Settings of the shared pace. */
export interface SharedPaceOptions {
  redis: Pick<Redis, 'eval'>;
  /** Least time between two upstream starts of all instances, ms. */
  minIntervalMs: number;
  /** Longest wait for a slot before answering busy, ms. */
  maxWaitMs: number;
  /** Added to every interval for the hop back from Redis and timer drift, ms (default 25). */
  slackMs?: number;
  key?: string;
  /** Hears Redis going away and coming back (one call each). */
  onRedis?: (state: 'down' | 'up', reason?: string) => void;
}

/** Creates the shared pace (see the file comment). */
export function createSharedPace(options: SharedPaceOptions): SharedPace {
  const { redis, minIntervalMs, maxWaitMs, slackMs = 25, key = NOMINATIM_SLOT_KEY } = options;
  let down = false;
  return {
    async take() {
      let wait: number;
      try {
        wait = Number(
          await redis.eval(
            RESERVE_SLOT,
            1,
            key,
            String(minIntervalMs + slackMs),
            String(maxWaitMs),
          ),
        );
      } catch (error) {
        // Redis is away: this process's own spacer still paces its calls.
        if (!down)
          options.onRedis?.('down', error instanceof Error ? error.message : String(error));
        down = true;
        return;
      }
      if (down) options.onRedis?.('up');
      down = false;
      if (wait < 0) throw new QueueFullError(-wait);
      if (wait > 0) await new Promise((resolve) => setTimeout(resolve, wait).unref());
    },
  };
}
