/**
 * The business never ends up without an active administrator.
 * - The rule (PGlite): an update that would leave no active admin is refused with 409
 *   `last_admin`, also when the caller's own role was taken a moment before (as by a
 *   concurrent request) and its cached account still passes the guard.
 * - The race (PostgreSQL): two admins demoting or deactivating each other at the same
 *   moment. A second connection holds both rows locked until both requests wait inside
 *   their transactions, then lets go: exactly one succeeds, one admin remains.
 * - Start-up (`ensureAdmin`) treats a deactivated admin as absent and promotes/reactivates
 *   an existing ADMIN_EMAIL account instead of inserting it; several servers starting at
 *   once make one admin and none fails; `admin:restore <email>`.
 */
import { and, eq, ne } from 'drizzle-orm';
import { execFile } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { hashPassword } from '../src/auth/password.ts';
import { openDatabase } from '../src/db/database.ts';
import { auditLog, users } from '../src/db/schema.ts';
import type { Db } from '../src/db/database.ts';
import { ensureAdmin, restoreAdmin } from '../src/users/seed-admin.ts';
import { ADMIN, databaseKinds, startTestServer, type TestServer } from './harness.ts';
import { call, signIn, uniqueEmail } from './helpers.ts';

const ADMIN_TYPE = 0;

async function activeAdmins(db: Db): Promise<number> {
  const rows = await db
    .select({ id: users.id })
    .from(users)
    .where(and(eq(users.userType, ADMIN_TYPE), eq(users.isActive, true)));
  return rows.length;
}

/** Creates a second admin through the API and signs both in (their rows get cached). */
async function twoAdmins(server: TestServer) {
  const a = await signIn(server, ADMIN);
  const body = {
    name: 'Second Admin',
    email: uniqueEmail('admin2'),
    password: 'Second123',
    userType: ADMIN_TYPE,
    emailConfirmed: true,
  };
  const created = await call(server, 'POST', '/admin/users', { token: a.token, body });
  expect(created.status).toBe(201);
  // The welcome mail's token (mail queue) must not be what waits on the test's row locks.
  await server.settleMail();
  const b = await signIn(server, { email: body.email, password: body.password });
  for (const session of [a, b]) {
    expect((await call(server, 'GET', '/auth/me', { token: session.token })).status).toBe(200);
  }
  return { a, b };
}

/** The PUT body that demotes (to client, 4) or deactivates `session`'s account. */
function changeOf(session: Awaited<ReturnType<typeof signIn>>, change: 'demote' | 'deactivate') {
  return {
    name: 'Changed',
    email: session.user.email,
    userType: change === 'demote' ? 4 : ADMIN_TYPE,
    emailConfirmed: true,
    isActive: change === 'demote',
  };
}

describe('the last active admin (rule, on pglite)', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer('pglite');
  });
  afterAll(async () => {
    await server?.close();
  });

  it.each(['demote', 'deactivate'] as const)(
    'an admin whose own role was just taken cannot %s the only other admin: 409 last_admin',
    async (change) => {
      const { a, b } = await twoAdmins(server);
      // B's request took A's role a moment ago (as a concurrent request would have); A's
      // cached account still passes the guard.
      await server.database.db
        .update(users)
        .set(change === 'demote' ? { userType: 4 } : { isActive: false })
        .where(eq(users.id, a.user.id));
      const answer = await call(server, 'PUT', `/admin/users/${b.user.id}`, {
        token: a.token,
        body: changeOf(b, change),
      });
      expect(answer.status, JSON.stringify(answer.body)).toBe(409);
      expect(answer.body).toEqual({
        message: 'At least one active administrator must remain.',
        code: 'last_admin',
      });
      expect(await activeAdmins(server.database.db)).toBe(1);
      // Put A back for the next case, and B out of the way.
      await server.database.db
        .update(users)
        .set({ userType: ADMIN_TYPE, isActive: true })
        .where(eq(users.id, a.user.id));
      await server.database.db.update(users).set({ userType: 4 }).where(eq(users.id, b.user.id));
    },
  );

  it('PUT /admin/users/{id}/status: the same rule, and an audit row that changes only isActive', async () => {
    const { a, b } = await twoAdmins(server);
    await server.database.db.update(users).set({ isActive: false }).where(eq(users.id, a.user.id));
    const refused = await call(server, 'PUT', `/admin/users/${b.user.id}/status`, {
      token: a.token,
      body: { isActive: false },
    });
    expect(refused.status).toBe(409);
    expect(refused.body).toMatchObject({ code: 'last_admin' });
    expect(await activeAdmins(server.database.db)).toBe(1);
    await server.database.db.update(users).set({ isActive: true }).where(eq(users.id, a.user.id));
    const done = await call(server, 'PUT', `/admin/users/${b.user.id}/status`, {
      token: a.token,
      body: { isActive: false },
    });
    expect(done.status).toBe(200);
    const [row] = await server.database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.targetId, b.user.id), eq(auditLog.action, 'user.status')));
    expect(row).toMatchObject({ actorId: a.user.id });
    expect(row!.before).toMatchObject({ isActive: true, name: 'Second Admin' });
    expect(row!.after).toMatchObject({ isActive: false, name: 'Second Admin' });
  });

  it('still lets an admin demote another admin while one remains', async () => {
    const { a, b } = await twoAdmins(server);
    const answer = await call(server, 'PUT', `/admin/users/${b.user.id}`, {
      token: a.token,
      body: changeOf(b, 'demote'),
    });
    expect(answer.status).toBe(200);
    expect(await activeAdmins(server.database.db)).toBe(1);
  });
});

