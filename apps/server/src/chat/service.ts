/**
 * Every chat write (the OpenAPI document), scoped to the owner (another user's
 * conversation is 404): a message and its conversation's counters, the reply with its
 * portfolio facts, end, rename, the generated title. Writes that change several rows run
 * in one transaction, so a failure leaves nothing half-written. The service also offers
 * the reads of repository.ts, so the routes need only this object.
 */
import type { BotType, ExtractedData } from '@solar/domain';
import { and, desc, eq, sql } from 'drizzle-orm';
import type { Db } from '../db/database.ts';
import { conversations, messages, portfolioFacts } from '../db/schema.ts';
import { FACT_KEYS } from './facts.ts';
import {
  conversationEnded,
  conversationNotFound,
  createChatRepository,
  HISTORY_FOR_MODEL,
  UUID_RE,
  type ConversationRow,
  type ExchangeStart,
  type MessageRow,
} from './repository.ts';

/** A transaction of `db`. */
type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];

/** An assistant reply to store, whole or partial (`interrupted`). */
export interface ReplyToStore {
  userId: string;
  conversationId: string;
  /** The user message it answers: the source of its portfolio facts. */
  userMessageId: string;
  content: string;
  botType: BotType;
  /** The validated solar facts of the exchange, or null. */
  extractedData: ExtractedData | null;
  interrupted: boolean;
}

/**
 * Writes a reply within `tx`: the message row, the conversation's count and lastMessageAt,
 * and the portfolio facts of `extractedData` sourced from `userMessageId`. Without
 * `regenerate` the facts are added. With it (docs/decisions/036-regenerate-a-chat-reply.md)
 * only a complete reply changes anything else: it deletes the reply `replaceId` (when
 * given) and replaces the facts recorded for `userMessageId`, keeping their time; an
 * interrupted one is stored after the earlier reply and leaves the portfolio as it was.
 * Returns the new reply's row.
 */
async function storeReply(
  tx: Tx,
  input: ReplyToStore,
  regenerate?: { replaceId: string | null },
): Promise<MessageRow> {
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
  const complete = !input.interrupted;
  let removed = 0;
  if (regenerate?.replaceId != null && complete) {
    const deleted = await tx
      .delete(messages)
      .where(
        and(
          eq(messages.id, regenerate.replaceId),
          eq(messages.conversationId, input.conversationId),
        ),
      )
      .returning({ id: messages.id });
    removed = deleted.length;
  }
  await tx
    .update(conversations)
    .set({
      messageCount: sql`${conversations.messageCount} + ${1 - removed}`,
      lastMessageAt: reply!.createdAt,
    })
    .where(eq(conversations.id, input.conversationId));
  if (regenerate && !complete) return reply!;
  let keptTime: Date | undefined;
  if (regenerate) {
    const recorded = await tx
      .delete(portfolioFacts)
      .where(
        and(
          eq(portfolioFacts.userId, input.userId),
          eq(portfolioFacts.messageId, input.userMessageId),
        ),
      )
      .returning({ createdAt: portfolioFacts.createdAt });
    keptTime = recorded[0]?.createdAt;
  }
  const facts = input.extractedData ?? {};
  const rows = FACT_KEYS.filter((key) => facts[key] !== undefined).map((key) => ({
    userId: input.userId,
    conversationId: input.conversationId,
    messageId: input.userMessageId,
    fact: key,
    value: facts[key]!,
    ...(keptTime ? { createdAt: keptTime } : {}),
  }));
  if (rows.length > 0) await tx.insert(portfolioFacts).values(rows);
  return reply!;
}

/** The chat service over `db`: the reads of repository.ts and the writes below. */
export function createChatService(db: Db) {
  const reads = createChatRepository(db);
  const { requireOwned } = reads;
  return {
    ...reads,

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
          // Counted already: its lastMessageAt and the message's createdAt are both the
          // transaction's now(), so no update follows (one round trip fewer before the
          // reply's first text).
          [conversation] = await tx
            .insert(conversations)
            .values({
              ...(input.newConversationId ? { id: input.newConversationId } : {}),
              userId: input.userId,
              title: input.newTitle,
              titleGenerated: true,
              messageCount: 1,
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
        if (created)
          return { conversation: conversation!, created, userMessage: userMessage!, history };
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
    async finishExchange(input: ReplyToStore): Promise<MessageRow> {
      return db.transaction((tx) => storeReply(tx, input));
    },

    /**
     * Stores a regenerated reply (docs/product.md#ai-chat) after the conversation's last
     * one, in one transaction. When `replaceId` is given and the new reply is complete (not
     * `interrupted`), the reply `replaceId` is deleted; a stopped or failed new reply keeps
     * it, so nothing is lost. A complete reply's facts replace those recorded for
     * `userMessageId` (keeping their time), so one user message never counts twice in the
     * portfolio. Returns the new reply's row.
     */
    async finishRegenerate(
      input: ReplyToStore & { replaceId: string | null },
    ): Promise<MessageRow> {
      return db.transaction((tx) => storeReply(tx, input, { replaceId: input.replaceId }));
    },

    /** `POST /chat/end/{id}`: marks the conversation ended (again is harmless); 404. */
    async end(userId: string, id: string): Promise<void> {
      await requireOwned(userId, id);
      await db
        .update(conversations)
        .set({ status: 'ended' })
        .where(and(eq(conversations.id, id), eq(conversations.userId, userId)));
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
  };
}

/** The service's type. */
export type ChatService = ReturnType<typeof createChatService>;
