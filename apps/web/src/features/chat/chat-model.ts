/**
 * The chat screen's message model (docs/product.md#ai-chat and #errors-and-messages), pure so it is
 * easy to test: stored messages as shown, the turn being streamed (the user's message and the reply
 * so far, fed chunk by chunk) and what a finished turn leaves on screen:
 * - completed: the assistant message (the `complete` chunk's whole text);
 * - an error chunk or a failed request: the partial reply marked interrupted (when any
 *   text arrived) plus a system error message ('Sorry, an error occurred. Please try
 *   again.' or the specific spec message);
 * - stopped by the user: the partial reply marked interrupted.
 * A regenerated reply (docs/product.md#ai-chat) is a turn without a message of its own; its
 * failure says the earlier reply is kept. Consecutive replies (a reply kept when another
 * was regenerated) mark all but the last as earlier ones.
 */
import {
  chatMessages,
  ERROR_CODE_MESSAGES,
  type BotType,
  type ChatMessageDto,
  type ChatRole,
  type MessageDescriptor,
  type RegenerateMode,
  type StreamChunk,
} from '@solar/domain';

/** One message as the screen shows it; `content` is text or a message to translate. */
export interface DisplayMessage {
  readonly key: string;
  readonly role: ChatRole;
  readonly content: string | MessageDescriptor;
  readonly botType: BotType | null;
  /** ISO time. */
  readonly createdAt: string;
  readonly interrupted: boolean;
  readonly streaming: boolean;
  readonly tone: 'info' | 'error';
}

/**
 * The exchange in progress: the user's message and the reply received so far. A resumed
 * reply (one already running when the conversation opened) has no message of its own: the
 * user's message is in the stored history.
 */
export interface Turn {
  readonly id: string;
  readonly message: string | null;
  readonly botType: BotType;
  /** ISO time the message was sent. */
  readonly sentAt: string;
  /** Reply text so far (error chunks excluded). */
  readonly text: string;
  /** Text of an error chunk, when the server reported a failure mid-stream. */
  readonly errorText: string | null;
  /** The whole reply from the `complete` chunk. */
  readonly completeMessage: string | null;
  /** Set when the turn regenerates the last reply (docs/product.md#ai-chat). */
  readonly regenerate?: RegenerateMode;
}

/** The failure of a regenerate request (ApiError-like: `code`): the earlier reply is kept. */
export function regenerateErrorMessage(error: { code?: string } | null): MessageDescriptor {
  switch (error?.code) {
    case 'conflict':
      return {
        id: 'chatScreen.regenerateConflict',
        defaultMessage:
          'This reply can no longer be regenerated because the conversation has changed. Reload the page to see its latest messages.',
      };
    case 'rate_limited':
    case 'unauthenticated':
    case 'token_expired':
      return streamErrorMessage(error);
    default:
      return {
        id: 'chatScreen.regenerateFailed',
        defaultMessage:
          'The reply could not be regenerated. Your earlier reply is kept; please try again.',
      };
  }
}

/**
 * The key of the reply that may be regenerated: the last assistant message when no user
 * message follows it (system notices are skipped), else null.
 */
export function regenerableKey(messages: readonly DisplayMessage[]): string | null {
  const last = messages.findLast((m) => m.role !== 'system');
  return last?.role === 'assistant' && !last.streaming ? last.key : null;
}

/** Keys of the replies followed by another reply: the earlier ones kept by a regenerate. */
export function earlierReplyKeys(messages: readonly DisplayMessage[]): ReadonlySet<string> {
  const keys = new Set<string>();
  const spoken = messages.filter((m) => m.role !== 'system');
  spoken.forEach((m, i) => {
    if (m.role === 'assistant' && spoken[i + 1]?.role === 'assistant') keys.add(m.key);
  });
  return keys;
}

/** The status of useChatStream (`@solar/api/react`). */
export type StreamStatus = 'idle' | 'streaming' | 'done' | 'stopped' | 'error';

/** A new turn for `message` (null: a reply resumed from the server). */
export function newTurn(
  id: string,
  message: string | null,
  botType: BotType,
  sentAt: string,
): Turn {
  return { id, message, botType, sentAt, text: '', errorText: null, completeMessage: null };
}

/** The turn after one stream chunk. */
export function applyChunk(turn: Turn, chunk: StreamChunk): Turn {
  if (chunk.isError && !chunk.isComplete) {
    return { ...turn, errorText: chunk.textDelta || chatMessages.genericError.defaultMessage };
  }
  if (chunk.isComplete) {
    return {
      ...turn,
      completeMessage: chunk.isError ? null : (chunk.completeMessage ?? null),
      errorText: chunk.isError
        ? (turn.errorText ?? chatMessages.genericError.defaultMessage)
        : turn.errorText,
    };
  }
  return { ...turn, text: turn.text + chunk.textDelta };
}

