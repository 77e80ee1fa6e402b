/**
 * One reader per server process for the Redis streams of running chat replies that this
 * process follows for its clients (reply-log.ts: a resume that landed on another instance
 * than the one running the reply). A single connection, duplicated from REDIS_URL's client
 * on first use, blocks in one `XREAD BLOCK ... STREAMS k1 k2 ... id1 id2 ...` over every
 * followed stream and hands each new entry to that stream's followers; followers of the
 * same reply share its read. So any number of followers, of any number of replies, cost
 * one Redis connection, where one blocking connection per follower let a single user open
 * hundreds.
 *
 * Why XREAD rather than pub/sub: the entries are already in the streams, so nothing
 * changes on the writing side, a reconnection resumes from the last id read (a pub/sub
 * message published while the subscriber reconnects is lost), and a follower that joins
 * late reads the start with XRANGE and the rest from the same ids, with no gap and no
 * duplicate to sort out between two channels.
 *
 * A stream that disappears (its instance died and the key expired) ends its followers;
 * so does a failure of the reading connection (their clients resume with Last-Event-ID).
 * A follower added while the reader blocks wakes it with `CLIENT UNBLOCK` so that it does
 * not wait for the block to time out.
 */
import type { Redis } from 'ioredis';

/** One entry of a stream: its id and its field list. */
export type StreamEntry = [id: string, fields: string[]];

/** The longest XREAD wait, ms (under the client's 500 ms command timeout). */
export const BLOCK_MS = 400;

/** Orders two stream ids (`<ms>-<seq>`): negative when `a` comes before `b`. */
export function compareStreamIds(a: string, b: string): number {
  const [aMs = 0n, aSeq = 0n] = a.split('-').map(BigInt);
  const [bMs = 0n, bSeq = 0n] = b.split('-').map(BigInt);
  if (aMs !== bMs) return aMs < bMs ? -1 : 1;
  return aSeq === bSeq ? 0 : aSeq < bSeq ? -1 : 1;
}

/** One follower of one stream. */
export interface StreamWatch {
  /**
   * Starts reading after `lastId` (what the follower read itself, with XRANGE). Entries
   * that arrived since the watch was made and are after `lastId` are kept for `next`.
   */
  start(lastId: string): void;
  /**
   * The next entries after the last one returned (or after `start`'s id), as they come;
   * null once the stream is gone, the reader failed or `signal` aborted.
   */
  next(signal: AbortSignal): Promise<StreamEntry[] | null>;
  /** Stops following; the stream is read no more once its last follower stopped. */
  stop(): void;
}

export interface StreamReader {
  /** Follows stream `key` (see StreamWatch); make it before reading the stream's start. */
  watch(key: string): StreamWatch;
  /** The number of streams read now (for tests and metrics). */
  size(): number;
  /** Closes the reading connection. */
  close(): Promise<void>;
}

interface Follower {
  /** The id after which this follower wants entries; undefined until `start`. */
  after: string | undefined;
  queue: StreamEntry[];
  ended: boolean;
  wake: (() => void) | undefined;
}

interface Stream {
  /** The id after which the reader asks for entries; undefined until a follower started. */
  cursor: string | undefined;
  followers: Set<Follower>;
}

