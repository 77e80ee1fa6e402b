/**
 * The fake's conversations (docs/product.md#ai-chat; the OpenAPI document): history, end
 * (stopping a reply still running first), the paged list, title edits and the portfolio,
 * plus the helpers the reply stream (fake-chat-stream.ts) and the seed share: the
 * deterministic reply text, generated titles and stored messages.
 */
import { emptyPortfolio } from '@solar/domain/chat';
import type {
  BotType,
  ChatMessageDto,
  ConversationDetail,
  ConversationSummary,
  ExtractedData,
} from '@solar/domain/contract';
import { conversationsQuerySchema, titleUpdateRequestSchema } from '@solar/domain/requests';
import { ok, parse, refuse, reply, type FakeReply } from './reply.ts';
import type { FakeConversation, FakeStore, FakeUser } from './store.ts';

/** The conversation calls of the fake; `auth` is the Authorization header. */
export interface FakeChat {
  history(auth: string | null, id: string): FakeReply;
  endConversation(auth: string | null, id: string): FakeReply;
  conversations(auth: string | null, query: Record<string, string>): FakeReply;
  renameConversation(auth: string | null, id: string, body: unknown): FakeReply;
  portfolio(auth: string | null): FakeReply;
}

/** The user's own conversation `id`, or a 404 refusal (also for another user's). */
export function ownConversation(store: FakeStore, user: FakeUser, id: string): FakeConversation {
  const conversation = store.conversations.get(id);
  if (!conversation || conversation.userId !== user.id)
    refuse(404, 'not_found', 'Conversation not found');
  return conversation;
}

/** A generated title: the first message, whitespace collapsed, cut at 50 characters. */
export function titleFrom(message: string): string {
  const words = message.trim().replace(/\s+/g, ' ');
  return words.length <= 50 ? words : `${words.slice(0, 47).trimEnd()}...`;
}

/** The fake assistant's reply to `message`: deterministic, naming the facts it found. */
export function replyTo(message: string, facts: ExtractedData, botType: BotType): string {
  const known = Object.entries(facts)
    .map(([key, value]) => `${key} ${String(value)}`)
    .join(', ');
  const intro =
    botType === 1
      ? 'As your sales specialist, I can prepare a quote for you.'
      : 'Thanks for your message about solar energy.';
  const noted = known ? ` I noted: ${known}.` : '';
  const ask =
    facts.monthlyKwh === undefined
      ? ' How many kWh do you use per month?'
      : ' What kind of roof do you have?';
  return `${intro}${noted}${ask} (${message.length} characters received)`;
}

/** Stores a message (new id, now) and moves the conversation's last activity; returns it. */
export function addMessage(
  store: FakeStore,
  c: FakeConversation,
  message: Omit<ChatMessageDto, 'id' | 'createdAt'>,
): ChatMessageDto {
  const stored = { id: store.newId(), createdAt: store.iso(), ...message };
  c.messages.push(stored);
  c.lastMessageAt = store.iso();
  return stored;
}

const summaryOf = (c: FakeConversation): ConversationSummary => ({
  id: c.id,
  title: c.title,
  messageCount: c.messages.length,
  lastMessageAt: c.lastMessageAt,
  titleGenerated: c.titleGenerated,
});

/** Newest activity first, then by id (descending). */
const byActivity = (a: FakeConversation, b: FakeConversation) =>
  a.lastMessageAt < b.lastMessageAt
    ? 1
    : a.lastMessageAt > b.lastMessageAt
      ? -1
      : a.id < b.id
        ? 1
        : -1;

/** The conversation calls over `store`. */
export function fakeChat(store: FakeStore): FakeChat {
  const own = (auth: string | null, id: string) =>
    ownConversation(store, store.authenticate(auth), id);
  return {
    history: (auth, id) =>
      reply(() => {
        const c = own(auth, id);
        const detail: ConversationDetail = {
          conversationId: c.id,
          title: c.title,
          startedAt: c.startedAt,
          status: c.status,
          messages: c.messages,
        };
        return ok(detail);
      }),
    endConversation: (auth, id) =>
      reply(() => {
        const c = own(auth, id);
        // A reply still running is stopped first (stored partial, marked interrupted).
        store.liveReplies.get(c.id)?.stop();
        c.status = 'ended';
        return ok({ conversationId: c.id, status: 'ended' });
      }),
    conversations: (auth, query) =>
      reply(() => {
        const user = store.authenticate(auth);
        const q = parse(conversationsQuerySchema, query);
        const mine = [...store.conversations.values()]
          .filter((c) => c.userId === user.id)
          .sort(byActivity);
        const start = (q.page - 1) * q.pageSize;
        return ok({
          conversations: mine.slice(start, start + q.pageSize).map(summaryOf),
          page: q.page,
          totalPages: Math.ceil(mine.length / q.pageSize),
        });
      }),
    renameConversation: (auth, id, body) =>
      reply(() => {
        const user = store.authenticate(auth);
        const { title } = parse(titleUpdateRequestSchema, body);
        const c = ownConversation(store, user, id);
        c.title = title;
        c.titleGenerated = false;
        return ok({ success: true, title });
      }),
    portfolio: (auth) =>
      reply(() => ok(store.portfolios.get(store.authenticate(auth).id) ?? emptyPortfolio())),
  };
}
