/**
 * Stopping and resuming a reply on one instance (issue 26; API-CONTRACT.md "Chat"): a
 * dropped connection does not stop the reply, `GET /chat/stream/{id}` resumes it after
 * `Last-Event-ID` (204 when nothing runs, 404 for another user's conversation), and
 * `POST /chat/stop/{id}` stops it, storing what it had, marked interrupted.
 */
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { composeOfflineReply } from '../src/chat/offline-replies.ts';
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
    const started = Date.now();
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
    const stored = Date.now() - started;
    const reply = history.body.messages[1];
    expect(reply).toMatchObject({ role: 'assistant', interrupted: true });
    expect(reply.content.length).toBeGreaterThan(0);
    expect(reply.content.length).toBeLessThan(full.length);
    expect(full.startsWith(reply.content)).toBe(true);
    expect(result.text).toBe(reply.content);
    // The whole reply takes (words x 40 ms); it was stopped long before that.
    const words = full.split(' ').length;
    expect(stored).toBeLessThan((words * 40) / 2);
    const [conversation] = await chat.server.database.db
      .select()
      .from(conversations)
      .where(eq(conversations.id, id));
    expect(conversation!.messageCount).toBe(2);
  });
});
