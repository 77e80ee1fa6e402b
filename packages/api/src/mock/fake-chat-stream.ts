/**
 * The fake's reply stream (the OpenAPI document): `POST /chat/stream` stores the user's
 * message and starts a live reply (fake-chat-live.ts), `GET /chat/stream/{id}` replays the
 * running reply (204 when none runs), `POST /chat/stop/{id}` stops it (204). A finished
 * reply is stored with its solar facts (merged into the portfolio); a stopped or failed
 * one is stored as far as it got, marked interrupted. The regenerate form answers the last
 * user message again (docs/product.md#ai-chat): 'replace' removes the earlier reply once the
 * new one finished, 'keep' keeps both; 409 `conflict` when the last message is not a reply
 * or a reply runs.
 */
import { emptyPortfolio, mergePortfolio } from '@solar/domain/chat';
import { chatStreamRequestSchema } from '@solar/domain/requests';
import { extractSolarFacts } from '@solar/domain/solar-facts';
import { startLiveReply, type FakeLiveReply, type ReplyPace } from './fake-chat-live.ts';
import { addMessage, ownConversation, replyTo, titleFrom } from './fake-chat.ts';
import { attempt, noContent, parse, refuse, reply, type FakeReply } from './reply.ts';
import type { ChatMessageDto } from '@solar/domain/contract';
import type { FakeConversation, FakeStore } from './store.ts';

/** A streamed answer: the live reply, sent from event index `after` on. */
export interface FakeStream {
  readonly kind: 'stream';
  readonly reply: FakeLiveReply;
  /** Index of the first event to send (0: from the start). */
  readonly after: number;
}

/** The reply stream calls of the fake; `auth` is the Authorization header. */
export interface FakeChatStream {
  /** `POST /chat/stream`; `pace` (default 30 ms a token) comes from the mock scenario. */
  chatStream(auth: string | null, body: unknown, pace?: ReplyPace): FakeReply | FakeStream;
  /** `GET /chat/stream/{id}` with the `Last-Event-ID` header (null when absent). */
  resumeStream(auth: string | null, id: string, lastEventId: string | null): FakeReply | FakeStream;
  /** `POST /chat/stop/{id}`: 204, also when no reply runs. */
  stopReply(auth: string | null, id: string): FakeReply;
}

const DEFAULT_PACE: ReplyPace = { tokenDelayMs: 30 };

/** The reply stream calls over `store`. */
export function fakeChatStream(store: FakeStore): FakeChatStream {
  function newConversation(userId: string, message: string): FakeConversation {
    const conversation: FakeConversation = {
      id: store.newId(),
      userId,
      title: titleFrom(message),
      titleGenerated: true,
      status: 'active',
      startedAt: store.iso(),
      lastMessageAt: store.iso(),
      messages: [],
    };
    store.conversations.set(conversation.id, conversation);
    return conversation;
  }

  return {
    chatStream: (auth, body, pace = DEFAULT_PACE) =>
      attempt((): FakeStream => {
        const user = store.authenticate(auth);
        const input = parse(chatStreamRequestSchema, body);
        let c: FakeConversation;
        if (input.conversationId) {
          c = ownConversation(store, user, input.conversationId);
          if (c.status === 'ended') refuse(409, 'conflict', 'This conversation has ended.');
        } else {
          c = newConversation(user.id, input.message ?? '');
        }
        let asked: ChatMessageDto;
        let earlier: ChatMessageDto | null = null;
        if (input.regenerate) {
          earlier = c.messages.at(-1) ?? null;
          const last = c.messages.findLast((m) => m.role === 'user');
          if (earlier?.role !== 'assistant' || !last) {
            refuse(409, 'conflict', 'There is no reply to regenerate.');
          }
          if (store.liveReplies.get(c.id)?.done === false) {
            refuse(409, 'conflict', 'A reply is still being written.');
          }
          asked = last;
        } else {
          asked = addMessage(store, c, {
            role: 'user',
            content: (input.message ?? '').trim(),
            botType: input.context?.botType ?? 0,
            extractedDataJson: null,
            interrupted: false,
          });
        }
        const botType = input.context?.botType ?? (asked.botType === 1 ? 1 : 0);
        const message = asked.content;
        const replaced = input.regenerate === 'replace' ? earlier : null;
        const facts = extractSolarFacts(message);
        const hasFacts = Object.keys(facts).length > 0;
        const text = replyTo(message, facts, botType);
        const live = startLiveReply(
          {
            conversationId: c.id,
            exchangeId: asked.id,
            botType,
            pieces: text.match(/\S+\s*/g) ?? [text],
            extractedData: hasFacts ? facts : null,
            onEnd(content, ending) {
              // Called once this reply is done (a newer reply of the conversation is not).
              if (store.liveReplies.get(c.id)?.done) store.liveReplies.delete(c.id);
              const finished = ending === 'finished';
              addMessage(store, c, {
                role: 'assistant',
                content,
                botType,
                extractedDataJson: finished && hasFacts ? JSON.stringify(facts) : null,
                interrupted: !finished,
              });
              // A replaced reply goes only once the new one finished (nothing is lost).
              if (finished && replaced) c.messages = c.messages.filter((m) => m !== replaced);
              if (!finished || !hasFacts) return;
              const known = store.portfolios.get(user.id) ?? emptyPortfolio();
              store.portfolios.set(user.id, mergePortfolio(known, facts, store.iso(), c));
            },
          },
          pace,
        );
        if (!live.done) store.liveReplies.set(c.id, live);
        return { kind: 'stream', reply: live, after: 0 };
      }),
    resumeStream: (auth, id, lastEventId) =>
      attempt((): FakeReply | FakeStream => {
        ownConversation(store, store.authenticate(auth), id);
        const live = store.liveReplies.get(id);
        if (!live || live.done) return noContent;
        return { kind: 'stream', reply: live, after: live.indexAfter(lastEventId) };
      }),
    stopReply: (auth, id) =>
      reply(() => {
        ownConversation(store, store.authenticate(auth), id);
        store.liveReplies.get(id)?.stop();
        return noContent;
      }),
  };
}
