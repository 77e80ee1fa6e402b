/**
 * Chat persistence (API-CONTRACT.md "Chat"; tables conversations, messages and
 * portfolio_facts of db/schema.ts). Every read and write is scoped to the owner: a
 * conversation of another user is "not found". Writes that change several rows (a message
 * and its conversation's counters, the reply and its portfolio facts) run in one
 * transaction, so a failure leaves nothing half-written.
 */
import {
  emptyPortfolio,
  type BotType,
  type ChatMessageDto,
  type ConversationDetail,
  type ConversationListResponse,
  type ExtractedData,
  type Portfolio,
  type PortfolioFactKey,
  type PortfolioFactSource,
} from '@solar/domain';
import { totalPagesOf } from '@solar/domain';
import { and, asc, count, desc, eq, sql } from 'drizzle-orm';
import type { Db } from '../db/database.ts';
import { conversations, messages, portfolioFacts } from '../db/schema.ts';
import { HttpError } from '../http-errors.ts';
import { FACT_KEYS, validateFacts } from './facts.ts';

/** A stored conversation row. */
export type ConversationRow = typeof conversations.$inferSelect;
/** A stored message row. */
export type MessageRow = typeof messages.$inferSelect;

const UUID_RE = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** 404 `not_found` for an unknown, malformed or foreign conversation id. */
export const conversationNotFound = () => new HttpError(404, 'not_found', 'Conversation not found');
/** 409 `conflict` for a message to an ended conversation. */
export const conversationEnded = () =>
  new HttpError(409, 'conflict', 'This conversation has ended. Please start a new one.');

/** How many earlier messages a model sees (the newest ones). */
export const HISTORY_FOR_MODEL = 40;

const iso = (date: Date) => date.toISOString();

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

/** The chat repository over `db`. */
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
   * the conversation each one came from (issue 25 item 10).
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

  return {
    findOwned,
    latestFacts,
    requireOwned,

    /**
     * Stores the user's message: in an existing conversation (locked, re-checked: 404 not
     * theirs, 409 ended) or in a new one titled `newTitle` (titleGenerated true). Counts
     * the message and moves lastMessageAt, all in one transaction.
     */
    async beginExchange(input: {
      userId: string;
      conversationId: string | null;
      /** The id of the conversation to create when `conversationId` is null. */
      newConversationId?: string;
      content: string;
      botType: BotType;
      newTitle: string;
    }): Promise<ExchangeStart> {
      return db.transaction(async (tx) => {
        let conversation: ConversationRow | undefined;
        let created = false;
        if (input.conversationId !== null) {
          if (!UUID_RE.test(input.conversationId)) throw conversationNotFound();
          [conversation] = await tx
            .select()
            .from(conversations)
            .where(
              and(
                eq(conversations.id, input.conversationId),
                eq(conversations.userId, input.userId),
              ),
            )
            .for('update');
          if (!conversation) throw conversationNotFound();
          if (conversation.status === 'ended') throw conversationEnded();
        } else {
          [conversation] = await tx
            .insert(conversations)
            .values({
              ...(input.newConversationId ? { id: input.newConversationId } : {}),
              userId: input.userId,
              title: input.newTitle,
              titleGenerated: true,
            })
            .returning();
          created = true;
        }
        const history = created
          ? []
          : (
              await tx
                .select()
                .from(messages)
                .where(eq(messages.conversationId, conversation!.id))
                .orderBy(desc(messages.createdAt), desc(messages.id))
                .limit(HISTORY_FOR_MODEL)
            ).reverse();
        const [userMessage] = await tx
          .insert(messages)
          .values({
            conversationId: conversation!.id,
            role: 'user',
            content: input.content,
            botType: input.botType,
          })
          .returning();
        const [updated] = await tx
          .update(conversations)
          .set({
            messageCount: sql`${conversations.messageCount} + 1`,
            lastMessageAt: userMessage!.createdAt,
          })
          .where(eq(conversations.id, conversation!.id))
          .returning();
        return { conversation: updated!, created, userMessage: userMessage!, history };
      });
    },

    /**
     * Stores the assistant's reply (whole or partial, `interrupted`), counts it, and adds
     * each fact of `extractedData` to the user's portfolio with the user message as its
     * source, in one transaction. Returns the reply's row.
     */
    async finishExchange(input: {
      userId: string;
      conversationId: string;
      userMessageId: string;
      content: string;
      botType: BotType;
      extractedData: ExtractedData | null;
      interrupted: boolean;
    }): Promise<MessageRow> {
      return db.transaction(async (tx) => {
        const [reply] = await tx
          .insert(messages)
          .values({
            conversationId: input.conversationId,
            role: 'assistant',
            content: input.content,
            botType: input.botType,
            extractedData: input.extractedData,
            interrupted: input.interrupted,
          })
          .returning();
        await tx
          .update(conversations)
          .set({
            messageCount: sql`${conversations.messageCount} + 1`,
            lastMessageAt: reply!.createdAt,
          })
          .where(eq(conversations.id, input.conversationId));
        const facts = input.extractedData ?? {};
        const rows = FACT_KEYS.filter((key) => facts[key] !== undefined).map((key) => ({
          userId: input.userId,
          conversationId: input.conversationId,
          messageId: input.userMessageId,
          fact: key,
          value: facts[key]!,
        }));
        if (rows.length > 0) await tx.insert(portfolioFacts).values(rows);
        return reply!;
      });
    },

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

    /** `POST /chat/end/{id}`: marks the conversation ended (again is harmless); 404. */
    async end(userId: string, id: string): Promise<void> {
      await requireOwned(userId, id);
      await db
        .update(conversations)
        .set({ status: 'ended' })
        .where(and(eq(conversations.id, id), eq(conversations.userId, userId)));
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

    /** `PUT /chat/conversations/{id}/title`: a user's title (titleGenerated false); 404. */
    async rename(userId: string, id: string, title: string): Promise<void> {
      await requireOwned(userId, id);
      await db
        .update(conversations)
        .set({ title, titleGenerated: false })
        .where(and(eq(conversations.id, id), eq(conversations.userId, userId)));
    },

    /** Replaces a generated title, unless the user has renamed the conversation meanwhile. */
    async setGeneratedTitle(id: string, title: string): Promise<void> {
      await db
        .update(conversations)
        .set({ title })
        .where(and(eq(conversations.id, id), eq(conversations.titleGenerated, true)));
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
