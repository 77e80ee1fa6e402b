/**
 * Per-user chat and project limits with REDIS_URL: two app instances on one
 * database and one Redis count a user's actions together, so the limit does not grow with
 * the instance count; without a reachable Redis each instance still limits on its own,
 * answering at once (never a 500 or a wait). The account limit of current-password checks
 * and the cap on link mails per inbox are shared the same way.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminToken } from './chat-helpers.ts';
import { startTwinServers, type TestServer } from './harness.ts';
import { call, outbox, uniqueEmail } from './helpers.ts';
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

describe.skipIf(!haveRedis)('current-password checks shared in Redis by two instances', () => {
  let twins: Awaited<ReturnType<typeof startTwinServers>>;
  let one: TestServer;
  let two: TestServer;
  let token: string;
  beforeAll(async () => {
    twins = await startTwinServers('pglite', {
      AUTH_RATE_LIMIT: '2',
      TRUST_PROXY: 'true',
      REDIS_URL: redisUrl.toString(),
    });
    [one, two] = twins.servers;
    token = await adminToken(one);
  });
  afterAll(async () => {
    await twins?.close();
  });

  it('counts wrong guesses on either instance, from any address, against one account limit (3 x AUTH_RATE_LIMIT)', async () => {
    const statuses = [];
    for (let n = 0; n < 8; n += 1) {
      const answer = await call(n % 2 === 0 ? one : two, 'POST', '/auth/password/change', {
        token,
        headers: { 'x-forwarded-for': `203.0.113.${n + 1}` },
        body: {
          currentPassword: `Wrong${n}abc`,
          password: 'Taken12345',
          confirmPassword: 'Taken12345',
        },
      });
      statuses.push(answer.status);
    }
    expect(statuses).toEqual([400, 400, 400, 400, 400, 400, 429, 429]);
  });

  it('counts reset mails to one inbox asked of either instance against one cap (AUTH_RATE_LIMIT an hour)', async () => {
    const email = uniqueEmail('inbox');
    const created = await call(one, 'POST', '/admin/users', {
      token,
      body: { name: 'Inbox', email, password: 'Secret123', userType: 4, emailConfirmed: true },
    });
    expect(created.status).toBe(201);
    for (let n = 0; n < 4; n += 1) {
      const answer = await call(n % 2 === 0 ? one : two, 'POST', '/auth/password/forgot', {
        headers: { 'x-forwarded-for': `203.0.113.${100 + n}` },
        body: { email },
      });
      expect(answer.status).toBe(202);
    }
    await one.settleMail();
    await two.settleMail();
    const resets = [...(await outbox(one)), ...(await outbox(two))].filter(
      (mail) => mail.raw.includes(`To: ${email}`) && /asked to reset the password/.test(mail.text),
    );
    expect(resets).toHaveLength(2);
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
    // At once: the Redis client queues no command while it is not ready (a queued one
    // would wait for a connection that never comes, past the test's time limit).
    const first = [];
    for (let i = 0; i < 4; i++) first.push(await saveProject(one, token));
    expect(first).toEqual([201, 201, 201, 429]);
    // The other instance counts its own actions: the limit holds per process.
    expect(await saveProject(two, token)).toBe(201);
    expect((await chat(two, token)).status).toBe(200);
  });
});
