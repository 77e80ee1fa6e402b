/**
 * Per-user chat and project limits with REDIS_URL (issue 26): two app instances on one
 * database and one Redis count a user's actions together, so the limit does not grow with
 * the instance count; without a reachable Redis each instance still limits on its own,
 * answering at once (never a 500 or a wait).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminToken } from './chat-helpers.ts';
import { startTwinServers, type TestServer } from './harness.ts';
import { call } from './helpers.ts';
import { redisAnswers, redisUrl } from './redis-support.ts';

const LIMITS = {
  AI_PROVIDER: 'offline',
  AI_STREAM_DELAY_MS: '0',
  CHAT_RATE_LIMIT: '3',
  PROJECTS_RATE_LIMIT: '3',
};

/** A chat message from `server`: the status (200 opens the stream, 429 is refused). */
async function chat(server: TestServer, token: string) {
  const answer = await server.app.inject({
    method: 'POST',
    url: '/api/v1/chat/stream',
    headers: { authorization: `Bearer ${token}` },
    payload: { message: 'Hello', conversationId: null },
  });
  return { status: answer.statusCode, retryAfter: answer.headers['retry-after'] };
}

/** Saves a project from `server`: the status (201 saved, 429 refused). */
async function saveProject(server: TestServer, token: string) {
  const answer = await call(server, 'POST', '/projects', {
    token,
    body: { location: { address: 'Main Street 1', latitude: 1, longitude: 1 } },
  });
  return answer.status;
}

const haveRedis = await redisAnswers(redisUrl);
if (!haveRedis) {
  console.warn(`SKIPPED: shared per-user limits need a Redis at ${redisUrl} (REDIS_TEST_URL)`);
}

describe.skipIf(!haveRedis)('per-user limits shared in Redis by two instances', () => {
  let twins: Awaited<ReturnType<typeof startTwinServers>>;
  let one: TestServer;
  let two: TestServer;
  let token: string;
  beforeAll(async () => {
    twins = await startTwinServers('pglite', { ...LIMITS, REDIS_URL: redisUrl.toString() });
    [one, two] = twins.servers;
    token = await adminToken(one);
  });
  afterAll(async () => {
    await twins?.close();
  });

  it('counts chat messages sent to either instance against one limit', async () => {
    const statuses = [
      (await chat(one, token)).status,
      (await chat(two, token)).status,
      (await chat(one, token)).status,
    ];
    expect(statuses).toEqual([200, 200, 200]);
    const refused = await chat(two, token);
    expect(refused.status).toBe(429);
    expect(Number(refused.retryAfter)).toBeGreaterThan(0);
    expect((await chat(one, token)).status).toBe(429);
  });

  it('counts project actions on either instance against one limit', async () => {
    const statuses = [
      await saveProject(two, token),
      await saveProject(one, token),
      await saveProject(two, token),
      await saveProject(one, token),
    ];
    expect(statuses).toEqual([201, 201, 201, 429]);
  });
});

describe('per-user limits while Redis cannot be reached', () => {
  let twins: Awaited<ReturnType<typeof startTwinServers>>;
  let one: TestServer;
  let two: TestServer;
  let token: string;
  beforeAll(async () => {
    // Nothing listens on port 1: the client never gets ready.
    twins = await startTwinServers('pglite', { ...LIMITS, REDIS_URL: 'redis://127.0.0.1:1' });
    [one, two] = twins.servers;
    token = await adminToken(one);
  });
  afterAll(async () => {
    await twins?.close();
  });

  it('limits each instance on its own, answering at once', async () => {
    const started = performance.now();
    const first = [];
    for (let i = 0; i < 4; i++) first.push(await saveProject(one, token));
    expect(first).toEqual([201, 201, 201, 429]);
    // The other instance counts its own actions: the limit holds per process.
    expect(await saveProject(two, token)).toBe(201);
    expect((await chat(two, token)).status).toBe(200);
    expect(performance.now() - started).toBeLessThan(5000);
  });
});
