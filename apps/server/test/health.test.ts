/**
 * `GET /health` (issue 20, items 10 and 12): it never waits behind other work for the
 * database on PGlite (whose one connection queues every query of the process), and it
 * answers 503 with the disk-full message while writes fail for want of disk space, like
 * the writes themselves (which are 503, never 500), until a write succeeds again.
 */
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DISK_FULL_MESSAGE } from '../src/health/storage.ts';
import { createClient, getJson } from './chat-helpers.ts';
import { databaseKinds, startTestServer, type TestServer } from './harness.ts';

const health = (server: TestServer) => server.app.inject({ method: 'GET', url: '/api/v1/health' });

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
    // Reads still work.
    expect((await getJson(server, token, '/projects')).status).toBe(200);

    await db.execute(sql`drop trigger disk_full on projects`);
    expect((await createProject()).statusCode).toBe(201);
    expect((await health(server)).statusCode).toBe(200);
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