describe.each(databaseKinds.filter((kind) => kind === 'postgres'))(
  'two admins changing each other at once on %s',
  (kind) => {
    let server: TestServer;
    beforeAll(async () => {
      server = await startTestServer(kind);
    });
    afterAll(async () => {
      await server?.close();
    });

    it.each(['demote', 'deactivate'] as const)(
      'both %s at the same moment: one 200, one 409 last_admin, one admin left',
      async (change) => {
        const { a, b } = await twoAdmins(server);
        const lock = new pg.Client({ connectionString: server.databaseUrl });
        await lock.connect();
        try {
          await lock.query('BEGIN');
          await lock.query('SELECT id FROM users WHERE id = ANY($1) FOR UPDATE', [
            [a.user.id, b.user.id],
          ]);
          const answers = Promise.all([
            call(server, 'PUT', `/admin/users/${b.user.id}`, {
              token: a.token,
              body: changeOf(b, change),
            }),
            call(server, 'PUT', `/admin/users/${a.user.id}`, {
              token: b.token,
              body: changeOf(a, change),
            }),
          ]);
          // Both requests have passed the guard and wait on the rows inside their
          // transactions: only now is the lock released.
          await vi.waitFor(
            async () => {
              // (The activity view is a snapshot per transaction: cleared before each look.)
              await lock.query('SELECT pg_stat_clear_snapshot()');
              const { rows } = await lock.query<{ n: number }>(
                `SELECT count(*)::int AS n FROM pg_stat_activity
                 WHERE datname = current_database() AND wait_event_type = 'Lock'`,
              );
              expect(rows[0]!.n).toBeGreaterThanOrEqual(2);
            },
            { timeout: 15_000, interval: 10 },
          );
          await lock.query('ROLLBACK');
          const statuses = (await answers).map((answer) => answer.status).sort();
          expect(statuses).toEqual([200, 409]);
          const refused = (await answers).find((answer) => answer.status === 409)!;
          expect(refused.body.code).toBe('last_admin');
          expect(await activeAdmins(server.database.db)).toBe(1);
        } finally {
          await lock.end();
        }
        // The next case starts from the seeded admin alone (it adds the second): whichever
        // of the two won here, the other admin account is retired.
        await server.database.db
          .update(users)
          .set({ isActive: false })
          .where(and(eq(users.userType, ADMIN_TYPE), ne(users.email, ADMIN.email)));
        await server.database.db
          .update(users)
          .set({ userType: ADMIN_TYPE, isActive: true })
          .where(eq(users.email, ADMIN.email));
      },
    );
  },
);

