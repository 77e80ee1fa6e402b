/**
 * useChatStream: the chat reply as a React hook over the typed client (docs/product.md#ai-chat; the
 * OpenAPI document): send, the user's stop, following a running reply and reconnecting after a
 * dropped connection; the conversation's queries refresh after.
 */
import type { ChatStreamRequest, StreamChunk } from '@solar/domain/contract';
import { useCallback, useRef, useState } from 'react';
import { isNetworkFailure, type ApiError } from '../errors.ts';
import type { ChatStream } from '../resources/chat.ts';
import { useApiQueryClient } from './hooks.tsx';
import { useApiClient } from './provider.tsx';
import { invalidate } from './queries.ts';

/** The state of the streamed reply. */
export interface ChatStreamState {
  readonly status: 'idle' | 'streaming' | 'done' | 'stopped' | 'error';
  /** Text received so far. */
  readonly text: string;
  /** Known once the first chunk arrived (docs/product.md#ai-chat: then the URL becomes /chat/{id}). */
  readonly conversationId: string | null;
  readonly last: StreamChunk | null;
  readonly error: ApiError | null;
}

const idle: ChatStreamState = {
  status: 'idle',
  text: '',
  conversationId: null,
  last: null,
  error: null,
};

/** How many times a dropped reply stream is reopened (after its last event) before failing. */
const RECONNECTS = 3;

/**
 * Sends a message and follows its streamed reply (the OpenAPI document):
 * - `send(request)` streams the reply; resolves with the ApiError when the request failed,
 *   else null. A connection that drops mid-reply is reopened with `GET /chat/stream/{id}`
 *   after the last event received (up to 3 times): the server keeps generating meanwhile.
 * - `resume(conversationId)` follows a reply already running on the server (opened in
 *   another tab, or before a reload); resolves at once with nothing when none runs (204).
 * - `stop()` is the user's Stop: `POST /chat/stop/{id}`, after which the server ends the
 *   stream with the partial reply (status `stopped`); without an id yet, or when that call
 *   fails, the request is aborted.
 * - `detach()` stops following (leaving the conversation); the server keeps generating and
 *   stores the whole reply.
 * After the reply the conversation list, history and portfolio refresh.
 */
export function useChatStream(options: { onChunk?: (chunk: StreamChunk) => void } = {}) {
  const api = useApiClient();
  const client = useApiQueryClient();
  const [state, setState] = useState<ChatStreamState>(idle);
  const controller = useRef<AbortController | null>(null);
  const following = useRef<{ conversationId: string | null; stopRequested: boolean } | null>(null);
  const onChunk = useRef(options.onChunk);
  onChunk.current = options.onChunk;

  const follow = useCallback(
    async (
      open: (signal: AbortSignal, lastEventId: string | null) => ChatStream,
      startId: string | null,
    ): Promise<ApiError | null> => {
      controller.current?.abort();
      const abort = new AbortController();
      controller.current = abort;
      const run = { conversationId: startId, stopRequested: false };
      following.current = run;
      let text = '';
      let lastEventId: string | null = null;
      let received = false;
      setState({ ...idle, status: 'streaming', conversationId: startId });
      // A stream replaced by a newer one must not overwrite the newer stream's state.
      const current = () => controller.current === abort;
      try {
        for (let attempt = 0; ; attempt += 1) {
          const stream = open(abort.signal, lastEventId);
          try {
            for await (const chunk of stream) {
              received = true;
              run.conversationId = chunk.conversationId || run.conversationId;
              if (!chunk.isComplete && !chunk.isError) text += chunk.textDelta;
              onChunk.current?.(chunk);
              if (current()) {
                setState({
                  status: 'streaming',
                  text,
                  conversationId: run.conversationId,
                  last: chunk,
                  error: null,
                });
              }
            }
            break;
          } catch (error) {
            lastEventId = stream.lastEventId ?? lastEventId;
            const dropped = isNetworkFailure(error) && !abort.signal.aborted;
            if (!dropped || run.conversationId === null || attempt >= RECONNECTS) throw error;
            // The connection dropped mid-reply: the server goes on; read on from the last event.
            const id = run.conversationId;
            open = (signal, after) => api.chat.resume(id, { lastEventId: after, signal });
          }
        }
        if (current()) {
          const stopped = abort.signal.aborted || run.stopRequested;
          setState((s) => ({ ...s, status: stopped ? 'stopped' : received ? 'done' : 'idle' }));
        }
        return null;
      } catch (error) {
        if (current()) setState((s) => ({ ...s, status: 'error', error: error as ApiError }));
        return error as ApiError;
      } finally {
        if (controller.current === abort) controller.current = null;
        if (following.current === run) following.current = null;
        if (received) void invalidate.chat(client, run.conversationId ?? undefined);
      }
    },
    [api, client],
  );

  const send = useCallback(
    (request: ChatStreamRequest) =>
      follow((signal) => api.chat.stream(request, { signal }), request.conversationId ?? null),
    [api, follow],
  );
  const resume = useCallback(
    (conversationId: string) =>
      follow(
        (signal, lastEventId) => api.chat.resume(conversationId, { lastEventId, signal }),
        conversationId,
      ),
    [api, follow],
  );
  const stop = useCallback(() => {
    const run = following.current;
    const abort = controller.current;
    if (!run || !abort) return;
    run.stopRequested = true;
    if (run.conversationId === null) return abort.abort();
    api.chat.stop(run.conversationId).catch(() => abort.abort());
  }, [api]);
  const detach = useCallback(() => controller.current?.abort(), []);
  const reset = useCallback(() => setState(idle), []);
  return { state, send, resume, stop, detach, reset };
}
