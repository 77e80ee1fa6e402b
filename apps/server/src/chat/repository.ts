/**
 * Chat reads (the OpenAPI document; tables conversations, messages and portfolio_facts
 * of db/schema.ts), each scoped to the owner: a conversation of another user is "not
 * found". The writes are the chat service's (service.ts).
 */
import {
  emptyPortfolio,
  type ChatMessageDto,
  type ConversationDetail,
  type ConversationListResponse,
  type ExtractedData,
  type Portfolio,
  type PortfolioFactKey,
  type PortfolioFactSource,
} from '@solar/domain';
import { totalPagesOf } from '@solar/domain';
import { and, asc, count, desc, eq, lt, or } from 'drizzle-orm';
import type { Db } from '../db/database.ts';
import { conversations, messages, portfolioFacts } from '../db/schema.ts';
import { HttpError } from '../http-errors.ts';
import { validateFacts } from './facts.ts';

/** A stored conversation row. */
export type ConversationRow = typeof conversations.$inferSelect;
/** A stored message row. */
export type MessageRow = typeof messages.$inferSelect;

export const UUID_RE = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** 404 `not_found` for an unknown, malformed or foreign conversation id. */
export const conversationNotFound = () => new HttpError(404, 'not_found', 'Conversation not found');
/** 409 `conflict` for a message to an ended conversation. */
export const conversationEnded = () =>
  new HttpError(409, 'conflict', 'This conversation has ended. Please start a new one.');

/**
 * 409 `conflict` for a regenerate when the conversation's last message is not an
 * assistant reply that answers a user message (docs/product.md#ai-chat).
 */
export const nothingToRegenerate = () =>
  new HttpError(
    409,
    'conflict',
    'There is no reply to regenerate: the last message is not an assistant reply.',
  );
/** 409 `conflict` for a regenerate while a reply of the conversation is running. */
export const replyRunning = () =>
  new HttpError(
    409,
    'conflict',
    'A reply is still being written. Wait for it to end, then try again.',
  );

/** How many earlier messages a model sees (the newest ones). */
export const HISTORY_FOR_MODEL = 40;

export const iso = (date: Date) => date.toISOString();

/** The history DTO of one message (extractedDataJson is the JSON text, or null). */
function toMessageDto(row: MessageRow): ChatMessageDto {
  return {
    id: row.id,
    role: row.role,
    content: row.content,
    botType: row.botType === 1 ? 1 : 0,
    createdAt: iso(row.createdAt),
    extractedDataJson: row.extractedData == null ? null : JSON.stringify(row.extractedData),
    interrupted: row.interrupted,
  };
}

/** What `beginExchange` stored and what the model needs. */
export interface ExchangeStart {
  conversation: ConversationRow;
  /** True when this message started a new conversation. */
  created: boolean;
  userMessage: MessageRow;
  /** Earlier messages of the conversation, oldest first (at most HISTORY_FOR_MODEL). */
  history: MessageRow[];
}

/** What a regenerate answers again (docs/product.md#ai-chat). */
export interface RegenerateTarget {
  conversation: ConversationRow;
  /** The conversation's last user message, answered again. */
  userMessage: MessageRow;
  /** The conversation's last message: the assistant reply regenerated. */
  earlier: MessageRow;
  /** The messages before `userMessage`, oldest first (at most HISTORY_FOR_MODEL). */
  history: MessageRow[];
}

