/**
 * The chat stream reader (docs/product.md#ai-chat and #errors-and-messages; the OpenAPI document):
 * `POST /chat/stream` (a new reply) or `GET /chat/stream/{id}` with `Last-Event-ID` (the
 * running reply replayed) with fetch, parsed with `eventsource-parser`, yielding typed
 * {@link StreamChunk}s until the event named `complete`, and reporting each event's SSE id.
 *
 * Errors (thrown as ApiError before the first chunk):
 * - no valid access token, or a 401 answer: 'Authentication failed. Please sign in again.';
 * - a JSON error answer (400, 404, 409...): the server's message (domain vocabulary);
 * - an answer that is not `text/event-stream`: 'Server is not configured for streaming...';
 * - an answer without a body: 'Stream not available';
 * - a network failure before the first byte is retried after `retryMs` (default 1 s,
 *   docs/product.md#ai-chat), `retries` times (default 1), then thrown (status 0, code `network`).
 * A malformed chunk is yielded as an error chunk whose text is '[Parse Error]'. The stream
 * ending without `complete` throws a network ApiError (the reply was cut short).
 * Aborting `signal` cancels the request and ends the iteration quietly (the server keeps
 * generating; `POST /chat/stop/{id}` is the user's stop). A replay answered 204 (no reply
 * running) yields nothing.
 * The SSE parser is imported on the first stream (only the chat needs it), while the
 * request is under way.
 */
import { isEventStream, parseStreamChunk, STREAM_COMPLETE_EVENT } from '@solar/domain/chat';
import { STREAM_RETRY_MS } from '@solar/domain/constants';
import type { ChatStreamRequest, StreamChunk } from '@solar/domain/contract';
import { chatMessages } from '@solar/domain/messages';
import {
  ApiError,
  apiErrorFromResponse,
  isAbortError,
  isNetworkFailure,
  toApiError,
} from './errors.ts';

/** Options of {@link readChatStream}. */
export interface ChatStreamOptions {
  /** Absolute or same-origin URL of `POST /chat/stream` or `GET /chat/stream/{id}`. */
  readonly url: string;
  /** The message to send (POST); without it the running reply is replayed (GET). */
  readonly body?: ChatStreamRequest;
  /** The conversation of a replay (chunks without one get it). */
  readonly conversationId?: string;
  /** A replay continues after this SSE event id (`Last-Event-ID`); from the start without. */
  readonly lastEventId?: string | null;
  /** Called with the SSE id of each chunk just before it is yielded. */
  readonly onEventId?: (id: string) => void;
  /** The access token (refreshing first when expired); null or a throw means "no valid token". */
  readonly getAccessToken: () => Promise<string | null>;
  readonly fetch?: typeof fetch;
  /** The user's stop. */
  readonly signal?: AbortSignal;
  /** Wait before retrying a failed connection, ms (default 1000). */
  readonly retryMs?: number;
  /** How many times a connection failing before the first byte is retried (default 1). */
  readonly retries?: number;
  /** Called with each failure answer (e.g. to raise the 403 toast). */
  readonly onError?: (error: ApiError) => void;
}

const authFailed = () =>
  new ApiError(401, 'unauthenticated', chatMessages.authFailed.defaultMessage);

function wait(ms: number, signal: AbortSignal): Promise<void> {
  return new Promise((resolve) => {
    const timer = setTimeout(done, ms);
    signal.addEventListener('abort', done, { once: true });
    function done() {
      clearTimeout(timer);
      signal.removeEventListener('abort', done);
      resolve();
    }
  });
}

/** The fetch init of a new reply (POST with the message) or a replay (GET). */
function requestInit(options: ChatStreamOptions, token: string): RequestInit {
  const headers: Record<string, string> = {
    Accept: 'text/event-stream',
    Authorization: `Bearer ${token}`,
  };
  if (!options.body) {
    if (options.lastEventId) headers['Last-Event-ID'] = options.lastEventId;
    return { method: 'GET', headers };
  }
  headers['Content-Type'] = 'application/json';
  return {
    method: 'POST',
    headers,
    body: JSON.stringify({ conversationId: null, ...options.body }),
  };
}

