/**
 * `POST /chat/end/{id}` while the reply of that conversation is streaming: the reply stops, the
 * stream ends with `complete`, and what was streamed up to then is what is stored, marked
 * interrupted; nothing of the rest arrives or is stored.
 */
import { describe, expect, it } from 'vitest';
import { composeOfflineReply } from '../src/chat/offline-replies.ts';
import { databaseKinds } from './harness.ts';
import {
  createClient,
  eventually,
  getJson,
  sendJson,
  useChatServer,
  streamChat,
} from './chat-helpers.ts';

describe.each(databaseKinds)('ending a conversation while its reply streams on %s', (kind) => {
  // A slow reply: each word 60 ms apart, so it is still streaming when the end comes.
  const chat = useChatServer(kind, { AI_STREAM_DELAY_MS: '60' });

  it('stops the reply and stores only what was streamed, marked interrupted', async () => {
    const { token } = await createClient(chat.server);
    const full = composeOfflineReply({
      botType: 0,
      locale: 'en',
      facts: {},
      newFacts: {},
      firstReply: true,
    });
    let ended: Promise<{ status: number; body: { status: string } }> | undefined;
    const result = await streamChat(
      chat.baseUrl,
      token,
      { message: 'Hello', conversationId: null },
      {
        onEvent: (event) => {
          if (event.chunk.textDelta !== '' && !ended) {
            ended = sendJson(chat.server, token, 'POST', `/chat/end/${event.chunk.conversationId}`);
          }
        },
      },
    );
    expect((await ended!).status).toBe(200);
    // The stream ended by itself, properly, long before the whole reply.
    const last = result.events.at(-1)!;
    expect(last.event).toBe('complete');
    expect(last.chunk).toMatchObject({ isComplete: true, isError: false });
    expect(result.text.length).toBeGreaterThan(0);
    expect(result.text.length).toBeLessThan(full.length);
    expect(last.chunk.completeMessage).toBe(result.text);

    const id = result.events[0]!.chunk.conversationId;
    const history = await eventually(
      () => getJson(chat.server, token, `/chat/history/${id}`),
      (h) => h.body.messages.length === 2,
    );
    expect(history.body.status).toBe('ended');
    expect(history.body.messages[1]).toMatchObject({
      role: 'assistant',
      content: result.text,
      interrupted: true,
    });
  });
});
