/**
 * The chat stream reader (docs/product.md#ai-chat and #errors-and-messages; the OpenAPI document):
 * typed chunks until `complete`, each spec error, the '[Parse Error]' chunk, the user's stop and
 * the 1 s connection retry.
 */
import type { StreamChunk } from '@solar/domain/contract';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { readChatStream, type ChatStreamOptions } from './chat-stream.ts';
import { ApiError } from './errors.ts';

const base = { conversationId: 'c1', botType: 0, isComplete: false, isError: false };
const frame = (data: unknown, event?: string) =>
  `${event ? `event: ${event}\n` : ''}data: ${typeof data === 'string' ? data : JSON.stringify(data)}\n\n`;

/** A response streaming `parts`; `hold` keeps it open after them (until aborted). */
function sse(parts: string[], options: { hold?: boolean; contentType?: string } = {}) {
  const encoder = new TextEncoder();
  let cancelled = false;
  const body = new ReadableStream<Uint8Array>({
    start(controller) {
      for (const part of parts) controller.enqueue(encoder.encode(part));
      if (!options.hold) controller.close();
    },
    cancel() {
      cancelled = true;
    },
  });
  const response = new Response(body, {
    headers: { 'Content-Type': options.contentType ?? 'text/event-stream; charset=utf-8' },
  });
  return { response, wasCancelled: () => cancelled };
}

function run(fetchImpl: typeof fetch, extra: Partial<ChatStreamOptions> = {}) {
  return readChatStream({
    url: 'http://api.test/api/v1/chat/stream',
    body: { message: 'Hello', conversationId: null },
    getAccessToken: async () => 'token-1',
    fetch: fetchImpl,
    ...extra,
  });
}

async function collect(stream: AsyncIterable<StreamChunk>) {
  const chunks: StreamChunk[] = [];
  for await (const chunk of stream) chunks.push(chunk);
  return chunks;
}