describe.each(databaseKinds)('start-up and recovery without an active admin on %s', (kind) => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer(kind);
  });
  afterAll(async () => {
    await server?.close();
  });

  const deactivateAllAdmins = () =>
    server.database.db.update(users).set({ isActive: false }).where(eq(users.userType, ADMIN_TYPE));

  it('ensureAdmin with ADMIN_EMAIL of an existing account promotes and reactivates it', async () => {
    const email = uniqueEmail('owner');
    await server.database.db.insert(users).values({
      name: 'Owner',
      email,
      passwordHash: await hashPassword('Owner1234'),
      userType: 4,
      isActive: false,
    });
    await deactivateAllAdmins();
    const seeded = await ensureAdmin(server.database.db, {
      email: email.toUpperCase(),
      password: 'Another123',
    });
    expect(seeded).toEqual({
      email: email.toUpperCase(),
      generatedPassword: undefined,
      restored: true,
    });
    const [row] = await server.database.db.select().from(users).where(eq(users.email, email));
    expect(row).toMatchObject({ userType: ADMIN_TYPE, isActive: true });
    // The password is the account's own, not ADMIN_PASSWORD.
    await signIn(server, { email, password: 'Owner1234' });
    const [entry] = await server.database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.targetId, row!.id), eq(auditLog.action, 'user.restore_admin')));
    expect(entry).toMatchObject({ actorId: null });
    expect(JSON.stringify(entry)).not.toContain('argon2');
    // An active admin exists now: nothing more happens.
    expect(await ensureAdmin(server.database.db, { email, password: 'Another123' })).toBeNull();
  });

  it('ensureAdmin treats deactivated admins as absent and creates the configured one', async () => {
    await deactivateAllAdmins();
    const email = uniqueEmail('fresh-admin');
    const seeded = await ensureAdmin(server.database.db, { email, password: 'Fresh12345' });
    expect(seeded).toEqual({ email, generatedPassword: undefined, restored: false });
    await signIn(server, { email, password: 'Fresh12345' });
    expect(await activeAdmins(server.database.db)).toBe(1);
  });

  it('ensureAdmin run by several servers at once creates one admin and fails none', async () => {
    // compose.yaml starts its replicas together on one database: each finds no admin.
    await deactivateAllAdmins();
    const email = uniqueEmail('replica-admin');
    const seeded = await Promise.all(
      [1, 2, 3].map(() => ensureAdmin(server.database.db, { email, password: 'Replica123' })),
    );
    expect(seeded.filter((result) => result !== null)).toEqual([
      { email, generatedPassword: undefined, restored: false },
    ]);
    expect(await activeAdmins(server.database.db)).toBe(1);
    await signIn(server, { email, password: 'Replica123' });
  });

  it('restoreAdmin answers false for an unknown email and writes nothing', async () => {
    expect(await restoreAdmin(server.database.db, uniqueEmail('nobody'))).toBe(false);
  });
});

describe('admin:restore command', () => {
  const serverDir = fileURLToPath(new URL('..', import.meta.url));
  const run = (dataDir: string, ...args: string[]) =>
    promisify(execFile)(process.execPath, ['src/admin-restore.ts', ...args], {
      cwd: serverDir,
      env: { ...process.env, DATA_DIR: dataDir, DATABASE_URL: '' },
    }).then(
      (done) => ({ code: 0, ...done }),
      (failed: { code: number; stdout: string; stderr: string }) => failed,
    );

  it('makes an existing account an active admin again; one line and exit 1 otherwise', async () => {
    const dataDir = await mkdtemp(path.join(os.tmpdir(), 'solar-restore-'));
    try {
      const email = 'boss@example.com';
      let database = await openDatabase({ kind: 'pglite', dataDir });
      await database.db.insert(users).values({
        name: 'Boss',
        email,
        passwordHash: null,
        userType: ADMIN_TYPE,
        isActive: false,
      });
      await database.close();

      const unknown = await run(dataDir, 'nobody@example.com');
      expect(unknown.code).toBe(1);
      expect(unknown.stderr).toBe('No account has the email nobody@example.com.\n');
      const done = await run(dataDir, 'BOSS@example.com');
      expect(done.code, done.stderr).toBe(0);
      expect(done.stdout).toBe('BOSS@example.com is an active administrator again.\n');

      database = await openDatabase({ kind: 'pglite', dataDir });
      expect(await activeAdmins(database.db)).toBe(1);
      await database.close();
    } finally {
      await rm(dataDir, { recursive: true, force: true });
    }
  }, 60_000);
});
