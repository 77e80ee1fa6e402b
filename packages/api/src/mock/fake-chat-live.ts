/**
 * A chat reply of the fake being generated (the OpenAPI document): it produces its SSE
 * events on its own clock, whoever listens, so a client that disconnects (reload, network
 * switch) leaves it running and `GET /chat/stream/{id}` can replay it from the start or
 * after a `Last-Event-ID`. Only `stop()` (`POST /chat/stop`, `POST /chat/end`) ends it
 * early: the partial reply is stored marked interrupted and `complete` is sent.
 *
 * Each event carries an SSE id `<exchange>:<n>` (n from 1), unique across replies.
 */
import type { BotType, ExtractedData, StreamChunk } from '@solar/domain/contract';
import { chatMessages } from '@solar/domain/messages';

/** Pacing of a reply (from the mock scenario). */
export interface ReplyPace {
  /** Wait between events, ms; the first event comes at once. */
  readonly tokenDelayMs: number;
  /** After this many text events: an error chunk and `complete` (stored as interrupted). */
  readonly failAfter?: number;
}

/** One SSE event of a reply. */
export interface FakeStreamEvent {
  /** The SSE `id:` (what a client sends back as `Last-Event-ID`). */
  readonly id: string;
  /** The SSE `event:` name (`complete` for the last), none for text chunks. */
  readonly event?: string;
  readonly data: StreamChunk;
}

/** How a reply ended: every piece sent, cut by a failure, or stopped by the user. */
export type ReplyEnding = 'finished' | 'failed' | 'stopped';

/** What a reply says and what happens when it ends. */
export interface ReplyPlan {
  readonly conversationId: string;
  /** Tells this exchange's event ids apart from other replies' (e.g. the user message id). */
  readonly exchangeId: string;
  readonly botType: BotType;
  /** The text, in the pieces sent one per event. */
  readonly pieces: readonly string[];
  readonly extractedData: ExtractedData | null;
  /** Called once, before `complete` is sent, with the text produced and how it ended. */
  onEnd(text: string, ending: ReplyEnding): void;
}

/** A reply being generated (see the module comment). */
export interface FakeLiveReply {
  readonly conversationId: string;
  /** Every event produced so far, in order. */
  readonly events: readonly FakeStreamEvent[];
  /** True once `complete` was produced. */
  readonly done: boolean;
  /** Calls `listener` after each new event; returns the unsubscribe function. */
  subscribe(listener: () => void): () => void;
  /** The index of the event after the one with SSE id `lastEventId`; 0 when absent or unknown. */
  indexAfter(lastEventId: string | null): number;
  /** Ends generation now: stores the partial reply marked interrupted, then sends `complete`. */
  stop(): void;
}

/** Starts producing the events of `plan` paced by `pace`; the first event is produced at once. */
export function startLiveReply(plan: ReplyPlan, pace: ReplyPace): FakeLiveReply {
  const events: FakeStreamEvent[] = [];
  const listeners = new Set<() => void>();
  const base = {
    conversationId: plan.conversationId,
    botType: plan.botType,
    isComplete: false,
    isError: false,
  } as const;
  const prefix = `${plan.exchangeId}:`;
  let produced = 0;
  let done = false;
  let timer: ReturnType<typeof setTimeout> | undefined;

  function emit(data: StreamChunk, event?: string) {
    events.push({ id: `${prefix}${events.length + 1}`, ...(event ? { event } : {}), data });
    for (const listener of [...listeners]) listener();
  }
  function end(ending: ReplyEnding, last: Partial<StreamChunk>) {
    done = true;
    clearTimeout(timer);
    plan.onEnd(plan.pieces.slice(0, produced).join(''), ending);
    emit({ ...base, textDelta: '', isComplete: true, ...last }, 'complete');
    listeners.clear();
  }
  function step() {
    if (done) return;
    const failing = pace.failAfter !== undefined && produced === pace.failAfter;
    if (failing && produced < plan.pieces.length) {
      emit({ ...base, isError: true, textDelta: chatMessages.genericError.defaultMessage });
      end('failed', { isError: true, completeMessage: null, extractedData: null });
    } else if (produced < plan.pieces.length) {
      emit({ ...base, textDelta: plan.pieces[produced]! });
      produced += 1;
      timer = setTimeout(step, pace.tokenDelayMs);
    } else {
      const text = plan.pieces.join('');
      end('finished', { completeMessage: text, extractedData: plan.extractedData });
    }
  }

  step();
  return {
    conversationId: plan.conversationId,
    events,
    get done() {
      return done;
    },
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    indexAfter(lastEventId) {
      if (!lastEventId?.startsWith(prefix)) return 0;
      const n = Number(lastEventId.slice(prefix.length));
      return Number.isInteger(n) && n >= 1 && n <= events.length ? n : 0;
    },
    stop() {
      if (done) return;
      const partial = plan.pieces.slice(0, produced).join('');
      end('stopped', { completeMessage: partial, extractedData: null });
    },
  };
}
