/**
 * App-wide notices raised outside React (the API client's callbacks, the global error
 * handler) and shown by the toast bridge inside it. A tiny typed emitter: no state.
 */
import type { MessageDescriptor } from '@solar/domain';

export type NoticeKind = 'success' | 'error' | 'warning' | 'info';

/** A toast to show: `title`/`message` are message descriptors or literal text. */
export interface Notice {
  kind: NoticeKind;
  title?: MessageDescriptor | string;
  message: MessageDescriptor | string;
  values?: Record<string, string | number>;
  /** Milliseconds; the kind's default when absent (docs/product.md#limits). */
  durationMs?: number;
}

type Listener = (notice: Notice) => void;

export interface NoticeBus {
  publish(notice: Notice): void;
  subscribe(listener: Listener): () => void;
}

/** Creates a bus; notices published with no listener are kept until one subscribes. */
export function createNoticeBus(): NoticeBus {
  const listeners = new Set<Listener>();
  const pending: Notice[] = [];
  return {
    publish(notice) {
      if (listeners.size === 0) pending.push(notice);
      for (const listener of listeners) listener(notice);
    },
    subscribe(listener) {
      listeners.add(listener);
      for (const notice of pending.splice(0)) listener(notice);
      return () => listeners.delete(listener);
    },
  };
}
