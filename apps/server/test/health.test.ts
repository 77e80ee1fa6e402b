/**
 * `GET /health`: it never waits behind other work for the
 * database on PGlite (whose one connection queues every query of the process), and it
 * answers 503 with the disk-full message while writes fail for want of disk space, like
 * the writes themselves (which are 503, never 500), until a write succeeds again.
 * `GET /health/live` and `GET /health/ready`: liveness checks nothing but the
 * process; readiness checks the database like /health and, with REDIS_URL, Redis, and
 * answers 503 naming what is down, recovering by itself.
 */
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { REDIS_UNAVAILABLE_MESSAGE } from '../src/health/routes.ts';
import { DISK_FULL_MESSAGE } from '../src/health/storage.ts';
import { createClient, getJson } from './chat-helpers.ts';
import { databaseKinds, startTestServer, type TestServer } from './harness.ts';
import { redisAnswers, redisProxy, redisUrl } from './redis-support.ts';

const get = (server: TestServer, url: string) =>
  server.app.inject({ method: 'GET', url: `/api/v1${url}` });
const health = (server: TestServer) => get(server, '/health');
const live = (server: TestServer) => get(server, '/health/live');
const ready = (server: TestServer) => get(server, '/health/ready');

describe('health on PGlite while the database is busy', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer('pglite');
  });
  afterAll(async () => {
    await server?.close();
  });

  it('answers while another request holds the one connection', async () => {
    let release!: () => void;
    const released = new Promise<void>((resolve) => (release = resolve));
    let held!: () => void;
    const holding = new Promise<void>((resolve) => (held = resolve));
    // Chat work (200 starts) keeps PGlite's single connection: a transaction holding it
    // until the test lets go is the same queue, without the load.
    const holder = server.database.db.transaction(async (tx) => {
      await tx.execute(sql`select 1`);
      held();
      await released;
    });
    await holding;
    // Health answers before the database is let go; the bound only turns a hang into a
    // failure with a message.
    const bound = new Promise<'waited behind the database'>((resolve) =>
      setTimeout(() => resolve('waited behind the database'), 3000).unref(),
    );
    const answer = await Promise.race([health(server), bound]);
    release();
    await holder;
    expect(answer).not.toBe('waited behind the database');
    expect(typeof answer === 'object' && answer.statusCode).toBe(200);
    expect(typeof answer === 'object' && answer.json()).toEqual({
      status: 'ok',
      database: 'pglite',
    });
  });
});

describe.each(databaseKinds)('a full disk on %s', (kind) => {
  let server: TestServer;
  let token: string;
  beforeAll(async () => {
    server = await startTestServer(kind);
    token = (await createClient(server)).token;
  });
  afterAll(async () => {
    await server?.close();
  });

  const createProject = () =>
    server.app.inject({
      method: 'POST',
      url: '/api/v1/projects',
      headers: { authorization: `Bearer ${token}` },
      payload: { location: { address: 'Disk Street 1', latitude: 42.87, longitude: 74.59 } },
    });

  it('answers writes 503 with the reason, health 503, and recovers with the next write', async () => {
    const db = server.database.db;
    // What PostgreSQL (and PGlite, the same engine) raises when a table cannot grow.
    await db.execute(sql`create or replace function disk_full() returns trigger
      language plpgsql as $$ begin
        raise exception 'could not extend file "base/5/16384": No space left on device'
          using errcode = 'disk_full';
      end $$`);
    await db.execute(
      sql`create trigger disk_full before insert on projects for each row execute function disk_full()`,
    );
    const refused = await createProject();
    expect(refused.statusCode).toBe(503);
    expect(refused.json()).toEqual({ message: DISK_FULL_MESSAGE, code: 'service_unavailable' });
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);

    const degraded = await health(server);
    expect(degraded.statusCode).toBe(503);
    expect(degraded.json()).toEqual({ message: DISK_FULL_MESSAGE, code: 'service_unavailable' });
    // Readiness says the same; liveness does not look at the disk: the process is fine.
    const notReady = await ready(server);
    expect(notReady.statusCode).toBe(503);
    expect(notReady.json()).toEqual({ message: DISK_FULL_MESSAGE, code: 'service_unavailable' });
    expect((await live(server)).statusCode).toBe(200);
    // Reads still work.
    expect((await getJson(server, token, '/projects')).status).toBe(200);

    await db.execute(sql`drop trigger disk_full on projects`);
    expect((await createProject()).statusCode).toBe(201);
    expect((await health(server)).statusCode).toBe(200);
    expect((await ready(server)).statusCode).toBe(200);
  });
});