/** The chat reads over `db`. */
export function createChatRepository(db: Db) {
  /** The user's conversation `id`, or undefined (also for a malformed id). */
  async function findOwned(userId: string, id: string): Promise<ConversationRow | undefined> {
    if (!UUID_RE.test(id)) return undefined;
    const [row] = await db
      .select()
      .from(conversations)
      .where(and(eq(conversations.id, id), eq(conversations.userId, userId)))
      .limit(1);
    return row;
  }

  /** The user's conversation `id`; throws 404 when it is not theirs. */
  async function requireOwned(userId: string, id: string): Promise<ConversationRow> {
    const row = await findOwned(userId, id);
    if (!row) throw conversationNotFound();
    return row;
  }

  /**
   * The latest value of each fact of the user, validated again (any conversation), with
   * the conversation each one came from.
   */
  async function latestFacts(userId: string): Promise<{
    facts: ExtractedData;
    updatedAt: Date | null;
    sources: Partial<Record<PortfolioFactKey, PortfolioFactSource>>;
  }> {
    const rows = await db
      .selectDistinctOn([portfolioFacts.fact], {
        fact: portfolioFacts.fact,
        value: portfolioFacts.value,
        createdAt: portfolioFacts.createdAt,
        conversationId: portfolioFacts.conversationId,
        conversationTitle: conversations.title,
      })
      .from(portfolioFacts)
      .leftJoin(conversations, eq(conversations.id, portfolioFacts.conversationId))
      .where(eq(portfolioFacts.userId, userId))
      .orderBy(portfolioFacts.fact, desc(portfolioFacts.createdAt), desc(portfolioFacts.id));
    const raw: Record<string, unknown> = {};
    let updatedAt: Date | null = null;
    for (const row of rows) {
      const text = row.fact === 'roofType' || row.fact === 'location';
      raw[row.fact] = text && row.value != null ? String(row.value) : row.value;
      if (!updatedAt || row.createdAt > updatedAt) updatedAt = row.createdAt;
    }
    const facts = validateFacts(raw);
    const sources: Partial<Record<PortfolioFactKey, PortfolioFactSource>> = {};
    for (const row of rows) {
      const key = row.fact as PortfolioFactKey;
      if (facts[key] === undefined) continue;
      sources[key] = {
        conversationId: row.conversationId,
        conversationTitle: row.conversationTitle,
        recordedAt: iso(row.createdAt),
      };
    }
    return { facts, updatedAt, sources };
  }

  /**
   * The user's conversation `id` ready to regenerate its last reply: 404 not theirs, 409
   * `conflict` when ended or when its last message is not an assistant reply following a
   * user message.
   */
  async function regenerateTarget(userId: string, id: string): Promise<RegenerateTarget> {
    const conversation = await requireOwned(userId, id);
    if (conversation.status === 'ended') throw conversationEnded();
    const [earlier] = await db
      .select()
      .from(messages)
      .where(eq(messages.conversationId, id))
      .orderBy(desc(messages.createdAt), desc(messages.id))
      .limit(1);
    if (!earlier || earlier.role !== 'assistant') throw nothingToRegenerate();
    const [userMessage] = await db
      .select()
      .from(messages)
      .where(and(eq(messages.conversationId, id), eq(messages.role, 'user')))
      .orderBy(desc(messages.createdAt), desc(messages.id))
      .limit(1);
    if (!userMessage) throw nothingToRegenerate();
    const history = (
      await db
        .select()
        .from(messages)
        .where(
          and(
            eq(messages.conversationId, id),
            or(
              lt(messages.createdAt, userMessage.createdAt),
              and(eq(messages.createdAt, userMessage.createdAt), lt(messages.id, userMessage.id)),
            ),
          ),
        )
        .orderBy(desc(messages.createdAt), desc(messages.id))
        .limit(HISTORY_FOR_MODEL)
    ).reverse();
    return { conversation, userMessage, earlier, history };
  }

  return {
    findOwned,
    latestFacts,
    requireOwned,
    regenerateTarget,

    /** `GET /chat/history/{id}`: the conversation and its messages, oldest first; 404. */
    async history(userId: string, id: string): Promise<ConversationDetail> {
      const conversation = await requireOwned(userId, id);
      const rows = await db
        .select()
        .from(messages)
        .where(eq(messages.conversationId, conversation.id))
        .orderBy(asc(messages.createdAt), asc(messages.id));
      return {
        conversationId: conversation.id,
        title: conversation.title,
        startedAt: iso(conversation.startedAt),
        status: conversation.status,
        messages: rows.map(toMessageDto),
      };
    },

    /** `GET /chat/conversations`: newest activity first (ties by id), `pageSize` per page. */
    async list(userId: string, page: number, pageSize: number): Promise<ConversationListResponse> {
      const [total] = await db
        .select({ n: count() })
        .from(conversations)
        .where(eq(conversations.userId, userId));
      const rows = await db
        .select()
        .from(conversations)
        .where(eq(conversations.userId, userId))
        .orderBy(desc(conversations.lastMessageAt), desc(conversations.id))
        .limit(pageSize)
        .offset((page - 1) * pageSize);
      return {
        conversations: rows.map((row) => ({
          id: row.id,
          title: row.title,
          messageCount: row.messageCount,
          lastMessageAt: iso(row.lastMessageAt),
          titleGenerated: row.titleGenerated,
        })),
        page,
        totalPages: totalPagesOf(total?.n ?? 0, pageSize),
      };
    },

    /** `GET /chat/portfolio`: the latest facts in the contract's shape; all null when none. */
    async portfolio(userId: string): Promise<Portfolio> {
      const { facts, updatedAt, sources } = await latestFacts(userId);
      const empty = emptyPortfolio();
      return {
        electricityConsumption: {
          monthlyKwh: facts.monthlyKwh ?? null,
          monthlyBill: facts.monthlyBill ?? null,
          currency: empty.electricityConsumption.currency,
        },
        propertyInfo: {
          roofType: facts.roofType ?? null,
          roofArea: facts.roofArea ?? null,
          location: facts.location ?? null,
        },
        updatedAt: updatedAt ? iso(updatedAt) : null,
        sources,
      };
    },
  };
}

/** The chat repository's type. */
export type ChatRepository = ReturnType<typeof createChatRepository>;