async function failure(stream: AsyncIterable<StreamChunk>): Promise<ApiError> {
  const error = await collect(stream).then(
    () => {
      throw new Error('expected the stream to fail');
    },
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(ApiError);
  return error as ApiError;
}

afterEach(() => vi.useRealTimers());

describe('chat stream reader', () => {
  it('POSTs the message with the bearer token and yields typed chunks until complete', async () => {
    const requests: Request[] = [];
    const fetchImpl = (async (input: RequestInfo | URL, init?: RequestInit) => {
      requests.push(new Request(input, init));
      return sse([
        frame({ ...base, textDelta: 'Hel' }),
        frame({ ...base, textDelta: 'lo' }),
        frame(
          {
            ...base,
            textDelta: '',
            isComplete: true,
            completeMessage: 'Hello',
            extractedData: { monthlyKwh: 300 },
          },
          'complete',
        ),
        frame({ ...base, textDelta: 'after complete' }),
      ]).response;
    }) as typeof fetch;
    const chunks = await collect(run(fetchImpl));
    expect(chunks.map((c) => c.textDelta)).toEqual(['Hel', 'lo', '']);
    expect(chunks.at(-1)).toMatchObject({
      isComplete: true,
      completeMessage: 'Hello',
      extractedData: { monthlyKwh: 300 },
    });
    expect(requests[0]!.method).toBe('POST');
    expect(requests[0]!.headers.get('authorization')).toBe('Bearer token-1');
    expect(await requests[0]!.json()).toEqual({ message: 'Hello', conversationId: null });
  });

  it("without a valid token fails with 'Authentication failed. Please sign in again.' and sends nothing", async () => {
    const fetchImpl = vi.fn() as unknown as typeof fetch;
    const none = await failure(run(fetchImpl, { getAccessToken: async () => null }));
    expect(none).toMatchObject({
      status: 401,
      message: 'Authentication failed. Please sign in again.',
    });
    const refused = await failure(
      run(fetchImpl, {
        getAccessToken: async () => {
          throw new ApiError(
            401,
            'token_expired',
            'Token expired and refresh failed. Please sign in again.',
          );
        },
      }),
    );
    expect(refused.message).toBe('Authentication failed. Please sign in again.');
    expect(fetchImpl).not.toHaveBeenCalled();
  });

  it("a 401 answer fails with 'Authentication failed. Please sign in again.'", async () => {
    const fetchImpl = (async () =>
      Response.json(
        { message: 'Please sign in to continue.', code: 'unauthenticated' },
        { status: 401 },
      )) as typeof fetch;
    expect(await failure(run(fetchImpl))).toMatchObject({
      status: 401,
      message: 'Authentication failed. Please sign in again.',
    });
  });

  it('a JSON error before the stream carries the server message (404, 409...)', async () => {
    const fetchImpl = (async () =>
      Response.json(
        { message: 'Conversation not found', code: 'not_found' },
        { status: 404 },
      )) as typeof fetch;
    expect(await failure(run(fetchImpl))).toMatchObject({
      status: 404,
      code: 'not_found',
      message: 'Conversation not found',
    });
  });

  it("an answer that is not an event stream fails with 'Server is not configured for streaming...'", async () => {
    const fetchImpl = (async () => Response.json({ reply: 'hi' })) as typeof fetch;
    const error = await failure(run(fetchImpl));
    expect(error.code).toBe('not_streaming');
    expect(error.message).toMatch(/^Server is not configured for streaming/);
  });

  it("an answer without a body fails with 'stream not available'", async () => {
    const fetchImpl = (async () =>
      new Response(null, {
        status: 200,
        headers: { 'Content-Type': 'text/event-stream' },
      })) as typeof fetch;
    const error = await failure(run(fetchImpl));
    expect(error.code).toBe('stream_unavailable');
    expect(error.message).toMatch(/^stream not available$/i);
  });

  it("a malformed chunk becomes an error chunk '[Parse Error]' and the stream goes on", async () => {
    const fetchImpl = (async () =>
      sse([
        frame({ ...base, textDelta: 'A' }),
        frame('{not json'),
        frame({ ...base, textDelta: '', isComplete: true, completeMessage: 'A' }, 'complete'),
      ]).response) as typeof fetch;
    const chunks = await collect(run(fetchImpl));
    expect(chunks[1]).toMatchObject({
      conversationId: 'c1',
      textDelta: '[Parse Error]',
      isError: true,
    });
    expect(chunks.at(-1)!.isComplete).toBe(true);
  });

  it('the user stop mid-stream ends the iteration quietly and cancels the request', async () => {
    let signal: AbortSignal | undefined;
    const stream = sse(
      [frame({ ...base, textDelta: 'First ' }), frame({ ...base, textDelta: 'second ' })],
      { hold: true },
    );
    const fetchImpl = (async (_input: RequestInfo | URL, init?: RequestInit) => {
      signal = init?.signal ?? undefined;
      return stream.response;
    }) as typeof fetch;
    const stop = new AbortController();
    const seen: string[] = [];
    for await (const chunk of run(fetchImpl, { signal: stop.signal })) {
      seen.push(chunk.textDelta);
      stop.abort();
    }
    expect(seen).toEqual(['First ']);
    expect(signal?.aborted).toBe(true);
    expect(stream.wasCancelled()).toBe(true);
  });

  it('a stream that ends without complete fails as a lost connection after the partial text', async () => {
    const fetchImpl = (async () =>
      sse([frame({ ...base, textDelta: 'Part' })]).response) as typeof fetch;
    const seen: string[] = [];
    const error = await (async () => {
      try {
        for await (const chunk of run(fetchImpl)) seen.push(chunk.textDelta);
      } catch (e) {
        return e;
      }
      return null;
    })();
    expect(seen).toEqual(['Part']);
    expect(error).toMatchObject({ status: 0, code: 'network' });
  });

  it('retries a connection failing before the first byte after 1 s, once by default', async () => {
    vi.useFakeTimers();
    let attempts = 0;
    const fetchImpl = (async () => {
      attempts += 1;
      if (attempts === 1) throw new TypeError('fetch failed');
      return sse([
        frame({ ...base, textDelta: '', isComplete: true, completeMessage: '' }, 'complete'),
      ]).response;
    }) as typeof fetch;
    const result = collect(run(fetchImpl));
    await vi.advanceTimersByTimeAsync(999);
    expect(attempts).toBe(1);
    await vi.advanceTimersByTimeAsync(1);
    expect((await result).at(-1)!.isComplete).toBe(true);
    expect(attempts).toBe(2);

    let downAttempts = 0;
    const down = (async () => {
      downAttempts += 1;
      throw new TypeError('fetch failed');
    }) as typeof fetch;
    const failing = failure(run(down));
    await vi.advanceTimersByTimeAsync(1000);
    expect(await failing).toMatchObject({ status: 0, code: 'network' });
    expect(downAttempts).toBe(2);
  });
});
