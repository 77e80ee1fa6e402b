/**
 * POST /chat/stream with the offline assistant (the OpenAPI document): the SSE event
 * sequence for a new and an existing conversation, the errors that come before the stream,
 * the heartbeat, a client abort (partial reply stored as interrupted, generation stopped),
 * and the per-user message limit. Read with fetch and a real SSE parser.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { count, eq, sql } from 'drizzle-orm';
import { STREAM_ERROR_MESSAGE } from '../src/chat/stream.ts';
import { conversations, messages } from '../src/db/schema.ts';
import { databaseKinds } from './harness.ts';
import { createClient, getJson, sendJson, useChatServer, streamChat } from './chat-helpers.ts';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

describe.each(databaseKinds)('chat stream on %s', (kind) => {
  const chat = useChatServer(kind);
  let token: string;
  beforeAll(async () => {
    token = (await createClient(chat.server)).token;
  });

  it('streams a new conversation: id first, text deltas, then the complete event', async () => {
    const result = await streamChat(chat.baseUrl, token, {
      message: '  Hello! I use 450 kWh a month.  ',
      conversationId: null,
      context: { botType: 0, locale: 'en' },
    });
    expect(result.status).toBe(200);
    expect(result.headers.get('content-type')).toMatch(/^text\/event-stream/);
    expect(result.headers.get('cache-control')).toContain('no-cache');
    expect(result.headers.get('x-accel-buffering')).toBe('no');

    const [first, ...rest] = result.events;
    expect(first!.event).toBeUndefined();
    expect(first!.chunk).toMatchObject({ textDelta: '', isComplete: false, isError: false });
    const id = first!.chunk.conversationId;
    expect(id).toMatch(UUID);

    const deltas = rest.slice(0, -1);
    expect(deltas.length).toBeGreaterThan(5);
    for (const { event, chunk } of deltas) {
      expect(event).toBeUndefined();
      expect(chunk).toMatchObject({ conversationId: id, botType: 0, isComplete: false });
      expect(chunk.isError).toBe(false);
      expect(chunk.textDelta).not.toBe('');
    }
    const last = result.events.at(-1)!;
    expect(last.event).toBe('complete');
    expect(last.chunk).toMatchObject({
      conversationId: id,
      isComplete: true,
      isError: false,
      completeMessage: result.text,
      extractedData: { monthlyKwh: 450 },
    });
    expect(result.text).toContain('automated');

    const history = await getJson(chat.server, token, `/chat/history/${id}`);
    expect(history.status).toBe(200);
    expect(history.body).toMatchObject({ conversationId: id, status: 'active' });
    expect(history.body.messages).toHaveLength(2);
    const [user, assistant] = history.body.messages;
    expect(user).toMatchObject({ role: 'user', content: 'Hello! I use 450 kWh a month.' });
    expect(user.interrupted).toBe(false);
    expect(assistant).toMatchObject({
      role: 'assistant',
      content: result.text,
      botType: 0,
      interrupted: false,
    });
    expect(JSON.parse(assistant.extractedDataJson)).toEqual({ monthlyKwh: 450 });

    const list = await getJson(chat.server, token, '/chat/conversations');
    expect(list.body.conversations[0]).toMatchObject({
      id,
      title: 'Hello! I use 450 kWh a month.',
      titleGenerated: true,
      messageCount: 2,
    });
  });

  it('continues an existing conversation with the same id and no second greeting', async () => {
    const opened = await streamChat(chat.baseUrl, token, {
      message: 'Hi there',
      conversationId: null,
      context: { botType: 1, locale: 'en' },
    });
    const id = opened.events[0]!.chunk.conversationId;
    const before = (await getJson(chat.server, token, '/chat/conversations')).body.conversations;
    const lastBefore = before.find((c: { id: string }) => c.id === id).lastMessageAt;

    const next = await streamChat(chat.baseUrl, token, {
      message: 'My roof is flat and about 60 m2.',
      conversationId: id,
      context: { botType: 1, locale: 'en' },
    });
    expect(next.status).toBe(200);
    expect(next.events.every((e) => e.chunk.conversationId === id)).toBe(true);
    expect(next.events.every((e) => e.chunk.botType === 1)).toBe(true);
    expect(next.events.at(-1)).toMatchObject({
      event: 'complete',
      chunk: { isComplete: true, extractedData: { roofType: 'flat', roofArea: 60 } },
    });
    expect(next.text).not.toContain('Hello!');

    const history = await getJson(chat.server, token, `/chat/history/${id}`);
    expect(history.body.messages.map((m: { role: string }) => m.role)).toEqual([
      'user',
      'assistant',
      'user',
      'assistant',
    ]);
    expect(history.body.messages[2].content).toBe('My roof is flat and about 60 m2.');
    const after = (await getJson(chat.server, token, '/chat/conversations')).body.conversations;
    expect(after[0]).toMatchObject({ id, messageCount: 4 });
    expect(Date.parse(after[0].lastMessageAt)).toBeGreaterThan(Date.parse(lastBefore));
  });

  it('sends the first chunk before storing anything: it does not wait for a busy database', async () => {
    let release!: () => void;
    const released = new Promise<void>((resolve) => (release = resolve));
    let locked!: () => void;
    const lockTaken = new Promise<void>((resolve) => (locked = resolve));
    // Holds the conversations table (and, on PGlite, the one connection) until released.
    const holder = chat.server.database.db.transaction(async (tx) => {
      await tx.execute(sql`lock table conversations in exclusive mode`);
      locked();
      await released;
    });
    await lockTaken;
    let releasedBy: 'first chunk' | 'timer' | undefined;
    const timer = setTimeout(() => {
      releasedBy ??= 'timer';
      release();
    }, 3000);
    const result = await streamChat(
      chat.baseUrl,
      token,
      { message: 'Hello while busy', conversationId: null },
      {
        onEvent: (_event, index) => {
          if (index !== 0) return;
          releasedBy ??= 'first chunk';
          release();
        },
      },
    );
    clearTimeout(timer);
    await holder;
    expect(releasedBy).toBe('first chunk');
    expect(result.events.at(-1)).toMatchObject({ event: 'complete', chunk: { isError: false } });
    const id = result.events[0]!.chunk.conversationId;
    const history = await getJson(chat.server, token, `/chat/history/${id}`);
    expect(history.body.messages.map((m: { role: string }) => m.role)).toEqual([
      'user',
      'assistant',
    ]);
  });

  it('ends the stream with the error chunk and stores nothing when the message cannot be stored', async () => {
    const db = chat.server.database.db;
    await db.execute(sql`create or replace function refuse_message() returns trigger
      language plpgsql as $$ begin raise exception 'storage refused'; end $$`);
    await db.execute(sql`create trigger refuse_message before insert on messages
      for each row when (new.content = 'cannot be stored') execute function refuse_message()`);
    try {
      const [{ n: before } = { n: 0 }] = await db.select({ n: count() }).from(conversations);
      const result = await streamChat(chat.baseUrl, token, {
        message: 'cannot be stored',
        conversationId: null,
      });
      expect(result.status).toBe(200);
      const id = result.events[0]!.chunk.conversationId;
      expect(id).toMatch(UUID);
      expect(result.events.slice(1)).toEqual([
        {
          id: expect.any(String),
          event: undefined,
          chunk: expect.objectContaining({
            conversationId: id,
            isError: true,
            textDelta: STREAM_ERROR_MESSAGE,
          }),
        },
        {
          id: expect.any(String),
          event: 'complete',
          chunk: expect.objectContaining({
            isComplete: true,
            completeMessage: '',
            extractedData: null,
          }),
        },
      ]);
      const [{ n: after } = { n: 0 }] = await db.select({ n: count() }).from(conversations);
      expect(after).toBe(before);
      expect((await getJson(chat.server, token, `/chat/history/${id}`)).status).toBe(404);
    } finally {
      await db.execute(sql`drop trigger refuse_message on messages`);
    }
  });

  it('answers ordinary JSON errors before the stream and stores nothing', async () => {
    const [{ n: before } = { n: 0 }] = await chat.server.database.db
      .select({ n: count() })
      .from(messages);
    const blank = await streamChat(chat.baseUrl, token, {
      message: ' \n\t ',
      conversationId: null,
    });
    expect(blank.status).toBe(400);
    expect(blank.json).toMatchObject({
      code: 'validation_failed',
      message: 'Message cannot be empty',
    });

    const long = await streamChat(chat.baseUrl, token, {
      message: 'x'.repeat(4001),
      conversationId: null,
    });
    expect(long.status).toBe(400);
    expect(long.json!.message).toBe('Message cannot exceed 4000 characters');
    const longest = await streamChat(chat.baseUrl, token, {
      message: 'x'.repeat(4000),
      conversationId: null,
    });
    expect(longest.status).toBe(200);

    for (const conversationId of ['0b4f9a34-6a3c-4c8e-9d57-6f0e3f7f2a11', 'not-a-uuid']) {
      const unknown = await streamChat(chat.baseUrl, token, { message: 'Hi', conversationId });
      expect(unknown.status).toBe(404);
      expect(unknown.json!.code).toBe('not_found');
    }

    const opened = await streamChat(chat.baseUrl, token, { message: 'Hi', conversationId: null });
    const id = opened.events[0]!.chunk.conversationId;
    const ended = await sendJson(chat.server, token, 'POST', `/chat/end/${id}`);
    expect(ended).toMatchObject({ status: 200, body: { conversationId: id, status: 'ended' } });
    const toEnded = await streamChat(chat.baseUrl, token, {
      message: 'Hi again',
      conversationId: id,
    });
    expect(toEnded.status).toBe(409);
    expect(toEnded.json!.code).toBe('conflict');

    const unauthenticated = await fetch(`${chat.baseUrl}/chat/stream`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ message: 'Hi', conversationId: null }),
    });
    expect(unauthenticated.status).toBe(401);

    // Only the two accepted exchanges (4000 characters, and 'Hi') were stored.
    const [{ n: after } = { n: 0 }] = await chat.server.database.db
      .select({ n: count() })
      .from(messages);
    expect(after - before).toBe(4);
    const [{ n: endedCount } = { n: 0 }] = await chat.server.database.db
      .select({ n: count() })
      .from(messages)
      .where(eq(messages.conversationId, id));
    expect(endedCount).toBe(2);
  });
});

describe.each(databaseKinds)('chat stream timing on %s', (kind) => {
  const chat = useChatServer(kind, {
    AI_STREAM_DELAY_MS: '40',
    CHAT_HEARTBEAT_MS: '25',
  });

  it('sends heartbeat comments while the reply streams slowly', async () => {
    const { token } = await createClient(chat.server);
    const result = await streamChat(chat.baseUrl, token, {
      message: 'Hello',
      conversationId: null,
    });
    expect(result.events.at(-1)!.event).toBe('complete');
    expect(result.comments).toContain('heartbeat');
  });
});

describe.each(databaseKinds)('chat message limit on %s', (kind) => {
  const chat = useChatServer(kind, { CHAT_RATE_LIMIT: '3' });

  it('limits the messages of each user with 429 and Retry-After', async () => {
    const first = await createClient(chat.server);
    const second = await createClient(chat.server);
    for (let i = 0; i < 3; i++) {
      const ok = await streamChat(chat.baseUrl, first.token, {
        message: `m${i}`,
        conversationId: null,
      });
      expect(ok.status).toBe(200);
    }
    const limited = await streamChat(chat.baseUrl, first.token, {
      message: 'm3',
      conversationId: null,
    });
    expect(limited.status).toBe(429);
    expect(limited.json!.code).toBe('rate_limited');
    expect(Number(limited.headers.get('retry-after'))).toBeGreaterThan(0);
    const other = await streamChat(chat.baseUrl, second.token, {
      message: 'hi',
      conversationId: null,
    });
    expect(other.status).toBe(200);
  });
});
