/**
 * Stopping and resuming a reply on one instance (the OpenAPI document): a
 * dropped connection does not stop the reply, `GET /chat/stream/{id}` resumes it after
 * `Last-Event-ID` (204 when nothing runs, 404 for another user's conversation), and
 * `POST /chat/stop/{id}` stops it, storing what it had, marked interrupted. A user follows
 * at most MAX_FOLLOWS_PER_USER replies at once.
 */
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { composeOfflineReply } from '../src/chat/offline-replies.ts';
import { MAX_FOLLOWS_PER_USER } from '../src/chat/stop-routes.ts';
import { conversations } from '../src/db/schema.ts';
import { databaseKinds } from './harness.ts';
import { createClient, getJson, resumeChat, streamChat, useChatServer } from './chat-helpers.ts';

describe.each(databaseKinds)('stopping and resuming a reply on %s', (kind) => {
  const chat = useChatServer(kind, {
    AI_STREAM_DELAY_MS: '40',
    CHAT_HEARTBEAT_MS: '25',
  });

  const fullReply = () =>
    composeOfflineReply({ botType: 0, locale: 'en', facts: {}, newFacts: {}, firstReply: true });

  it('keeps generating when the client disconnects; GET /chat/stream/{id} resumes after Last-Event-ID', async () => {
    const { token } = await createClient(chat.server);
    const dropped = await streamChat(
      chat.baseUrl,
      token,
      { message: 'Hello', conversationId: null },
      { stopWhen: (event) => event.chunk.textDelta !== '' },
    );
    const id = dropped.events[0]!.chunk.conversationId;
    const seen = dropped.events.at(-1)!;
    expect(dropped.events.every((event) => event.id)).toBe(true);
    expect(seen.event).toBeUndefined();

    const resumed = await resumeChat(chat.baseUrl, token, id, seen.id);
    expect(resumed.status).toBe(200);
    expect(resumed.headers.get('content-type')).toMatch(/^text\/event-stream/);
    // Nothing already seen is sent again: the two parts make the whole reply.
    const ids = new Set(dropped.events.map((event) => event.id));
    expect(resumed.events.some((event) => ids.has(event.id))).toBe(false);
    const complete = resumed.events.at(-1)!;
    expect(complete.event).toBe('complete');
    expect(dropped.text + resumed.text).toBe(fullReply());
    expect(complete.chunk.completeMessage).toBe(fullReply());

    // Stored in full, not interrupted.
    const history = await getJson(chat.server, token, `/chat/history/${id}`);
    expect(history.body.messages[1]).toMatchObject({
      role: 'assistant',
      content: fullReply(),
      interrupted: false,
    });
    // Finished: its last events again for a Last-Event-ID of it (the end was missed), but
    // 204 without one: a client that never saw the reply reads it from the history.
    const rest = await resumeChat(chat.baseUrl, token, id, seen.id);
    expect(rest.status).toBe(200);
    expect(dropped.text + rest.text).toBe(fullReply());
    expect((await resumeChat(chat.baseUrl, token, id)).status).toBe(204);
  });

  it("answers 204 when no reply is running and 404 for a conversation not the caller's", async () => {
    const { token } = await createClient(chat.server);
    const other = await createClient(chat.server);
    const done = await streamChat(chat.baseUrl, token, { message: 'Hi', conversationId: null });
    const id = done.events[0]!.chunk.conversationId;
    const unknown = '00000000-0000-4000-8000-000000000000';
    expect((await resumeChat(chat.baseUrl, token, unknown)).status).toBe(404);
    expect((await resumeChat(chat.baseUrl, other.token, id)).status).toBe(404);
    const stop = (who: string, conversation: string) =>
      fetch(`${chat.baseUrl}/chat/stop/${conversation}`, {
        method: 'POST',
        headers: { authorization: `Bearer ${who}` },
      });
    expect((await stop(other.token, id)).status).toBe(404);
    expect((await stop(token, id)).status).toBe(204);
    const fresh = await createClient(chat.server);
    const [row] = await chat.server.database.db
      .insert(conversations)
      .values({ userId: fresh.id, title: 'Quiet' })
      .returning();
    const quiet = await resumeChat(chat.baseUrl, fresh.token, row!.id);
    expect(quiet.status).toBe(204);
  });

  it('POST /chat/stop stops generating and stores the partial reply as interrupted', async () => {
    const { token } = await createClient(chat.server);
    const full = fullReply();
    let id = '';
    const result = await streamChat(
      chat.baseUrl,
      token,
      { message: 'Hello', conversationId: null },
      {
        onEvent: (event) => {
          if (event.chunk.textDelta !== '' && !id) {
            id = event.chunk.conversationId;
            void fetch(`${chat.baseUrl}/chat/stop/${id}`, {
              method: 'POST',
              headers: { authorization: `Bearer ${token}` },
            });
          }
        },
      },
    );
    expect(result.events.at(-1)!.event).toBe('complete');
    expect(result.events.some((event) => event.chunk.isError)).toBe(false);
    const history = await getJson(chat.server, token, `/chat/history/${id}`);
    const reply = history.body.messages[1];
    expect(reply).toMatchObject({ role: 'assistant', interrupted: true });
    expect(reply.content.length).toBeGreaterThan(0);
    expect(reply.content.length).toBeLessThan(full.length);
    expect(full.startsWith(reply.content)).toBe(true);
    expect(result.text).toBe(reply.content);
    const [conversation] = await chat.server.database.db
      .select()
      .from(conversations)
      .where(eq(conversations.id, id));
    expect(conversation!.messageCount).toBe(2);
  });
});

