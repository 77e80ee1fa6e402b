/**
 * Contract tests: the running reply (the OpenAPI document). A client that disconnects
 * does not stop it (it is stored in full); `GET /chat/stream/{id}` replays it from the
 * start or after `Last-Event-ID`, or answers 204 when none runs; `POST /chat/stop/{id}`
 * (204) and `POST /chat/end/{id}` stop it, storing the partial reply marked interrupted,
 * and its stream ends with `complete`.
 *
 * The backend must pace its replies (the server's offline assistant waits
 * AI_STREAM_DELAY_MS between pieces, the fake its scenario's tokenDelayMs) so a reply is
 * still running when the next call arrives.
 */
import type { StreamChunk } from '@solar/domain/contract';
import { describe, expect, it } from 'vitest';
import type { ChatStream } from '../resources/chat.ts';
import type { ContractKit } from './kit.ts';

const UNKNOWN_ID = '00000000-0000-4000-8000-999999999999';
const MESSAGE = 'Hello! Tell me how solar panels would work on the roof of my house.';

/** Reads `count` chunks of `stream`, then leaves it (the client disconnects). */
async function readThenLeave(stream: ChatStream, count: number): Promise<StreamChunk[]> {
  const chunks: StreamChunk[] = [];
  for await (const chunk of stream) {
    chunks.push(chunk);
    if (chunks.length === count) break;
  }
  return chunks;
}

const textOf = (chunks: readonly StreamChunk[]) =>
  chunks
    .filter((c) => !c.isComplete)
    .map((c) => c.textDelta)
    .join('');

/** Stop, replay and end of a running reply. */
export function chatReplyContract(kit: ContractKit): void {
  const { freshUser, failure, raw, collect } = kit;

  describe('chat: stop and resume', () => {
    it('a running reply cannot be regenerated (409); a stopped replace keeps the earlier reply', async () => {
      const { api } = await freshUser();
      const chunks: StreamChunk[] = [];
      for await (const chunk of api.chat.stream({ message: MESSAGE, conversationId: null })) {
        chunks.push(chunk);
        if (chunks.length !== 1) continue;
        const conversationId = chunk.conversationId;
        expect(
          await failure(collect(api.chat.stream({ regenerate: 'keep', conversationId }))),
        ).toMatchObject({ status: 409, code: 'conflict' });
      }
      const conversationId = chunks[0]!.conversationId;
      const before = (await api.chat.history(conversationId)).messages;
      const again: StreamChunk[] = [];
      for await (const chunk of api.chat.stream({ regenerate: 'replace', conversationId })) {
        again.push(chunk);
        if (again.length !== 1) continue;
        expect(
          await failure(collect(api.chat.stream({ regenerate: 'keep', conversationId }))),
        ).toMatchObject({ status: 409, code: 'conflict' });
        await api.chat.stop(conversationId);
      }
      const after = (await api.chat.history(conversationId)).messages;
      expect(after.map((m) => m.role)).toEqual(['user', 'assistant', 'assistant']);
      expect(after[1]).toEqual(before[1]);
      expect(after[2]).toMatchObject({ interrupted: true, content: again.at(-1)!.completeMessage });
    });
    it('POST /chat/stop/{id} answers 204; the partial reply is stored marked interrupted and the stream ends with complete', async () => {
      const { api } = await freshUser();
      const chunks: StreamChunk[] = [];
      for await (const chunk of api.chat.stream({ message: MESSAGE, conversationId: null })) {
        chunks.push(chunk);
        if (chunks.length === 1) await api.chat.stop(chunk.conversationId);
      }
      const last = chunks.at(-1)!;
      expect(last).toMatchObject({ isComplete: true, isError: false });
      const history = await api.chat.history(last.conversationId);
      expect(history.messages.map((m) => m.role)).toEqual(['user', 'assistant']);
      expect(history.messages[1]).toMatchObject({
        role: 'assistant',
        interrupted: true,
        content: last.completeMessage,
      });
      // Nothing runs any more: stopping again is still 204.
      await expect(api.chat.stop(last.conversationId)).resolves.toBeUndefined();
    });

    it('POST /chat/stop/{id} answers 404 for an unknown or foreign conversation and 401 without a token', async () => {
      const { api } = await freshUser();
      const other = await freshUser();
      const [first] = await collect(
        other.api.chat.stream({ message: 'Hi there', conversationId: null }),
      );
      expect(await failure(api.chat.stop(UNKNOWN_ID))).toMatchObject({ status: 404 });
      expect(await failure(api.chat.stop(first!.conversationId))).toMatchObject({
        status: 404,
      });
      expect((await raw('POST', `chat/stop/${first!.conversationId}`)).status).toBe(401);
    });

    it('a client that disconnects leaves the reply running: GET /chat/stream/{id} replays it from the start, then answers 204', async () => {
      const { api } = await freshUser();
      const seen = await readThenLeave(
        api.chat.stream({ message: MESSAGE, conversationId: null }),
        1,
      );
      const conversationId = seen[0]!.conversationId;
      const replay = await collect(api.chat.resume(conversationId));
      const last = replay.at(-1)!;
      expect(last).toMatchObject({ conversationId, isComplete: true, isError: false });
      expect(replay[0]!.textDelta).toBe(seen[0]!.textDelta);
      expect(textOf(replay)).toBe(last.completeMessage);
      const history = await api.chat.history(conversationId);
      expect(history.messages.at(-1)).toMatchObject({
        role: 'assistant',
        interrupted: false,
        content: last.completeMessage,
      });
      expect(await collect(api.chat.resume(conversationId))).toEqual([]);
    });

    it('GET /chat/stream/{id} with Last-Event-ID replays only the events after it', async () => {
      const { api } = await freshUser();
      const stream = api.chat.stream({ message: MESSAGE, conversationId: null });
      const seen = await readThenLeave(stream, 2);
      expect(stream.lastEventId).toEqual(expect.any(String));
      const rest = await collect(
        api.chat.resume(seen[0]!.conversationId, { lastEventId: stream.lastEventId }),
      );
      const last = rest.at(-1)!;
      expect(last).toMatchObject({ isComplete: true, isError: false });
      expect(textOf([...seen, ...rest])).toBe(last.completeMessage);
    });

    it('GET /chat/stream/{id} answers 404 for an unknown or foreign conversation and 401 without a token', async () => {
      const { api } = await freshUser();
      const other = await freshUser();
      const [first] = await collect(
        other.api.chat.stream({ message: 'Hi there', conversationId: null }),
      );
      expect(await failure(collect(api.chat.resume(UNKNOWN_ID)))).toMatchObject({
        status: 404,
      });
      expect(await failure(collect(api.chat.resume(first!.conversationId)))).toMatchObject({
        status: 404,
      });
      expect((await raw('GET', `chat/stream/${first!.conversationId}`)).status).toBe(401);
    });

    it('POST /chat/end/{id} stops a running reply first: stored marked interrupted, the stream ends with complete', async () => {
      const { api } = await freshUser();
      const chunks: StreamChunk[] = [];
      for await (const chunk of api.chat.stream({ message: MESSAGE, conversationId: null })) {
        chunks.push(chunk);
        if (chunks.length === 1) await api.chat.end(chunk.conversationId);
      }
      expect(chunks.at(-1)).toMatchObject({ isComplete: true, isError: false });
      const history = await api.chat.history(chunks[0]!.conversationId);
      expect(history.status).toBe('ended');
      expect(history.messages.at(-1)).toMatchObject({ role: 'assistant', interrupted: true });
    });
  });
}
