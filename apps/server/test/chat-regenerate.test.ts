/**
 * Regenerating the last reply (docs/product.md#ai-chat; the OpenAPI document):
 * `POST /chat/stream {regenerate, conversationId}` answers the last user message again as a
 * new reply; 'replace' removes the earlier reply once the new one is stored complete, 'keep'
 * keeps both; a stopped new reply keeps the earlier one; 400 for a bad body, 409 when there
 * is nothing to regenerate or a reply runs, 404 for another user's conversation, and the
 * portfolio counts the user message once.
 */
import { and, count, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { conversations, messages, portfolioFacts } from '../src/db/schema.ts';
import { databaseKinds } from './harness.ts';
import { createClient, getJson, streamChat, useChatServer } from './chat-helpers.ts';

describe.each(databaseKinds)('regenerating a reply on %s', (kind) => {
  const chat = useChatServer(kind, { AI_STREAM_DELAY_MS: '20' });

  /** A conversation of `token` with one exchange; its id. */
  async function converse(token: string, message = 'We use 300 kWh a month.') {
    const first = await streamChat(chat.baseUrl, token, { message, conversationId: null });
    return first.events[0]!.chunk.conversationId;
  }
  const history = async (token: string, id: string) =>
    (await getJson(chat.server, token, `/chat/history/${id}`)).body as {
      messages: { id: string; role: string; content: string; interrupted: boolean }[];
    };
  const messageCount = async (id: string) =>
    (
      await chat.server.database.db
        .select({ n: conversations.messageCount })
        .from(conversations)
        .where(eq(conversations.id, id))
    )[0]!.n;

  it("'replace' streams a new reply and leaves one reply; the portfolio counts the message once", async () => {
    const { id: userId, token } = await createClient(chat.server);
    const id = await converse(token);
    const before = await history(token, id);
    const result = await streamChat(chat.baseUrl, token, {
      regenerate: 'replace',
      conversationId: id,
    });
    expect(result.status).toBe(200);
    expect(result.events[0]!.chunk.conversationId).toBe(id);
    const complete = result.events.at(-1)!;
    expect(complete.event).toBe('complete');
    expect(complete.chunk.completeMessage).toBe(result.text);
    expect(result.text.length).toBeGreaterThan(0);
    expect(complete.chunk.extractedData).toEqual({ monthlyKwh: 300 });

    const after = await history(token, id);
    expect(after.messages.map((m) => m.role)).toEqual(['user', 'assistant']);
    expect(after.messages[0]!.id).toBe(before.messages[0]!.id);
    expect(after.messages[1]!.id).not.toBe(before.messages[1]!.id);
    expect(after.messages[1]).toMatchObject({ content: result.text, interrupted: false });
    expect(await messageCount(id)).toBe(2);
    const [facts] = await chat.server.database.db
      .select({ n: count() })
      .from(portfolioFacts)
      .where(and(eq(portfolioFacts.userId, userId), eq(portfolioFacts.fact, 'monthlyKwh')));
    expect(facts!.n).toBe(1);
  });

  it("'keep' leaves both replies in order, and regenerates again after the kept one", async () => {
    const { token } = await createClient(chat.server);
    const id = await converse(token);
    const before = await history(token, id);
    const kept = await streamChat(chat.baseUrl, token, { regenerate: 'keep', conversationId: id });
    expect(kept.events.at(-1)!.event).toBe('complete');
    const after = await history(token, id);
    expect(after.messages.map((m) => m.role)).toEqual(['user', 'assistant', 'assistant']);
    expect(after.messages[1]!.id).toBe(before.messages[1]!.id);
    expect(after.messages[2]!.content).toBe(kept.text);
    expect(await messageCount(id)).toBe(3);

    // Replacing now replaces the last reply only.
    await streamChat(chat.baseUrl, token, { regenerate: 'replace', conversationId: id });
    const last = await history(token, id);
    expect(last.messages.map((m) => m.role)).toEqual(['user', 'assistant', 'assistant']);
    expect(last.messages[1]!.id).toBe(before.messages[1]!.id);
    expect(last.messages[2]!.id).not.toBe(after.messages[2]!.id);
  });

  it("a stopped 'replace' keeps the earlier reply and stores the partial one after it, interrupted", async () => {
    const { token } = await createClient(chat.server);
    const id = await converse(token);
    const before = await history(token, id);
    let stopped = false;
    const result = await streamChat(
      chat.baseUrl,
      token,
      { regenerate: 'replace', conversationId: id },
      {
        onEvent: (event) => {
          if (event.chunk.textDelta === '' || stopped) return;
          stopped = true;
          void fetch(`${chat.baseUrl}/chat/stop/${id}`, {
            method: 'POST',
            headers: { authorization: `Bearer ${token}` },
          });
        },
      },
    );
    expect(result.events.at(-1)!.event).toBe('complete');
    const after = await history(token, id);
    expect(after.messages.map((m) => m.role)).toEqual(['user', 'assistant', 'assistant']);
    expect(after.messages[1]).toEqual(before.messages[1]);
    expect(after.messages[2]).toMatchObject({ interrupted: true, content: result.text });
    expect(after.messages[2]!.content.length).toBeLessThan(before.messages[1]!.content.length);
  });

  it('answers 409 while a reply runs and when the last message is not a reply', async () => {
    const { token } = await createClient(chat.server);
    const id = await converse(token);
    let during: Awaited<ReturnType<typeof streamChat>> | undefined;
    await streamChat(
      chat.baseUrl,
      token,
      { regenerate: 'keep', conversationId: id },
      {
        onEvent: (event, index) => {
          if (index !== 1) return;
          void (async () => {
            during = await streamChat(chat.baseUrl, token, {
              regenerate: 'keep',
              conversationId: id,
            });
          })();
        },
      },
    );
    await expect.poll(() => during?.status).toBe(409);
    expect(during!.json).toMatchObject({
      code: 'conflict',
      message: expect.stringMatching(/still/),
    });

    // A conversation whose last message is the user's (its reply never came).
    const { id: userId, token: other } = await createClient(chat.server);
    const [row] = await chat.server.database.db
      .insert(conversations)
      .values({ userId, title: 'Quiet', messageCount: 1 })
      .returning();
    await chat.server.database.db
      .insert(messages)
      .values({ conversationId: row!.id, role: 'user', content: 'Hi', botType: 0 });
    const nothing = await streamChat(chat.baseUrl, other, {
      regenerate: 'replace',
      conversationId: row!.id,
    });
    expect(nothing.status).toBe(409);
    expect(nothing.json).toMatchObject({
      code: 'conflict',
      message: expect.stringMatching(/no reply/),
    });
    expect((await history(other, row!.id)).messages).toHaveLength(1);
  });

  it('answers 400 for a bad body and 404 for a conversation not the caller’s', async () => {
    const { token } = await createClient(chat.server);
    const stranger = await createClient(chat.server);
    const id = await converse(token);
    const bad = [
      { regenerate: 'replace' },
      { regenerate: 'twice', conversationId: id },
      { regenerate: 'keep', conversationId: id, message: 'Hi' },
    ];
    for (const body of bad) {
      expect((await streamChat(chat.baseUrl, token, body)).status).toBe(400);
    }
    const foreign = await streamChat(chat.baseUrl, stranger.token, {
      regenerate: 'keep',
      conversationId: id,
    });
    expect(foreign.status).toBe(404);
    expect((await history(token, id)).messages).toHaveLength(2);
  });
});

describe.each(databaseKinds)('the message limit counts regenerates on %s', (kind) => {
  const chat = useChatServer(kind, { CHAT_RATE_LIMIT: '2' });

  it('answers 429 to a regenerate past the limit and keeps the reply', async () => {
    const { token } = await createClient(chat.server);
    const first = await streamChat(chat.baseUrl, token, { message: 'Hi', conversationId: null });
    const id = first.events[0]!.chunk.conversationId;
    const again = await streamChat(chat.baseUrl, token, { regenerate: 'keep', conversationId: id });
    expect(again.status).toBe(200);
    const limited = await streamChat(chat.baseUrl, token, {
      regenerate: 'replace',
      conversationId: id,
    });
    expect(limited.status).toBe(429);
    expect(limited.json!.code).toBe('rate_limited');
    const stored = await getJson(chat.server, token, `/chat/history/${id}`);
    expect(stored.body.messages).toHaveLength(3);
  });
});