describe.each(databaseKinds)('following replies on %s', (kind) => {
  // Slow replies: they run until the test stops them.
  const chat = useChatServer(kind, { AI_STREAM_DELAY_MS: '1000', CHAT_HEARTBEAT_MS: '1000' });

  /** A running reply of a new conversation of `token`'s user: its id. */
  async function runningReply(token: string) {
    const started = await streamChat(
      chat.baseUrl,
      token,
      { message: 'Hello', conversationId: null },
      { stopWhen: (event) => event.chunk.textDelta !== '' },
    );
    return started.events[0]!.chunk.conversationId;
  }

  /** Opens GET /chat/stream/{id}; the answer, its first event read when it is 200. */
  async function openFollow(token: string, id: string) {
    const response = await fetch(`${chat.baseUrl}/chat/stream/${id}`, {
      headers: { authorization: `Bearer ${token}` },
    });
    if (response.status === 200) {
      const reader = response.body!.getReader();
      let text = '';
      while (!text.includes('\n\n')) text += new TextDecoder().decode((await reader.read()).value);
      return { response, reader };
    }
    await response.body?.cancel();
    return { response, reader: undefined };
  }

  it(`a user follows at most ${MAX_FOLLOWS_PER_USER} replies at once (429 with Retry-After past it); an ended follow frees its place`, async () => {
    const { token } = await createClient(chat.server);
    const other = await createClient(chat.server);
    const first = await runningReply(token);
    const second = await runningReply(token);
    const open = [];
    for (let i = 0; i < MAX_FOLLOWS_PER_USER; i += 1) {
      const follow = await openFollow(token, first);
      expect(follow.response.status).toBe(200);
      open.push(follow);
    }
    const refused = await openFollow(token, second);
    expect(refused.response.status).toBe(429);
    expect(Number(refused.response.headers.get('retry-after'))).toBeGreaterThan(0);
    // Another user is not held back.
    const elsewhere = await openFollow(other.token, await runningReply(other.token));
    expect(elsewhere.response.status).toBe(200);
    await elsewhere.reader!.cancel();

    // The first reply is stopped: its ten follows end, and the user may follow again.
    const stop = await fetch(`${chat.baseUrl}/chat/stop/${first}`, {
      method: 'POST',
      headers: { authorization: `Bearer ${token}` },
    });
    expect(stop.status).toBe(204);
    for (const follow of open) while (!(await follow.reader!.read()).done);
    const again = await openFollow(token, second);
    expect(again.response.status).toBe(200);
    await again.reader!.cancel();
    await fetch(`${chat.baseUrl}/chat/stop/${second}`, {
      method: 'POST',
      headers: { authorization: `Bearer ${token}` },
    });
  });
});