/** The reader over `redis` (REDIS_URL's client); `onError` hears a failed read. */
export function createStreamReader(
  redis: Redis,
  onError: (error: unknown) => void = () => {},
  now: () => number = Date.now,
): StreamReader {
  const streams = new Map<string, Stream>();
  let connection: Redis | undefined;
  let connectionId: number | undefined;
  let running = false;
  let closed = false;
  let blocked = false;
  /** Resolves the loop's wait for a stream to read (none started yet). */
  let idle: (() => void) | undefined;
  let lastSweep = now();

  const deliver = (follower: Follower) => {
    const wake = follower.wake;
    follower.wake = undefined;
    wake?.();
  };
  const endStream = (key: string) => {
    const stream = streams.get(key);
    if (!stream) return;
    streams.delete(key);
    for (const follower of stream.followers) {
      follower.ended = true;
      deliver(follower);
    }
  };

  /** Wakes the loop: out of its idle wait, or out of a blocking XREAD (CLIENT UNBLOCK). */
  function nudge() {
    if (idle) {
      const resume = idle;
      idle = undefined;
      resume();
    } else if (blocked && connectionId !== undefined && redis.status === 'ready') {
      redis.client('UNBLOCK', connectionId).catch(onError);
    }
    if (!running && !closed) void loop();
  }

  /** Ends the followers of streams that no longer exist (their instance died). */
  async function sweep() {
    lastSweep = now();
    const keys = [...streams.keys()];
    const pipeline = redis.pipeline();
    for (const key of keys) pipeline.exists(key);
    const answers = (await pipeline.exec()) ?? [];
    keys.forEach((key, i) => {
      const [error, exists] = answers[i] ?? [null, 1];
      if (!error && exists === 0) endStream(key);
    });
  }

  async function loop() {
    running = true;
    try {
      while (streams.size > 0) {
        const ready = [...streams].filter(([, stream]) => stream.cursor !== undefined);
        if (ready.length === 0) {
          await new Promise<void>((resolve) => (idle = resolve));
          continue;
        }
        if (!connection) {
          connection = redis.duplicate({ enableOfflineQueue: true });
          connection.on('error', () => {}); // reported by the main client's log lines
          connectionId = undefined;
        }
        connectionId ??= Number(await connection.client('ID'));
        const keys = ready.map(([key]) => key);
        blocked = true;
        let answer: [string, StreamEntry[]][] | null;
        try {
          answer = (await connection.xread(
            'BLOCK',
            BLOCK_MS,
            'STREAMS',
            ...keys,
            ...ready.map(([, stream]) => stream.cursor!),
          )) as [string, StreamEntry[]][] | null;
        } finally {
          blocked = false;
        }
        for (const [key, entries] of answer ?? []) {
          const stream = streams.get(key);
          if (!stream || entries.length === 0) continue;
          stream.cursor = entries.at(-1)![0];
          for (const follower of stream.followers) {
            if (follower.after === undefined) {
              follower.queue.push(...entries);
            } else {
              const after = follower.after;
              follower.queue.push(...entries.filter(([id]) => compareStreamIds(id, after) > 0));
            }
            deliver(follower);
          }
        }
        if (!answer || now() - lastSweep >= BLOCK_MS) await sweep();
      }
    } catch (error) {
      if (!closed) onError(error);
      for (const key of [...streams.keys()]) endStream(key);
      connection?.disconnect();
      connection = undefined;
    } finally {
      running = false;
    }
  }

  return {
    watch(key) {
      let stream = streams.get(key);
      if (!stream) streams.set(key, (stream = { cursor: undefined, followers: new Set() }));
      const joined = stream;
      const follower: Follower = { after: undefined, queue: [], ended: false, wake: undefined };
      joined.followers.add(follower);
      return {
        start(lastId) {
          follower.after = lastId;
          follower.queue = follower.queue.filter(([id]) => compareStreamIds(id, lastId) > 0);
          // Read from the earliest position any follower needs; the others skip repeats.
          if (joined.cursor === undefined || compareStreamIds(lastId, joined.cursor) < 0) {
            joined.cursor = lastId;
          }
          if (streams.get(key) === joined) nudge();
          else follower.ended = true; // the stream ended meanwhile
        },
        async next(signal) {
          while (follower.queue.length === 0 && !follower.ended && !signal.aborted) {
            await new Promise<void>((resolve) => {
              const done = () => {
                signal.removeEventListener('abort', done);
                resolve();
              };
              follower.wake = done;
              signal.addEventListener('abort', done, { once: true });
            });
          }
          if (follower.queue.length === 0) return null;
          const batch = follower.queue;
          follower.queue = [];
          follower.after = batch.at(-1)![0];
          return batch;
        },
        stop() {
          joined.followers.delete(follower);
          if (joined.followers.size === 0 && streams.get(key) === joined) streams.delete(key);
        },
      };
    },
    size: () => streams.size,
    async close() {
      closed = true;
      for (const key of [...streams.keys()]) endStream(key);
      idle?.();
      connection?.disconnect();
      connection = undefined;
    },
  };
}
