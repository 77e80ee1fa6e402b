/**
 * One email normalization (packages/domain normalizeEmail;
 * docs/decisions/025-email-normalization.md): 'İ' (U+0130) lowercases to 'i̇' in JavaScript
 * but differently, or not at all, in PostgreSQL's lower(). An account with it signs in,
 * gets its reset mail, and has no twin, on PGlite and PostgreSQL alike, through every path
 * that takes an email. Full-width letters fold to ASCII (NFKC), for new input and, by
 * migration 0008, for rows stored before.
 */
import { PGlite } from '@electric-sql/pglite';
import { normalizeEmail } from '@solar/domain';
import { eq, sql } from 'drizzle-orm';
import { drizzle as drizzleNodePg } from 'drizzle-orm/node-postgres';
import { migrate as migrateNodePg } from 'drizzle-orm/node-postgres/migrator';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import { cp, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { extensions } from '../src/db/database.ts';
import { users } from '../src/db/schema.ts';
import {
  ADMIN,
  databaseKinds,
  freshPostgres,
  startTestServer,
  type TestServer,
} from './harness.ts';
import { call, signIn, signUpBody, uniqueEmail, waitForMail } from './helpers.ts';

/** A fresh address starting with the dotted capital I. */
const dottedEmail = () => `İ${uniqueEmail('lkay')}`;

describe.each(databaseKinds)('email normalization on %s', (kind) => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer(kind);
  });
  afterAll(async () => {
    await server?.close();
  });

  it('an account signed up with İ signs in with it, and with its lowercase form', async () => {
    const body = signUpBody({ email: dottedEmail() });
    const created = await call(server, 'POST', '/auth/email/signup', { body });
    expect(created.status).toBe(201);
    expect(created.body.user.email).toBe(normalizeEmail(body.email));
    await signIn(server, { email: body.email, password: body.password });
    await signIn(server, { email: body.email.toLowerCase(), password: body.password });
  });

  it('refuses a twin whose address differs only by the case of İ', async () => {
    const body = signUpBody({ email: dottedEmail() });
    expect((await call(server, 'POST', '/auth/email/signup', { body })).status).toBe(201);
    const twin = await call(server, 'POST', '/auth/email/signup', {
      body: { ...body, email: body.email.toLowerCase() },
    });
    expect(twin.status).toBe(409);
    expect(twin.body.code).toBe('email_taken');
  });

  it('forgot-password finds the account', async () => {
    const body = signUpBody({ email: dottedEmail() });
    await call(server, 'POST', '/auth/email/signup', { body });
    await call(server, 'POST', '/auth/password/forgot', { body: { email: body.email } });
    await waitForMail(server, normalizeEmail(body.email), /reset-password\?token=/);
  });

  it('admin create and update, and the profile update, refuse the twin too', async () => {
    const admin = await signIn(server, ADMIN);
    const email = dottedEmail();
    const created = await call(server, 'POST', '/admin/users', {
      token: admin.token,
      body: { name: 'Ilkay', email, password: 'Secret1', userType: 4, emailConfirmed: true },
    });
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    const twin = await call(server, 'POST', '/admin/users', {
      token: admin.token,
      body: { name: 'Twin', email: email.toLowerCase(), password: 'Secret1', userType: 4 },
    });
    expect(twin.status).toBe(409);
    await signIn(server, { email, password: 'Secret1' });

    const other = signUpBody();
    const signedUp = await call(server, 'POST', '/auth/email/signup', { body: other });
    const otherId = signedUp.body.user.id as string;
    const update = await call(server, 'PUT', `/admin/users/${otherId}`, {
      token: admin.token,
      body: {
        name: 'Other',
        email: email.toLowerCase(),
        userType: 4,
        emailConfirmed: true,
        isActive: true,
      },
    });
    expect(update.status).toBe(409);
    const profile = await call(server, 'PUT', '/auth/me', {
      token: signedUp.body.token,
      body: { name: 'Other', email: email.toLowerCase(), currentPassword: other.password },
    });
    expect(profile.status).toBe(409);
  });
});

