/**
 * The events of each running chat reply, kept so that a client that lost its connection
 * can resume (`GET /chat/stream/{id}`). A reply writes its events here; the
 * `POST /chat/stream` answer and any resumed stream follow them.
 *
 * Event ids are `<reply id>.<n>` (n = 0 for the first chunk), so a `Last-Event-ID` of this
 * reply resumes after event n and one of an earlier reply replays this one from the start.
 *
 * In this process the events are kept in memory while the reply runs and RETAIN_MS after
 * it ended. With Redis they are also appended (without waiting) to the Redis stream
 * `solar:chat:reply:<conversation id>` (XADD with the ids `0-<n+1>`, the reply id in each
 * entry, an `end` entry last; the key expires REDIS_TTL_MS after the last write), so a
 * resume that lands on another instance reads them there: the start with XRANGE, the rest
 * through this process's one stream reader (stream-reader.ts: one blocking connection for
 * every followed reply). While Redis is lost, only the instance running the reply can
 * resume it.
 */
import { randomBytes } from 'node:crypto';
import type { Redis } from 'ioredis';
import { compareStreamIds, createStreamReader, type StreamEntry } from './stream-reader.ts';

/** How long a finished reply's events stay available, ms. */
export const RETAIN_MS = 60_000;
/** Expiry of a reply's Redis stream after its last write, ms (a dead instance's reply). */
export const REDIS_TTL_MS = 120_000;

/** One event of a reply: its id, optional name, and its data as JSON text. */
export interface ReplyEvent {
  id: string;
  event: string | undefined;
  /** The data, `JSON.stringify`'d once when emitted (sent as is, and copied to Redis). */
  json: string;
}

/** The writer of one reply's events. */
export interface ReplyWriter {
  /** Appends an event; returns it (with its id). */
  emit(data: unknown, event?: string): ReplyEvent;
  /** Keeps the Redis copy from expiring while the reply is silent (heartbeats). */
  touch(): void;
  /** Marks the reply finished: followers get no more events. */
  end(): void;
}

export interface ReplyLog {
  /**
   * True when the conversation has a running reply, or a reply that ended within
   * RETAIN_MS and that `lastEventId` belongs to (its client lost the connection before
   * the end and comes back for the rest). A finished reply is not replayed to a client
   * that never saw it: the stored conversation has it.
   */
  has(conversationId: string, lastEventId?: string): Promise<boolean>;
  /** Starts the log of a new reply of `conversationId` (replacing an earlier one). */
  begin(conversationId: string): ReplyWriter;
  /**
   * Calls `onEvent` with each event of the conversation's running or just finished reply
   * after `lastEventId`, as they come, until the reply ends or `signal` aborts. Resolves
   * false at once when there is no such reply.
   */
  follow(
    conversationId: string,
    lastEventId: string | undefined,
    onEvent: (event: ReplyEvent) => void,
    signal: AbortSignal,
  ): Promise<boolean>;
  /** Lets go of the Redis stream reader's connection. */
  close(): Promise<void>;
}

interface LocalReply {
  replyId: string;
  events: ReplyEvent[];
  done: boolean;
  listeners: Set<() => void>;
}

const streamKey = (conversationId: string) => `solar:chat:reply:${conversationId}`;
const END = 'end';

/** The number after `<replyId>.` in `lastEventId`, or -1 (replay all). */
function resumeAfter(replyId: string, lastEventId: string | undefined): number {
  const match = lastEventId ? /^([0-9a-f]+)\.(\d+)$/.exec(lastEventId) : null;
  return match && match[1] === replyId ? Number(match[2]) : -1;
}