describe.each(databaseKinds)('liveness and readiness on %s', (kind) => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer(kind);
  });
  afterAll(async () => {
    await server?.close();
  });

  it('answers live with the process only, ready with the database and Redis off', async () => {
    const alive = await live(server);
    expect(alive.statusCode).toBe(200);
    expect(alive.json()).toEqual({ status: 'ok' });
    const answer = await ready(server);
    expect(answer.statusCode).toBe(200);
    expect(answer.json()).toEqual({ status: 'ok', database: kind, redis: 'off' });
    // The old endpoint keeps its shape (the web app reads it).
    expect((await health(server)).json()).toEqual({ status: 'ok', database: kind });
  });
});

describe.runIf(databaseKinds.includes('postgres'))('readiness while PostgreSQL refuses', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer('postgres');
  });
  afterAll(async () => {
    if (server) await setConnections(server, true);
    await server?.close();
  });

  /** Allows or refuses new connections to the server's own database, dropping open ones. */
  async function setConnections(target: TestServer, allow: boolean) {
    const url = new URL(target.databaseUrl!);
    const name = url.pathname.slice(1);
    const admin = new pg.Client({ connectionString: process.env.TEST_DATABASE_URL });
    await admin.connect();
    try {
      await admin.query(`ALTER DATABASE ${name} ALLOW_CONNECTIONS ${allow}`);
      if (!allow) {
        await admin.query(
          'select pg_terminate_backend(pid) from pg_stat_activity where datname = $1',
          [name],
        );
      }
    } finally {
      await admin.end();
    }
  }

  it('answers ready and /health 503, live 200, and ready again once it accepts', async () => {
    expect((await ready(server)).statusCode).toBe(200);
    await setConnections(server, false);
    const refused = await ready(server);
    expect(refused.statusCode).toBe(503);
    expect(refused.json()).toEqual({
      message: 'The database is not available. Please try again shortly.',
      code: 'service_unavailable',
    });
    expect((await health(server)).statusCode).toBe(503);
    expect((await live(server)).statusCode).toBe(200);
    await setConnections(server, true);
    expect((await ready(server)).statusCode).toBe(200);
  });
});

const haveRedis = await redisAnswers(redisUrl);
if (!haveRedis) {
  console.warn(`SKIPPED: readiness with Redis needs a Redis at ${redisUrl} (REDIS_TEST_URL)`);
}

describe.skipIf(!haveRedis)('readiness with REDIS_URL', () => {
  let proxy: Awaited<ReturnType<typeof redisProxy>>;
  let server: TestServer;
  beforeAll(async () => {
    proxy = await redisProxy(redisUrl);
    server = await startTestServer('pglite', { REDIS_URL: `redis://127.0.0.1:${proxy.port}` });
  });
  afterAll(async () => {
    await server?.close();
    await proxy?.cut();
  });

  /** Asks ready until it answers `status` (the client connects in the background). */
  async function readyBecomes(status: number) {
    return vi.waitFor(
      async () => {
        const answer = await ready(server);
        expect(answer.statusCode).toBe(status);
        return answer;
      },
      { timeout: 5000, interval: 100 },
    );
  }

  it('answers 503 naming Redis while it is down, quickly, and 200 once it is back', async () => {
    const up = await readyBecomes(200);
    expect(up.json()).toEqual({ status: 'ok', database: 'pglite', redis: 'ok' });

    await proxy.cut();
    // Answered at once: the client queues no command while Redis is away (a queued one
    // would wait for a reconnect that cannot happen, past the test's time limit).
    const down = await ready(server);
    expect(down.statusCode).toBe(503);
    expect(down.json()).toEqual({
      message: REDIS_UNAVAILABLE_MESSAGE,
      code: 'service_unavailable',
    });
    expect(down.headers['retry-after']).toBe('5');
    // Liveness and the database-only health do not depend on Redis.
    expect((await live(server)).statusCode).toBe(200);
    expect((await health(server)).statusCode).toBe(200);

    await proxy.restore();
    expect((await readyBecomes(200)).statusCode).toBe(200);
  });
});

describe('the disk-full state', () => {
  it('holds from a failure until a write succeeds or the hold passes', async () => {
    const { createStorageState, isDiskFull } = await import('../src/health/storage.ts');
    let clock = 0;
    const state = createStorageState(1000, () => clock);
    expect(state.diskFull()).toBe(false);
    state.reportDiskFull();
    clock = 999;
    expect(state.diskFull()).toBe(true);
    clock = 1000;
    expect(state.diskFull()).toBe(false);
    state.reportDiskFull();
    state.reportWrite();
    expect(state.diskFull()).toBe(false);
    expect(isDiskFull(Object.assign(new Error('write failed'), { code: 'ENOSPC' }))).toBe(true);
    expect(isDiskFull(new Error('wrapped', { cause: { code: '53100' } }))).toBe(true);
    expect(isDiskFull(Object.assign(new Error('x'), { code: 'EACCES' }))).toBe(false);
  });
});
