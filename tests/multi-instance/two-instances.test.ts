/**
 * Two server processes on one PostgreSQL database and one Redis:
 * the real `node apps/server/src/main.ts` twice, as two replicas behind a proxy would run.
 * Checked across them: a token issued by one works on the other; an admin's deactivation
 * and role change on instance 1 are enforced on instance 2 while it still caches the account
 * (heard from the database, not waited out: a listening instance keeps a row 60 s, the check
 * gives up after 5 s); per-user limits
 * count across both; Stop sent to instance 2 ends a stream served by instance 1; a dropped
 * stream resumes on instance 2 with Last-Event-ID. When PostgreSQL or Redis does not
 * answer, the suite prints why and is skipped.
 *
 * PostgreSQL: TEST_DATABASE_URL (default postgres://postgres@127.0.0.1:5432/postgres; a
 * fresh database is made and dropped). Redis: REDIS_TEST_URL (default 127.0.0.1:6379).
 */
import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import {
  ADMIN,
  adminToken,
  callJson,
  startServer,
  tempDir,
} from '../resilience/support/process.ts';
import type { ServerProcess } from '../resilience/support/process.ts';
import { readEvents, type SseEvent } from './sse.ts';
import { pg, postgresAnswers, redisAnswers, redisUrl } from './services.ts';

const postgresUrl = process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const missing = [
  ...((await postgresAnswers(postgresUrl)) ? [] : [`PostgreSQL at ${postgresUrl}`]),
  ...((await redisAnswers(redisUrl)) ? [] : [`Redis at ${redisUrl}`]),
];
if (missing.length > 0) {
  console.warn(`SKIPPED: the two-instance checks need ${missing.join(' and ')}`);
}

