/**
 * Stop requests for running chat replies, heard by the process that runs the reply
 * (`POST /chat/stop/{id}` and `POST /chat/end/{id}` may land on any instance).
 * With Redis (REDIS_URL) a stop is published on the conversation's own channel
 * `solar:chat:stop:<conversation id>`, to which a process subscribes while it runs a reply
 * of that conversation (one subscriber connection per process). Handlers in this process
 * are always called directly too, so one process needs no Redis, and a lost Redis still
 * stops the replies of the instance that received the call (one log line says Redis is
 * lost: rate-limit-store.ts).
 */
import type { FastifyBaseLogger } from 'fastify';
import type { Redis } from 'ioredis';

/** The pub/sub channel of one conversation's stops. */
export const stopChannelOf = (conversationId: string) => `solar:chat:stop:${conversationId}`;

export interface StopChannel {
  /** Calls `handler` when a stop of `conversationId` arrives; returns the unsubscribe. */
  subscribe(conversationId: string, handler: () => void): () => void;
  /** Stops every running reply of `conversationId`, in this process and elsewhere. */
  publish(conversationId: string): void;
  close(): Promise<void>;
}

/** The stop channel over `redis` (a subscriber connection is duplicated from it), or local. */
export function createStopChannel(redis: Redis | undefined, log: FastifyBaseLogger): StopChannel {
  const handlers = new Map<string, Set<() => void>>();
  const callLocal = (conversationId: string) => {
    for (const handler of [...(handlers.get(conversationId) ?? [])]) handler();
  };
  // Subscriptions made while it connects wait for it; after a reconnection ioredis
  // subscribes again to the channels still wanted.
  const subscriber = redis?.duplicate({ enableOfflineQueue: true });
  subscriber?.on('error', () => {}); // reported by the main client's log lines
  subscriber?.on('message', (channel: string) => {
    const prefix = stopChannelOf('');
    if (channel.startsWith(prefix)) callLocal(channel.slice(prefix.length));
  });
  const warn = (error: unknown) =>
    log.debug({ err: error }, 'a chat stop was not shared through Redis');
  return {
    subscribe(conversationId, handler) {
      let set = handlers.get(conversationId);
      if (!set) {
        handlers.set(conversationId, (set = new Set()));
        subscriber?.subscribe(stopChannelOf(conversationId)).catch(warn);
      }
      set.add(handler);
      return () => {
        set.delete(handler);
        if (set.size === 0 && handlers.get(conversationId) === set) {
          handlers.delete(conversationId);
          subscriber?.unsubscribe(stopChannelOf(conversationId)).catch(warn);
        }
      };
    },
    publish(conversationId) {
      callLocal(conversationId);
      if (redis?.status === 'ready') {
        redis.publish(stopChannelOf(conversationId), '1').catch(warn);
      }
    },
    async close() {
      subscriber?.disconnect();
    },
  };
}
