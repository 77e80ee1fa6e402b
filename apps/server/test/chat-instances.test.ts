/**
 * Stop, End and resume across instances: two app instances on one database and
 * one Redis. A reply streamed by instance 1 is stopped by `POST /chat/stop/{id}` or ended
 * by `POST /chat/end/{id}` sent to instance 2, and a reply whose connection to instance 1
 * dropped is resumed from instance 2 with `Last-Event-ID`. Without Redis the suite is
 * skipped and says why.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { composeOfflineReply } from '../src/chat/offline-replies.ts';
import { createClient, getJson, listen, resumeChat, streamChat } from './chat-helpers.ts';
import { startTwinServers, type TestServer } from './harness.ts';
import { redisAnswers, redisUrl } from './redis-support.ts';

const haveRedis = await redisAnswers(redisUrl);
if (!haveRedis) {
  console.warn(`SKIPPED: chat across instances needs a Redis at ${redisUrl} (REDIS_TEST_URL)`);
}

const fullReply = composeOfflineReply({
  botType: 0,
  locale: 'en',
  facts: {},
  newFacts: {},
  firstReply: true,
});

describe.skipIf(!haveRedis)('chat replies across two instances', () => {
  let twins: Awaited<ReturnType<typeof startTwinServers>>;
  let one: TestServer;
  let two: TestServer;
  let urlOne: string;
  let urlTwo: string;
  beforeAll(async () => {
    twins = await startTwinServers('pglite', {
      AI_PROVIDER: 'offline',
      AI_STREAM_DELAY_MS: '40',
      REDIS_URL: redisUrl.toString(),
    });
    [one, two] = twins.servers;
    urlOne = await listen(one);
    urlTwo = await listen(two);
  });
  afterAll(async () => {
    await twins?.close();
  });

  for (const call of ['stop', 'end'] as const) {
    it(`POST /chat/${call}/{id} on instance 2 stops the reply streamed by instance 1`, async () => {
      const { token } = await createClient(one);
      let id = '';
      let status = 0;
      const result = await streamChat(
        urlOne,
        token,
        { message: 'Hello', conversationId: null },
        {
          onEvent: (event) => {
            if (event.chunk.textDelta === '' || id) return;
            id = event.chunk.conversationId;
            void fetch(`${urlTwo}/chat/${call}/${id}`, {
              method: 'POST',
              headers: { authorization: `Bearer ${token}` },
            }).then((answer) => (status = answer.status));
          },
        },
      );
      expect(status).toBe(call === 'stop' ? 204 : 200);
      expect(result.events.at(-1)!.event).toBe('complete');
      expect(result.text.length).toBeLessThan(fullReply.length);
      const history = await getJson(two, token, `/chat/history/${id}`);
      expect(history.body.messages[1]).toMatchObject({ content: result.text, interrupted: true });
    });
  }

  it('resumes on instance 2 a reply whose connection to instance 1 dropped', async () => {
    const { token } = await createClient(one);
    const dropped = await streamChat(
      urlOne,
      token,
      { message: 'Hello', conversationId: null },
      { stopWhen: (event) => event.chunk.textDelta !== '' },
    );
    const id = dropped.events[0]!.chunk.conversationId;
    const resumed = await resumeChat(urlTwo, token, id, dropped.events.at(-1)!.id);
    expect(resumed.status).toBe(200);
    expect(resumed.events.at(-1)!.event).toBe('complete');
    expect(dropped.text + resumed.text).toBe(fullReply);
    const seen = new Set(dropped.events.map((event) => event.id));
    expect(resumed.events.some((event) => seen.has(event.id))).toBe(false);
  });
});
