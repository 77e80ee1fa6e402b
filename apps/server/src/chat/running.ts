/**
 * The machinery of running chat replies: background tasks that outlive a
 * request, the registry of running replies that `POST /chat/stop` and `/chat/end` stop (on
 * whichever instance runs them: stop-channel.ts), a bounded abort signal, and the tracker
 * of open streams for a graceful shutdown.
 */
import type { StopChannel } from './stop-channel.ts';

/** Work that outlives a request (model-written titles), finished or aborted on close. */
export interface BackgroundTasks {
  run(task: (signal: AbortSignal) => Promise<void>): void;
  /** Aborts the running tasks and waits for them. */
  close(): Promise<void>;
}

/** Creates the background task set; failures go to `onError`. */
export function createBackgroundTasks(onError: (error: unknown) => void): BackgroundTasks {
  const controller = new AbortController();
  const running = new Set<Promise<void>>();
  return {
    run(task) {
      const promise = task(controller.signal)
        .catch(onError)
        .finally(() => running.delete(promise));
      running.add(promise);
    },
    async close() {
      controller.abort();
      await Promise.allSettled([...running]);
    },
  };
}

/**
 * The replies running in this process, by conversation id. `stop(id)` (`POST /chat/stop`,
 * `POST /chat/end`) aborts them here and, through the stop channel, on every other
 * instance: each ends with `complete` (no error chunk) and stores what it had streamed,
 * marked interrupted.
 */
export interface LiveReplies {
  /** Registers a reply of `conversationId`; the returned signal aborts on `stop`. */
  open(conversationId: string): { signal: AbortSignal; close(): void };
  /** Stops every reply of `conversationId` streaming now. */
  stop(conversationId: string): void;
  /** How many replies are streaming now (the metrics' `solar_chat_streams_open`). */
  count(): number;
}

/** Creates the registry of running replies (see LiveReplies) over `stops` (or local only). */
export function createLiveReplies(stops?: StopChannel): LiveReplies {
  const byConversation = new Map<string, Set<AbortController>>();
  let open = 0;
  return {
    open(conversationId) {
      const controller = new AbortController();
      let set = byConversation.get(conversationId);
      if (!set) byConversation.set(conversationId, (set = new Set()));
      set.add(controller);
      open++;
      const unsubscribe = stops?.subscribe(conversationId, () =>
        controller.abort(new Error('the reply was stopped')),
      );
      return {
        signal: controller.signal,
        close() {
          unsubscribe?.();
          if (set.delete(controller)) open--;
          if (set.size === 0 && byConversation.get(conversationId) === set) {
            byConversation.delete(conversationId);
          }
        },
      };
    },
    stop(conversationId) {
      if (stops) return stops.publish(conversationId);
      for (const controller of byConversation.get(conversationId) ?? []) {
        controller.abort(new Error('the reply was stopped'));
      }
    },
    count: () => open,
  };
}

/**
 * An abort signal that follows `sources` and a timeout of `timeoutMs`, and lets go of all of
 * them with `release()`. `AbortSignal.any` with `AbortSignal.timeout` would do the same, but
 * Node keeps such signals (and everything their listeners reach: the model's stream, the
 * reply) alive until the timeout fires, minutes after the reply ended; under load that
 * was tens of megabytes per 200 streams (docs/benchmarks.md, chat RSS).
 */
export function abortWhenAny(sources: readonly AbortSignal[], timeoutMs: number) {
  const controller = new AbortController();
  let timedOut = false;
  const abort = (reason: unknown) => {
    if (!controller.signal.aborted) controller.abort(reason);
  };
  const onSource = (event: Event) => abort((event.target as AbortSignal).reason);
  for (const source of sources) {
    if (source.aborted) abort(source.reason);
    else source.addEventListener('abort', onSource, { once: true });
  }
  const timer = setTimeout(() => {
    timedOut = true;
    abort(new DOMException('The operation timed out.', 'TimeoutError'));
  }, timeoutMs);
  timer.unref();
  return {
    signal: controller.signal,
    /** True when the timeout, not a source, ended it. */
    timedOut: () => timedOut,
    /** Stops the timer and stops following the sources. */
    release() {
      clearTimeout(timer);
      for (const source of sources) source.removeEventListener('abort', onSource);
    },
  };
}

/** How long open streams may still run after SIGTERM before they are stopped, ms. */
export const SHUTDOWN_GRACE_MS = 5000;

/**
 * The open streams of one server, for a graceful shutdown: `track` registers a stream's
 * promise; `drain` waits up to `graceMs` for them, then aborts `signal` and waits (at most
 * `graceMs` again) for the aborted replies to be stored.
 */
export function createStreamTracker() {
  const open = new Set<Promise<unknown>>();
  const controller = new AbortController();
  const settle = (ms: number) =>
    Promise.race([
      Promise.allSettled([...open]),
      new Promise((resolve) => setTimeout(resolve, ms).unref()),
    ]);
  return {
    signal: controller.signal,
    async track<T>(stream: Promise<T>): Promise<T> {
      open.add(stream);
      try {
        return await stream;
      } finally {
        open.delete(stream);
      }
    },
    async drain(graceMs: number = SHUTDOWN_GRACE_MS): Promise<void> {
      if (open.size > 0) await settle(graceMs);
      controller.abort(new Error('the server is shutting down'));
      if (open.size > 0) await settle(graceMs);
    },
  };
}
