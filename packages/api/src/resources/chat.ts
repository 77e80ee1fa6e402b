/**
 * Chat resource (API-CONTRACT.md "Chat"; spec sections 3 and 7): the reply stream, history,
 * end, the conversation list, title edit and the portfolio. Rejects with ApiError.
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
  /** The user's stop: aborting ends the iteration and the server stores the partial reply. */
  readonly signal?: AbortSignal;
  /** Wait before retrying a failed connection, ms (default 1000). */
  readonly retryMs?: number;
  /** Retries of a connection failing before the first byte (default 1). */
  readonly retries?: number;
}

/** The chat calls. */
export interface ChatResource {
  /**
   * `POST /chat/stream {message, conversationId, context?}` -> SSE chunks until `complete`
   * (see chat-stream.ts for the errors). 400 blank or over 4000 characters, 404 unknown or
   * foreign conversation, 409 ended one: thrown before the first chunk.
   */
  stream(
    request: ChatStreamRequest,
    options?: StreamOptions,
  ): AsyncGenerator<StreamChunk, void, undefined>;
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

/** Creates the chat resource. */
export function chatResource(t: Transport): ChatResource {
  const id = (value: string) => encodeURIComponent(value);
  return {
    // The stream reader loads with the first message sent (pages without chat do not fetch it).
    async *stream(request, options = {}) {
      const { readChatStream } = await import('../chat-stream.ts');
      const streamOptions: ChatStreamOptions = {
        url: t.url('chat/stream'),
        body: request,
        getAccessToken: () => t.getAccessToken(),
        ...(t.fetch ? { fetch: t.fetch } : {}),
        ...options,
        onError: (error) => t.notify(error),
      };
      yield* readChatStream(streamOptions);
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
