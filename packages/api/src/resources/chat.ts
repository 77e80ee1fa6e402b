/**
 * Chat resource (docs/product.md#ai-chat; the OpenAPI document): the reply stream, its
 * stop and replay, history, end, the conversation list, title edit and the portfolio.
 * Rejects with ApiError.
 */
import type {
  ChatStreamRequest,
  ConversationDetail,
  ConversationListResponse,
  EndConversationResponse,
  Portfolio,
  StreamChunk,
  TitleUpdateResponse,
} from '@solar/domain/contract';
import { CONVERSATIONS_PAGE_SIZE } from '@solar/domain/paging';
import type { ChatStreamOptions } from '../chat-stream.ts';
import type { Transport } from '../transport.ts';

/** Options of one streamed reply. */
export interface StreamOptions {
  /**
   * Ends the iteration and the request; the server keeps generating the reply (read it
   * again with `resume`). The user's stop is `stop(conversationId)`.
   */
  readonly signal?: AbortSignal;
  /** Wait before retrying a failed connection, ms (default 1000). */
  readonly retryMs?: number;
  /** Retries of a connection failing before the first byte (default 1). */
  readonly retries?: number;
}

/** Options of a replay of the running reply. */
export interface ResumeOptions extends StreamOptions {
  /** Continue after this event (a stream's `lastEventId`); from the start without. */
  readonly lastEventId?: string | null;
}

/**
 * A streamed reply: iterate its chunks with `for await` until `complete`; `lastEventId` is
 * the SSE id of the last chunk yielded (null before the first or when the server sends
 * none), to pass to `resume` after a lost connection.
 */
export interface ChatStream extends AsyncGenerator<StreamChunk, void, undefined> {
  readonly lastEventId: string | null;
}

/** The chat calls. */
export interface ChatResource {
  /**
   * `POST /chat/stream {message, conversationId, context?}` -> SSE chunks until `complete`
   * (see chat-stream.ts for the errors). 400 blank or over 4000 characters, 404 unknown or
   * foreign conversation, 409 ended one: thrown before the first chunk. With
   * `{regenerate: 'replace' | 'keep', conversationId}` instead of a message, the last user
   * message is answered again (docs/product.md#ai-chat); 409 `conflict` also when the last
   * message is not a reply or a reply is running.
   */
  stream(request: ChatStreamRequest, options?: StreamOptions): ChatStream;
  /**
   * `GET /chat/stream/{id}` (`Last-Event-ID` when `lastEventId` is given) -> the running
   * reply's chunks from the start or after that event, until `complete`; no chunks when
   * no reply runs (204). 404 unknown or foreign conversation, thrown before the first chunk.
   */
  resume(conversationId: string, options?: ResumeOptions): ChatStream;
  /**
   * `POST /chat/stop/{id}` -> 204: the running reply stops and is stored as far as it got,
   * marked interrupted (its stream ends with `complete`); 204 too when none runs; 404.
   */
  stop(conversationId: string): Promise<void>;
  /** `GET /chat/history/{id}` -> 200 ConversationDetail; 404. */
  history(conversationId: string): Promise<ConversationDetail>;
  /** `POST /chat/end/{id}` -> 200 `{conversationId, status: "ended"}`; 404. */
  end(conversationId: string): Promise<EndConversationResponse>;
  /** `GET /chat/conversations?page&pageSize` (default 20) -> 200 newest activity first; 400. */
  conversations(params?: { page?: number; pageSize?: number }): Promise<ConversationListResponse>;
  /** `PUT /chat/conversations/{id}/title {title}` -> 200 `{success: true, title}` (trimmed); 400, 404. */
  rename(conversationId: string, title: string): Promise<TitleUpdateResponse>;
  /** `GET /chat/portfolio` -> 200 the latest known solar facts (nulls when unknown); 401. */
  portfolio(): Promise<Portfolio>;
}

type ReadOptions = Omit<ChatStreamOptions, 'getAccessToken' | 'fetch' | 'onError' | 'onEventId'>;

/** Creates the chat resource. */
export function chatResource(t: Transport): ChatResource {
  const id = (value: string) => encodeURIComponent(value);
  /** A reply stream over `readChatStream` that remembers the SSE id of the last chunk. */
  function open(read: ReadOptions): ChatStream {
    let lastEventId: string | null = null;
    // The stream reader loads with the first message sent (pages without chat do not fetch it).
    async function* chunks() {
      const { readChatStream } = await import('../chat-stream.ts');
      yield* readChatStream({
        ...read,
        getAccessToken: () => t.getAccessToken(),
        ...(t.fetch ? { fetch: t.fetch } : {}),
        onError: (error) => t.notify(error),
        onEventId: (eventId) => {
          lastEventId = eventId;
        },
      });
    }
    return Object.defineProperty(chunks(), 'lastEventId', {
      get: () => lastEventId,
    }) as ChatStream;
  }
  return {
    stream: (request, options = {}) =>
      open({ url: t.url('chat/stream'), body: request, ...options }),
    resume: (conversationId, options = {}) =>
      open({ url: t.url(`chat/stream/${id(conversationId)}`), conversationId, ...options }),
    stop: async (conversationId) => {
      await t.authed((http) => http.post(`chat/stop/${id(conversationId)}`));
    },
    history: (conversationId) =>
      t.authed((http) => http.get(`chat/history/${id(conversationId)}`).json<ConversationDetail>()),
    end: (conversationId) =>
      t.authed((http) =>
        http.post(`chat/end/${id(conversationId)}`).json<EndConversationResponse>(),
      ),
    conversations: ({ page = 1, pageSize = CONVERSATIONS_PAGE_SIZE } = {}) =>
      t.authed((http) =>
        http
          .get('chat/conversations', { searchParams: { page, pageSize } })
          .json<ConversationListResponse>(),
      ),
    rename: (conversationId, title) =>
      t.authed((http) =>
        http
          .put(`chat/conversations/${id(conversationId)}/title`, { json: { title } })
          .json<TitleUpdateResponse>(),
      ),
    portfolio: () => t.authed((http) => http.get('chat/portfolio').json<Portfolio>()),
  };
}
