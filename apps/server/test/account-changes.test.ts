/**
 * Account changes across server processes: two app instances on one PostgreSQL
 * database, each with its own connection pool and account cache. A deactivation, a role
 * change, or a row changed by hand in SQL on one is enforced by the other while the other
 * still holds the row in its cache: a listening instance keeps a row for
 * HEARD_ACCOUNT_CACHE_TTL_MS (60 s) and the checks give up after 5 s, so only the
 * database's notification can make them pass — and still after the listening connection
 * was cut. Needs TEST_DATABASE_URL; without it the suite is skipped and says why.
 */
import { eq, sql } from 'drizzle-orm';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { ACCOUNT_CHANNEL } from '../src/auth/account-changes.ts';
import { HEARD_ACCOUNT_CACHE_TTL_MS } from '../src/auth/account-cache.ts';
import { users } from '../src/db/schema.ts';
import { adminToken, createClient } from './chat-helpers.ts';
import { startTwinServers, type TestServer } from './harness.ts';
import { call } from './helpers.ts';

const havePostgres = Boolean(process.env.TEST_DATABASE_URL);
if (!havePostgres) {
  console.warn('SKIPPED: account changes across instances need PostgreSQL (TEST_DATABASE_URL)');
}

/** How long a change may take to be heard: far less than a cached row is kept. */
const HEARD_WITHIN_MS = 5000;

/**
 * Calls GET /auth/me on `server` until `accept` holds; fails after HEARD_WITHIN_MS, long
 * before the cached row would expire by itself.
 */
async function until(
  server: TestServer,
  token: string,
  accept: (answer: Awaited<ReturnType<typeof call>>) => boolean,
): Promise<void> {
  await vi.waitFor(
    async () => {
      const answer = await call(server, 'GET', '/auth/me', { token });
      if (!accept(answer)) throw new Error(`not heard yet: ${answer.status}`);
    },
    { timeout: HEARD_WITHIN_MS, interval: 20 },
  );
}

/** The number of connections of this database that listen for account changes. */
async function listeners(server: TestServer): Promise<number> {
  const result = await server.database.db.execute(
    sql`select count(*)::int as n from pg_stat_activity where datname = current_database() and query = ${`LISTEN ${ACCOUNT_CHANNEL}`}`,
  );
  return (result as unknown as { rows: { n: number }[] }).rows[0]!.n;
}

describe.skipIf(!havePostgres)('account changes heard by every instance', () => {
  let twins: Awaited<ReturnType<typeof startTwinServers>>;
  let one: TestServer;
  let two: TestServer;
  let admin: string;
  beforeAll(async () => {
    twins = await startTwinServers('postgres');
    [one, two] = twins.servers;
    admin = await adminToken(one);
  });
  afterAll(async () => {
    await twins?.close();
  });

  it('keeps a heard row far longer than a change takes to be heard', () => {
    expect(HEARD_ACCOUNT_CACHE_TTL_MS).toBeGreaterThan(10 * HEARD_WITHIN_MS);
  });

  it('enforces a deactivation and a role change made on instance 1 on instance 2 while cached', async () => {
    const client = await createClient(one, 'Aida');
    const target = await createClient(one, 'Bakyt');
    // Instance 2 has both rows cached.
    expect((await call(two, 'GET', '/auth/me', { token: client.token })).status).toBe(200);
    expect((await call(two, 'GET', '/auth/me', { token: target.token })).body.role).toBe(
      'client_residential',
    );
    const put = async (id: string, changes: object) => {
      const detail = (await call(one, 'GET', `/admin/users/${id}`, { token: admin })).body;
      return call(one, 'PUT', `/admin/users/${id}`, {
        token: admin,
        body: {
          name: detail.user.name,
          email: detail.user.email,
          userType: 4,
          emailConfirmed: true,
          isActive: true,
          ...changes,
        },
      });
    };
    expect((await put(client.id, { isActive: false })).status).toBe(200);
    await until(two, client.token, (answer) => answer.status === 401);

    expect((await put(target.id, { userType: 3 })).status).toBe(200);
    await until(
      two,
      target.token,
      (answer) => answer.status === 200 && answer.body.role !== 'client_residential',
    );
  });

  it('hears a row changed by hand in SQL, and again after its connection was cut', async () => {
    const client = await createClient(one, 'Chynara');
    expect((await call(two, 'GET', '/auth/me', { token: client.token })).status).toBe(200);
    const rename = (name: string) =>
      one.database.db.update(users).set({ name }).where(eq(users.id, client.id));
    await rename('Renamed by hand');
    await until(two, client.token, (a) => a.body?.name === 'Renamed by hand');

    // Every listening connection of this database is cut; the instances listen again.
    const admin = new pg.Client({ connectionString: one.databaseUrl });
    await admin.connect();
    const cut = await admin.query(
      `select pg_terminate_backend(pid) from pg_stat_activity
        where datname = current_database() and query = 'LISTEN ${ACCOUNT_CHANNEL}'`,
    );
    await admin.end();
    expect(cut.rowCount).toBeGreaterThanOrEqual(2);
    // Both instances listen again (they reconnect in the background); the row read now is
    // cached for as long as a listening instance keeps it.
    await vi.waitFor(async () => expect(await listeners(one)).toBe(2), { timeout: 10_000 });
    expect((await call(two, 'GET', '/auth/me', { token: client.token })).status).toBe(200);
    await rename('Renamed again');
    await until(two, client.token, (a) => a.body?.name === 'Renamed again');
    expect(await listeners(one)).toBe(2);
  });
});