describe.skipIf(missing.length > 0)('two server instances on PostgreSQL and Redis', () => {
  const name = `solar_multi_${randomBytes(5).toString('hex')}`;
  let one: ServerProcess;
  let two: ServerProcess;
  let admin: string;

  const admin$ = async (sql: string) => {
    const client = new pg.Client({ connectionString: postgresUrl });
    await client.connect();
    try {
      await client.query(sql);
    } finally {
      await client.end();
    }
  };

  beforeAll(async () => {
    await admin$(`CREATE DATABASE ${name}`);
    const url = new URL(postgresUrl);
    url.pathname = `/${name}`;
    const env = {
      DATABASE_URL: url.toString(),
      REDIS_URL: redisUrl.href,
      JWT_SECRET: randomBytes(32).toString('hex'),
      AI_PROVIDER: 'offline',
      AI_STREAM_DELAY_MS: '30',
      PROJECTS_RATE_LIMIT: '3',
    };
    // The first migrates the fresh database; the second starts on it as it is.
    one = await startServer({ ...env, DATA_DIR: tempDir('multi-1') });
    two = await startServer({ ...env, DATA_DIR: tempDir('multi-2') });
    admin = await adminToken(one.api);
  }, 120_000);
  afterAll(async () => {
    await one?.stop('SIGTERM');
    await two?.stop('SIGTERM');
    await admin$(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`).catch(() => {});
  });

  /** A new residential client made by the admin on instance 1; signed in on instance 2. */
  async function newClient() {
    const email = `client.${randomBytes(4).toString('hex')}@example.com`;
    const body = {
      name: 'Aida',
      email,
      password: 'Client12345',
      userType: 4,
      emailConfirmed: true,
    };
    const created = await callJson(one.api, 'POST', '/admin/users', { token: admin, body });
    expect(created.status).toBe(201);
    const signedIn = await callJson(two.api, 'POST', '/auth/email/signin', {
      body: { email, password: body.password },
    });
    expect(signedIn.status).toBe(200);
    return { id: created.body.id as string, email, token: signedIn.body.token as string };
  }

  /**
   * Calls GET /auth/me on instance 2 until `accept` holds; fails after 5 s, long before a
   * cached account expires by itself (HEARD_ACCOUNT_CACHE_TTL_MS, 60 s).
   */
  async function meOnTwo(
    token: string,
    accept: (a: Awaited<ReturnType<typeof callJson>>) => boolean,
  ): Promise<void> {
    await vi.waitFor(
      async () => {
        const answer = await callJson(two.api, 'GET', '/auth/me', { token });
        if (!accept(answer)) throw new Error(`still ${answer.status} after 5 s`);
      },
      { timeout: 5000, interval: 20 },
    );
  }

  it('accepts on instance 2 a token issued by instance 1', async () => {
    const me = await callJson(two.api, 'GET', '/auth/me', { token: admin });
    expect(me.status).toBe(200);
    expect(me.body.email).toBe(ADMIN.email);
  });

  it('enforces on instance 2 a deactivation and a role change made on instance 1 at once', async () => {
    const client = await newClient();
    const put = (changes: object) =>
      callJson(one.api, 'PUT', `/admin/users/${client.id}`, {
        token: admin,
        body: {
          name: 'Aida',
          email: client.email,
          userType: 4,
          emailConfirmed: true,
          isActive: true,
          ...changes,
        },
      });
    expect((await callJson(two.api, 'GET', '/auth/me', { token: client.token })).status).toBe(200);
    expect((await put({ userType: 3 })).status).toBe(200);
    await meOnTwo(client.token, (a) => a.body?.role !== 'client_residential');
    expect((await put({ isActive: false })).status).toBe(200);
    await meOnTwo(client.token, (a) => a.status === 401);
  });

  it("counts a user's project actions on both instances against one limit", async () => {
    const client = await newClient();
    const save = (server: ServerProcess) =>
      callJson(server.api, 'POST', '/projects', {
        token: client.token,
        body: { location: { address: 'Main Street 1', latitude: 1, longitude: 1 } },
      }).then((answer) => answer.status);
    expect([await save(one), await save(two), await save(one), await save(two)]).toEqual([
      201, 201, 201, 429,
    ]);
  });

  it('ends a stream served by instance 1 when Stop is sent to instance 2', async () => {
    const client = await newClient();
    let conversationId = '';
    let stopStatus = 0;
    const events = await readEvents(`${one.api}/chat/stream`, client.token, {
      body: { message: 'Hello', conversationId: null },
      onEvent: (event) => {
        if (conversationId || event.data.textDelta === '') return;
        conversationId = event.data.conversationId;
        void fetch(`${two.api}/chat/stop/${conversationId}`, {
          method: 'POST',
          headers: { authorization: `Bearer ${client.token}` },
        }).then((answer) => (stopStatus = answer.status));
      },
    });
    expect(stopStatus).toBe(204);
    expect(events.at(-1)!.event).toBe('complete');
    const history = await callJson(two.api, 'GET', `/chat/history/${conversationId}`, {
      token: client.token,
    });
    expect(history.body.messages[1]).toMatchObject({ interrupted: true, content: textOf(events) });
  });

  it('resumes on instance 2, after Last-Event-ID, a stream dropped from instance 1', async () => {
    const client = await newClient();
    const seen = await readEvents(`${one.api}/chat/stream`, client.token, {
      body: { message: 'Hello', conversationId: null },
      stopWhen: (event) => event.data.textDelta !== '',
    });
    const conversationId = seen[0]!.data.conversationId;
    const rest = await readEvents(`${two.api}/chat/stream/${conversationId}`, client.token, {
      lastEventId: seen.at(-1)!.id,
    });
    const complete = rest.at(-1)!;
    expect(complete.event).toBe('complete');
    expect(rest.some((event) => seen.some((old) => old.id === event.id))).toBe(false);
    expect(textOf(seen) + textOf(rest)).toBe(complete.data.completeMessage);
  });
});

/** The text deltas of non-error, non-final events, joined. */
function textOf(events: SseEvent[]): string {
  return events
    .filter((event) => !event.data.isError && !event.data.isComplete)
    .map((event) => event.data.textDelta)
    .join('');
}