const chatTexts = new Map(Object.values(chatMessages).map((m) => [m.defaultMessage, m]));

/** A domain chat message for an English text the stream carried, else the text itself. */
export function chatText(text: string): MessageDescriptor | string {
  return chatTexts.get(text) ?? text;
}

/** The system message for a request that failed (ApiError-like: `code`). */
export function streamErrorMessage(error: { code?: string } | null): MessageDescriptor {
  switch (error?.code) {
    case 'unauthenticated':
    case 'token_expired':
      return chatMessages.authFailed;
    case 'not_streaming':
      return chatMessages.notStreaming;
    case 'stream_unavailable':
      return chatMessages.streamUnavailable;
    case 'conflict':
      return { id: 'chatScreen.endedNotice', defaultMessage: 'This conversation has ended.' };
    case 'rate_limited':
      return ERROR_CODE_MESSAGES.rate_limited;
    default:
      return chatMessages.genericError;
  }
}

/** Stored messages as shown. */
export function storedMessages(messages: readonly ChatMessageDto[]): DisplayMessage[] {
  return messages.map((m) => ({
    key: m.id,
    role: m.role,
    content: m.role === 'system' ? chatText(m.content) : m.content,
    botType: m.botType,
    createdAt: m.createdAt,
    interrupted: m.interrupted,
    streaming: false,
    tone: m.role === 'system' ? 'error' : 'info',
  }));
}

/**
 * What a turn shows for the stream's `status` (and `error` when the request failed).
 * While streaming: the user message and the reply so far with the caret.
 */
export function turnMessages(
  turn: Turn,
  status: StreamStatus,
  error: { code?: string } | null,
): DisplayMessage[] {
  const base = {
    botType: turn.botType,
    interrupted: false,
    streaming: false,
    tone: 'info' as const,
  };
  const user: DisplayMessage = {
    ...base,
    key: `${turn.id}-user`,
    role: 'user',
    content: turn.message ?? '',
    createdAt: turn.sentAt,
  };
  const reply = (fields: Partial<DisplayMessage>): DisplayMessage => ({
    ...base,
    key: `${turn.id}-reply`,
    role: 'assistant',
    content: turn.text,
    createdAt: turn.sentAt,
    ...fields,
  });
  const failure = (content: string | MessageDescriptor): DisplayMessage => ({
    ...base,
    key: `${turn.id}-error`,
    role: 'system',
    content,
    botType: null,
    createdAt: turn.sentAt,
    tone: 'error',
  });
  const partial = turn.text === '' ? [] : [reply({ interrupted: true })];
  const asked = turn.message === null ? [] : [user];
  switch (status) {
    case 'idle':
    case 'streaming':
      return [...asked, reply({ streaming: true })];
    case 'stopped':
      return [...asked, reply({ interrupted: true })];
    case 'error':
      return [
        ...asked,
        ...partial,
        failure(turn.regenerate ? regenerateErrorMessage(error) : streamErrorMessage(error)),
      ];
    case 'done':
      if (turn.errorText !== null) {
        return [...asked, ...partial, failure(chatText(turn.errorText))];
      }
      return [...asked, reply({ content: turn.completeMessage || turn.text })];
  }
}

/** What the chat screen shows for one conversation (or a new one, `id` null). */
export interface ViewState {
  /** The conversation shown; set from the first chunk for a new conversation. */
  readonly id: string | null;
  /** The URL's conversation id this view was made for (or caught up with). */
  readonly urlId: string | null;
  /** Stored messages fixed at the first send (null: follow the history query). */
  readonly frozen: readonly DisplayMessage[] | null;
  /** Finished turns of this visit. */
  readonly done: readonly DisplayMessage[];
  /** The turn being streamed or last finished. */
  readonly turn: Turn | null;
}

/** A view of conversation `id` (null: a new conversation) before anything is sent. */
export const freshView = (id: string | null): ViewState => ({
  id,
  urlId: id,
  frozen: id === null ? [] : null,
  done: [],
  turn: null,
});

/**
 * The view for the URL's conversation `urlId`: `view` itself when it was made for that
 * URL; `view` caught up with the URL when the URL is the conversation this view just
 * created (its first chunk changed the URL); otherwise (sidebar, back button, new chat,
 * end) a fresh view of that conversation.
 */
export function viewForUrl(view: ViewState, urlId: string | null): ViewState {
  if (view.urlId === urlId) return view;
  return urlId !== null && urlId === view.id ? { ...view, urlId } : freshView(urlId);
}