describe.each(databaseKinds)('full-width emails on %s', (kind) => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer(kind);
  });
  afterAll(async () => {
    await server?.close();
  });

  it('ＣＬＩＥＮＴ@… is the account client@…: no twin, and it signs in', async () => {
    const local = uniqueEmail('client').split('@')[0]!;
    const ascii = `${local}@x.test`;
    const wide = `${[...local.toUpperCase()].map((c) => (/[A-Z0-9]/.test(c) ? String.fromCodePoint(c.codePointAt(0)! + 0xfee0) : c)).join('')}@x.test`;
    expect(wide).not.toBe(ascii);
    const body = signUpBody({ email: ascii });
    expect((await call(server, 'POST', '/auth/email/signup', { body })).status).toBe(201);
    const twin = await call(server, 'POST', '/auth/email/signup', {
      body: { ...body, email: wide },
    });
    expect(twin.status).toBe(409);
    expect(twin.body.code).toBe('email_taken');
    const signedIn = await signIn(server, { email: wide, password: body.password });
    expect(signedIn.user.email).toBe(ascii);
  });
});

const drizzleFolder = fileURLToPath(new URL('../drizzle', import.meta.url));

/** A copy of drizzle/ whose journal ends before migration `tag`. */
async function migrationsBefore(tag: string): Promise<string> {
  const dir = await mkdtemp(path.join(os.tmpdir(), 'solar-migrations-'));
  await cp(drizzleFolder, dir, { recursive: true });
  const journalFile = path.join(dir, 'meta', '_journal.json');
  const journal = JSON.parse(await readFile(journalFile, 'utf8')) as { entries: { tag: string }[] };
  const at = journal.entries.findIndex((entry) => entry.tag.endsWith(tag));
  expect(at).toBeGreaterThan(0);
  journal.entries = journal.entries.slice(0, at);
  await writeFile(journalFile, JSON.stringify(journal));
  return dir;
}

describe.each(databaseKinds)('migration email_nfkc on %s', (kind) => {
  it('folds stored full-width addresses to ASCII, leaving a clash as it was', async () => {
    const before = await migrationsBefore('_email_nfkc');
    const postgres = kind === 'postgres' ? await freshPostgres() : undefined;
    const pglite = postgres ? undefined : await PGlite.create({ extensions });
    const pool = postgres
      ? new pg.Pool({ connectionString: (postgres.target as { url: string }).url })
      : undefined;
    const db = pool ? drizzleNodePg(pool) : drizzlePglite(pglite!);
    const migrate = (folder: string) =>
      pool
        ? migrateNodePg(db as never, { migrationsFolder: folder })
        : migratePglite(db as never, { migrationsFolder: folder });
    try {
      await migrate(before);
      // As the NFC normalization stored them: full-width letters, lowercased.
      const rows = [
        ['Moved', 'ｍｏｖｅｄ@x.test'],
        ['Taken', 'taken@x.test'],
        ['Taken twin', 'ｔａｋｅｎ@x.test'],
        ['First of two', 'ｐａｉｒ@x.test'],
        ['Second of two', 'ｐａｉｒ@ｘ.test'],
        ['Not ASCII', 'ｉ̇lkay@x.test'],
      ] as const;
      // Plain SQL: the table as it was then, without the columns later migrations add.
      for (const [index, [name, email]] of rows.entries()) {
        const createdAt = new Date(Date.UTC(2026, 0, 1 + index)).toISOString();
        await db.execute(
          sql`insert into users (name, email, user_type, created_at) values (${name}, ${email}, 4, ${createdAt})`,
        );
      }
      await migrate(drizzleFolder);
      const emailOf = async (name: string) =>
        (await db.select({ email: users.email }).from(users).where(eq(users.name, name)))[0]!.email;
      expect(await emailOf('Moved')).toBe('moved@x.test');
      expect(await emailOf('Taken')).toBe('taken@x.test');
      expect(await emailOf('Taken twin')).toBe('ｔａｋｅｎ@x.test');
      expect(await emailOf('First of two')).toBe('pair@x.test');
      expect(await emailOf('Second of two')).toBe('ｐａｉｒ@ｘ.test');
      expect(await emailOf('Not ASCII')).toBe('ｉ̇lkay@x.test');
    } finally {
      await pool?.end();
      await pglite?.close();
      await postgres?.drop();
      await rm(before, { recursive: true, force: true });
    }
  });
});
