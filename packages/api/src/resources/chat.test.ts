/**
 * The client's chat stop and replay (the OpenAPI document), against hand-written MSW
 * handlers: `chat.stop` posts to /chat/stop/{id}; `chat.resume` gets /chat/stream/{id}
 * with the bearer token and `Last-Event-ID`, yields the chunks (none for a 204), throws
 * a 404 before the first chunk, and both streams keep the SSE id of the last chunk.
 */
import type { StreamChunk } from '@solar/domain/contract';
import { http, HttpResponse } from 'msw';
import { setupServer } from 'msw/node';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { createApiClient } from '../client.ts';
import { ApiError } from '../errors.ts';
import { TEST_USER, testAccessToken } from '../mock/session-fixture.ts';
import { memoryStorage } from '../session.ts';

const baseUrl = 'http://chat.test/api/v1';
const token = testAccessToken(Date.now() + 900_000, 'chat');
const seen: Request[] = [];
const server = setupServer();

const base = { conversationId: 'c1', botType: 0, isComplete: false, isError: false } as const;
const words = ['Solar ', 'panels ', 'work.'];
/** The SSE frames of a reply of `words` with ids e:1..e:4, from index `from`. */
function frames(from = 0): string {
  const events: { event?: string; data: object }[] = [
    ...words.map((textDelta) => ({ data: { ...base, textDelta } })),
    {
      event: 'complete',
      data: { ...base, textDelta: '', isComplete: true, completeMessage: words.join('') },
    },
  ];
  return events
    .map((e, i) => ({ ...e, id: `e:${i + 1}` }))
    .slice(from)
    .map(
      (e) =>
        `id: ${e.id}\n${e.event ? `event: ${e.event}\n` : ''}data: ${JSON.stringify(e.data)}\n\n`,
    )
    .join('');
}
const sse = (text: string) =>
  new HttpResponse(text, { headers: { 'Content-Type': 'text/event-stream' } });

const client = () =>
  createApiClient({
    baseUrl,
    storage: memoryStorage({
      user: JSON.stringify(TEST_USER),
      authToken: token,
      refreshToken: 'r1',
    }),
    onSignedOut: () => undefined,
  });

async function collect(stream: AsyncIterable<StreamChunk>) {
  const chunks: StreamChunk[] = [];
  for await (const chunk of stream) chunks.push(chunk);
  return chunks;
}

beforeAll(() => server.listen({ onUnhandledFrame: 'error' }));
afterEach(() => {
  server.resetHandlers();
  seen.length = 0;
});
afterAll(() => server.close());

describe('chat.stop', () => {
  it('posts to /chat/stop/{id} with the bearer token and resolves on 204', async () => {
    server.use(
      http.post(`${baseUrl}/chat/stop/:id`, ({ request }) => {
        seen.push(request);
        return new HttpResponse(null, { status: 204 });
      }),
    );
    await expect(client().chat.stop('c 1')).resolves.toBeUndefined();
    expect(seen[0]!.url).toBe(`${baseUrl}/chat/stop/c%201`);
    expect(seen[0]!.headers.get('authorization')).toBe(`Bearer ${token}`);
  });

  it('rejects with the contract error of a 404', async () => {
    server.use(
      http.post(`${baseUrl}/chat/stop/:id`, () =>
        HttpResponse.json(
          { message: 'Conversation not found', code: 'not_found' },
          { status: 404 },
        ),
      ),
    );
    await expect(client().chat.stop('nope')).rejects.toMatchObject({
      status: 404,
      code: 'not_found',
    });
  });
});

describe('chat.resume', () => {
  it('replays from the start without Last-Event-ID and tracks the last event id', async () => {
    server.use(
      http.get(`${baseUrl}/chat/stream/:id`, ({ request }) => {
        seen.push(request);
        return sse(frames());
      }),
    );
    const stream = client().chat.resume('c1');
    expect(stream.lastEventId).toBeNull();
    const ids: (string | null)[] = [];
    const chunks: StreamChunk[] = [];
    for await (const chunk of stream) {
      chunks.push(chunk);
      ids.push(stream.lastEventId);
    }
    expect(seen[0]!.method).toBe('GET');
    expect(seen[0]!.headers.get('authorization')).toBe(`Bearer ${token}`);
    expect(seen[0]!.headers.get('accept')).toBe('text/event-stream');
    expect(seen[0]!.headers.has('last-event-id')).toBe(false);
    expect(chunks.map((c) => c.textDelta)).toEqual([...words, '']);
    expect(chunks.at(-1)).toMatchObject({ isComplete: true, completeMessage: words.join('') });
    expect(ids).toEqual(['e:1', 'e:2', 'e:3', 'e:4']);
  });

  it('sends Last-Event-ID and yields what the server sends after it', async () => {
    server.use(
      http.get(`${baseUrl}/chat/stream/:id`, ({ request }) => {
        seen.push(request);
        const after = Number(request.headers.get('last-event-id')?.split(':')[1] ?? 0);
        return sse(frames(after));
      }),
    );
    const chunks = await collect(client().chat.resume('c1', { lastEventId: 'e:2' }));
    expect(seen[0]!.headers.get('last-event-id')).toBe('e:2');
    expect(chunks.map((c) => c.textDelta)).toEqual(['work.', '']);
  });

  it('yields nothing when no reply runs (204)', async () => {
    server.use(
      http.get(`${baseUrl}/chat/stream/:id`, () => new HttpResponse(null, { status: 204 })),
    );
    const stream = client().chat.resume('c1');
    expect(await collect(stream)).toEqual([]);
    expect(stream.lastEventId).toBeNull();
  });

  it('throws a 404 for an unknown conversation before any chunk', async () => {
    server.use(
      http.get(`${baseUrl}/chat/stream/:id`, () =>
        HttpResponse.json(
          { message: 'Conversation not found', code: 'not_found' },
          { status: 404 },
        ),
      ),
    );
    const error = await collect(client().chat.resume('nope')).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({ status: 404, code: 'not_found' });
  });
});

describe('chat.stream', () => {
  it('keeps the SSE id of the last chunk yielded, for a later resume', async () => {
    server.use(http.post(`${baseUrl}/chat/stream`, () => sse(frames())));
    const stream = client().chat.stream({ message: 'Hi', conversationId: null });
    for await (const chunk of stream) {
      if (chunk.textDelta === 'panels ') break;
    }
    expect(stream.lastEventId).toBe('e:2');
  });
});