/** Creates the reply log (see the module comment); `redis` is REDIS_URL's client. */
export function createReplyLog(redis?: Redis, onRedisError: (e: unknown) => void = () => {}) {
  const local = new Map<string, LocalReply>();
  const ready = () => redis?.status === 'ready';
  const reader = redis ? createStreamReader(redis, onRedisError) : undefined;

  const wake = (reply: LocalReply) => {
    // A listener may remove itself while this runs; a Set's iteration allows that.
    for (const listener of reply.listeners) listener();
  };

  /**
   * Hands `reply`'s events after `after` to `onEvent`, those already there at once and
   * each later one as it is emitted (within `emit`, so no promise or timer per event),
   * until the reply is done or `signal` aborts; rejects when `onEvent` throws.
   */
  function followLocal(
    reply: LocalReply,
    after: number,
    onEvent: (event: ReplyEvent) => void,
    signal: AbortSignal,
  ): Promise<void> {
    let next = after + 1;
    const flush = () => {
      while (next < reply.events.length) onEvent(reply.events[next++]!);
    };
    if (signal.aborted) return Promise.resolve();
    flush();
    if (reply.done) return Promise.resolve();
    return new Promise<void>((resolve, reject) => {
      const stop = () => {
        reply.listeners.delete(listener);
        signal.removeEventListener('abort', onAbort);
      };
      const onAbort = () => {
        stop();
        resolve();
      };
      const listener = () => {
        try {
          flush();
        } catch (error) {
          stop();
          reject(error instanceof Error ? error : new Error(String(error)));
          return;
        }
        if (reply.done) onAbort();
      };
      reply.listeners.add(listener);
      signal.addEventListener('abort', onAbort, { once: true });
    });
  }

  async function followRedis(
    conversationId: string,
    lastEventId: string | undefined,
    onEvent: (event: ReplyEvent) => void,
    signal: AbortSignal,
  ): Promise<boolean> {
    const key = streamKey(conversationId);
    // Watched before the start is read, so that no entry falls between the two.
    const watch = reader!.watch(key);
    try {
      const entries = (await redis!.xrange(key, '-', '+').catch(() => [])) as StreamEntry[];
      if (entries.length === 0) return false;
      const fieldsOf = (list: string[]) =>
        Object.fromEntries(
          list.flatMap((value, i) => (i % 2 === 0 ? [[value, list[i + 1]!]] : [])),
        ) as Record<string, string>;
      const replyId = fieldsOf(entries[0]![1]).r!;
      const after = resumeAfter(replyId, lastEventId);
      let lastId = '0-0';
      /** Handles one entry once; true once the reply has ended (or another began). */
      const handle = ([id, list]: StreamEntry) => {
        if (compareStreamIds(id, lastId) <= 0) return false;
        lastId = id;
        const fields = fieldsOf(list);
        if (fields.r !== replyId || fields.e === END) return true;
        const n = Number(fields.n);
        if (n > after)
          onEvent({ id: `${replyId}.${n}`, event: fields.e || undefined, json: fields.d! });
        return false;
      };
      for (const entry of entries) if (handle(entry)) return true;
      watch.start(lastId);
      for (;;) {
        const batch = await watch.next(signal);
        if (!batch) return true; // ended, expired (its instance died) or the client left
        for (const entry of batch) if (handle(entry)) return true;
      }
    } finally {
      watch.stop();
    }
  }

  return {
    async has(conversationId, lastEventId) {
      const reply = local.get(conversationId);
      if (reply) return !reply.done || resumeAfter(reply.replyId, lastEventId) >= 0;
      if (!ready()) return false;
      const key = streamKey(conversationId);
      const [first, last] = await Promise.all([
        redis!.xrange(key, '-', '+', 'COUNT', 1),
        redis!.xrevrange(key, '+', '-', 'COUNT', 1),
      ]).catch(() => [[], []]);
      if (!first?.[0] || !last?.[0]) return false;
      const field = (list: string[], name: string) => list[list.indexOf(name) + 1];
      const replyId = field(first[0][1], 'r')!;
      const ended = field(last[0][1], 'e') === END;
      return !ended || resumeAfter(replyId, lastEventId) >= 0;
    },
    begin(conversationId) {
      const reply: LocalReply = {
        replyId: randomBytes(6).toString('hex'),
        events: [],
        done: false,
        listeners: new Set(),
      };
      const previous = local.get(conversationId);
      if (previous) {
        previous.done = true;
        wake(previous);
      }
      local.set(conversationId, reply);
      const key = streamKey(conversationId);
      /** Copies an event (`end`: the end entry) to Redis; `fields` is only made when ready. */
      const mirror = (fields: () => string[], end = false) => {
        if (!ready()) return;
        redis!
          .multi()
          .xadd(key, `0-${reply.events.length + (end ? 1 : 0)}`, ...fields())
          .pexpire(key, REDIS_TTL_MS)
          .exec()
          .catch(onRedisError);
      };
      if (ready()) redis!.del(key).catch(onRedisError);
      return {
        emit(data, event) {
          const n = reply.events.length;
          const entry: ReplyEvent = {
            id: `${reply.replyId}.${n}`,
            event,
            json: JSON.stringify(data),
          };
          reply.events.push(entry);
          mirror(() => ['e', event ?? '', 'r', reply.replyId, 'n', String(n), 'd', entry.json]);
          wake(reply);
          return entry;
        },
        touch() {
          if (ready()) redis!.pexpire(key, REDIS_TTL_MS).catch(onRedisError);
        },
        end() {
          if (reply.done) return;
          reply.done = true;
          mirror(() => ['e', END, 'r', reply.replyId], true);
          wake(reply);
          setTimeout(() => {
            if (local.get(conversationId) === reply) local.delete(conversationId);
          }, RETAIN_MS).unref();
        },
      };
    },
    async follow(conversationId, lastEventId, onEvent, signal) {
      const reply = local.get(conversationId);
      if (reply) {
        await followLocal(reply, resumeAfter(reply.replyId, lastEventId), onEvent, signal);
        return true;
      }
      if (!ready()) return false;
      return followRedis(conversationId, lastEventId, onEvent, signal);
    },
    async close() {
      await reader?.close();
    },
  } satisfies ReplyLog;
}