/**
 * Streams one chat reply. Iterate with `for await`; breaking out of the loop cancels the
 * request as a stop does.
 */
export async function* readChatStream(
  options: ChatStreamOptions,
): AsyncGenerator<StreamChunk, void, undefined> {
  const doFetch = options.fetch ?? globalThis.fetch.bind(globalThis);
  const controller = new AbortController();
  const stop = () => controller.abort(options.signal?.reason);
  if (options.signal?.aborted) return;
  options.signal?.addEventListener('abort', stop, { once: true });
  let retryMs = options.retryMs ?? STREAM_RETRY_MS;
  let reader: ReadableStreamDefaultReader<Uint8Array> | undefined;
  const parserModule = import('eventsource-parser');
  // Awaited below; a failure there is thrown then, not reported as unhandled meanwhile.
  parserModule.catch(() => undefined);

  try {
    let token: string | null;
    try {
      token = await options.getAccessToken();
    } catch (error) {
      if (isNetworkFailure(error)) throw toApiError(error);
      throw authFailed();
    }
    if (!token) throw authFailed();

    let response: Response | undefined;
    for (let attempt = 0; !response; attempt += 1) {
      try {
        response = await doFetch(options.url, {
          ...requestInit(options, token),
          signal: controller.signal,
        });
      } catch (error) {
        if (controller.signal.aborted || isAbortError(error)) return;
        if (attempt >= (options.retries ?? 1)) throw toApiError(error);
        await wait(retryMs, controller.signal);
        if (controller.signal.aborted) return;
      }
    }

    if (response.status === 401) throw authFailed();
    // A replay with no reply running.
    if (response.status === 204 && !options.body) return;
    if (!response.ok) {
      const error = await apiErrorFromResponse(response);
      options.onError?.(error);
      throw error;
    }
    if (!isEventStream(response.headers.get('content-type'))) {
      void response.body?.cancel().catch(() => undefined);
      throw new ApiError(
        response.status,
        'not_streaming',
        chatMessages.notStreaming.defaultMessage,
      );
    }
    if (!response.body) {
      throw new ApiError(
        response.status,
        'stream_unavailable',
        chatMessages.streamUnavailable.defaultMessage,
      );
    }

    const queue: { chunk: StreamChunk; id: string | undefined }[] = [];
    let completed = false;
    let conversationId = options.body?.conversationId ?? options.conversationId ?? '';
    let createParser: Awaited<typeof parserModule>['createParser'];
    try {
      ({ createParser } = await parserModule);
    } catch (error) {
      throw toApiError(error);
    }
    const parser = createParser({
      onEvent(event) {
        if (completed) return;
        const chunk = parseStreamChunk(event.data, conversationId);
        if (chunk.conversationId) conversationId = chunk.conversationId;
        queue.push({ chunk, id: event.id });
        if (event.event === STREAM_COMPLETE_EVENT) completed = true;
      },
      onRetry(ms) {
        retryMs = ms;
      },
    });
    reader = response.body.getReader();
    const decoder = new TextDecoder();
    while (!completed) {
      let result: ReadableStreamReadResult<Uint8Array>;
      try {
        result = await reader.read();
      } catch (error) {
        if (controller.signal.aborted || isAbortError(error)) return;
        throw toApiError(error);
      }
      if (result.done) {
        parser.feed(decoder.decode());
        parser.reset({ consume: true });
      } else {
        parser.feed(decoder.decode(result.value, { stream: true }));
      }
      while (queue.length > 0) {
        const { chunk, id } = queue.shift()!;
        if (id !== undefined) options.onEventId?.(id);
        yield chunk;
      }
      if (controller.signal.aborted) return;
      if (result.done && !completed) {
        throw new ApiError(0, 'network', 'The connection closed before the reply was complete.');
      }
    }
  } finally {
    options.signal?.removeEventListener('abort', stop);
    if (reader) void reader.cancel().catch(() => undefined);
    controller.abort();
  }
}
