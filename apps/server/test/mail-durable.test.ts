/**
 * Mail that survives a bad day (docs/product.md#mail), against a real SMTP server from npm
 * (mail-smtp-server.ts: smtp-server + mailparser) started here:
 *
 * - with the SMTP server down, sign-up and forgot-password still answer; their mails wait
 *   in the jobs table, the failure is logged with the error's message, and once the server
 *   is back each mail arrives, once;
 * - a mail queued before the app stopped is sent by the next start (PGlite on disk, or
 *   PostgreSQL);
 * - a mail given up after its last attempt is listed for administrators (without its
 *   link) and sent after their retry;
 * - two server processes on one database send each mail once;
 * - forgot-password writes one job for known and unknown addresses alike;
 * - on PostgreSQL, a sign-up whose mail cannot be written leaves no account behind.
 *
 * On PGlite, and on PostgreSQL with TEST_DATABASE_URL.
 */
import { randomBytes } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { buildApp } from '../src/app.ts';
import { loadConfig } from '../src/config.ts';
import { openDatabase, type Database, type DatabaseTarget } from '../src/db/database.ts';
import {
  ADMIN,
  databaseKinds,
  freshPostgres,
  startTestServer,
  startTwinServers,
  type TestServer,
} from './harness.ts';
import { call, signIn, signUpBody } from './helpers.ts';
import { startSmtpServer, type TestSmtpServer } from './mail-smtp-server.ts';

/** Quick retries that never give up on their own, and a poll too slow to be what sends. */
const mailEnv = (smtp: TestSmtpServer, extra: Record<string, string> = {}) => ({
  SMTP_URL: smtp.url,
  MAIL_FROM: 'Solar <mail@solar.example>',
  PUBLIC_URL: 'https://solar.example',
  MAIL_RETRY_BASE_MS: '100',
  MAIL_RETRY_MAX_MS: '200',
  MAIL_MAX_ATTEMPTS: '100',
  JOBS_POLL_MS: '600000',
  ...extra,
});

type Db = TestServer['database']['db'];

async function mailJobs(db: Db) {
  const result = await db.execute(sql`
    select payload->>'kind' as mail, payload->'to'->>'email' as "to", attempts,
      last_error as "lastError", done_at as "doneAt", given_up_at as "givenUpAt"
    from jobs where kind = 'mail' order by created_at`);
  return (
    result as unknown as {
      rows: {
        mail: string;
        to: string;
        attempts: number;
        lastError: string | null;
        doneAt: Date | null;
        givenUpAt: Date | null;
      }[];
    }
  ).rows;
}

/** Waits until every mail job to `to` has failed at least once. */
async function failedOnce(db: Db, to: string, count: number) {
  await vi.waitFor(
    async () => {
      const jobs = (await mailJobs(db)).filter((job) => job.to === to);
      expect(jobs).toHaveLength(count);
      for (const job of jobs) expect(job.attempts).toBeGreaterThanOrEqual(1);
    },
    { timeout: 10_000, interval: 50 },
  );
}

describe.each(databaseKinds)('mail while the SMTP server is down, on %s', (kind) => {
  let smtp: TestSmtpServer;
  let server: TestServer;
  const logs: Record<string, unknown>[] = [];
  beforeAll(async () => {
    smtp = await startSmtpServer();
    server = await startTestServer(kind, mailEnv(smtp), {
      logger: {
        level: 'warn',
        stream: { write: (line: string) => void logs.push(JSON.parse(line)) },
      },
    });
  });
  afterAll(async () => {
    await server?.close();
    await smtp?.stop();
  });
  afterEach(async () => {
    await smtp.start();
  });

  it('keeps the mails and sends each once the server is back, once', async () => {
    await smtp.stop();
    const body = signUpBody({ locale: 'ru' });
    const created = await call(server, 'POST', '/auth/email/signup', { body });
    expect(created.status).toBe(201);
    const forgot = await call(server, 'POST', '/auth/password/forgot', {
      body: { email: body.email },
    });
    expect(forgot.status).toBe(202);
    await failedOnce(server.database.db, body.email, 2);
    expect(smtp.to(body.email)).toEqual([]);

    // The failure is logged with the error's message, not one character per field.
    const failure = logs.find((line) => line.msg === 'mail failed; will retry');
    expect(failure).toMatchObject({ kind: 'mail', err: { message: expect.any(String) } });
    expect((failure!.err as { message: string }).message).toMatch(/ECONNREFUSED/);
    expect(failure!.err).not.toHaveProperty('0');
    expect(JSON.stringify(logs)).not.toContain('reset-password?token=');

    await smtp.start();
    await vi.waitFor(
      () => {
        expect(smtp.to(body.email, 'Подтвердите адрес электронной почты')).toHaveLength(1);
        expect(smtp.to(body.email, 'Сброс пароля')).toHaveLength(1);
      },
      { timeout: 10_000, interval: 50 },
    );
    await server.settleMail();
    expect(smtp.to(body.email)).toHaveLength(2);
    const reset = smtp.to(body.email, 'Сброс пароля')[0]!;
    expect(reset.from).toBe('mail@solar.example');
    expect(reset.mail.text).toContain('https://solar.example/reset-password?token=');
    expect(reset.mail.html).toMatch(/^<!doctype html><html lang="ru">/);
    for (const job of await mailJobs(server.database.db)) {
      if (job.to === body.email) expect(job.doneAt).not.toBeNull();
    }

    // The link sent works: the token was issued when the mail went out.
    const token = /reset-password\?token=([\w-]+)/.exec(reset.mail.text ?? '')![1]!;
    const answer = await call(server, 'POST', '/auth/password/reset', {
      body: { token, password: 'Brand9New', confirmPassword: 'Brand9New' },
    });
    expect(answer.status).toBe(204);
  });

  it('forgot-password writes one job for a known and an unknown address alike', async () => {
    const { db } = server.database;
    const before = (await mailJobs(db)).length;
    const unknown = `nobody.${randomBytes(4).toString('hex')}@example.com`;
    for (const email of [ADMIN.email, unknown]) {
      const answer = await call(server, 'POST', '/auth/password/forgot', { body: { email } });
      expect(answer.status).toBe(202);
    }
    const jobs = (await mailJobs(db)).slice(before);
    expect(jobs.map((job) => job.to)).toEqual([ADMIN.email, unknown]);
    await server.settleMail();
    expect(smtp.to(ADMIN.email, 'Reset your password').length).toBeGreaterThan(0);
    expect(smtp.to(unknown)).toEqual([]);
    expect((await mailJobs(db)).slice(before).every((job) => job.doneAt !== null)).toBe(true);
  });
});

describe.each(databaseKinds)('a mail given up, on %s', (kind) => {
  it('is listed for administrators without its link, and sent after their retry', async () => {
    const smtp = await startSmtpServer();
    const server = await startTestServer(kind, mailEnv(smtp, { MAIL_MAX_ATTEMPTS: '2' }));
    try {
      const admin = await signIn(server, ADMIN);
      await smtp.stop();
      const body = signUpBody();
      await call(server, 'POST', '/auth/email/signup', { body });
      await vi.waitFor(
        async () => {
          const [job] = (await mailJobs(server.database.db)).filter((j) => j.to === body.email);
          expect(job?.givenUpAt).not.toBeNull();
        },
        { timeout: 10_000, interval: 50 },
      );
      const failed = await call(server, 'GET', '/admin/jobs?state=failed', {
        token: admin.token,
      });
      expect(failed.status).toBe(200);
      const item = failed.body.items.find(
        (i: { kind: string; payload: { to?: string } }) =>
          i.kind === 'mail' && i.payload.to === body.email,
      );
      expect(item).toEqual({
        id: expect.any(String),
        kind: 'mail',
        payload: { mail: 'verifyEmail', to: body.email, projectId: null },
        state: 'failed',
        attempts: 2,
        lastError: expect.stringMatching(/ECONNREFUSED/),
        nextAttemptAt: expect.any(String),
        createdAt: expect.any(String),
      });
      expect(JSON.stringify(failed.body)).not.toContain('token=');

      await smtp.start();
      const retried = await call(server, 'POST', `/admin/jobs/${item.id}/retry`, {
        token: admin.token,
      });
      expect(retried.body).toMatchObject({ id: item.id, state: 'pending', attempts: 0 });
      await vi.waitFor(() => expect(smtp.to(body.email)).toHaveLength(1), {
        timeout: 10_000,
        interval: 50,
      });
      await server.settleMail();
      expect(smtp.to(body.email)).toHaveLength(1);
    } finally {
      await server.close();
      await smtp.stop();
    }
  });
});

describe.each(databaseKinds)('a mail queued before a restart, on %s', (kind) => {
  it('is sent by the next start', async () => {
    const smtp = await startSmtpServer();
    const dataDir = await mkdtemp(path.join(os.tmpdir(), 'solar-restart-'));
    const pgTarget = kind === 'postgres' ? await freshPostgres() : undefined;
    const target: DatabaseTarget = pgTarget?.target ?? {
      kind: 'pglite',
      dataDir: path.join(dataDir, 'db'),
    };
    const settings = {
      DATA_DIR: dataDir,
      LOG_LEVEL: 'silent',
      AUTH_RATE_LIMIT: '1000',
      ...mailEnv(smtp),
    };
    const jwtSecret = randomBytes(32).toString('hex');
    const start = async (): Promise<{ database: Database; app: TestServer['app'] }> => {
      const database = await openDatabase(target);
      const app = await buildApp({
        config: loadConfig(settings),
        database,
        jwtSecret,
        logger: false,
        env: { ...process.env, ...settings },
      });
      await app.ready();
      return { database, app };
    };
    try {
      await smtp.stop();
      const first = await start();
      const body = signUpBody();
      const created = await call(first, 'POST', '/auth/email/signup', { body });
      expect(created.status).toBe(201);
      await failedOnce(first.database.db, body.email, 1);
      await first.app.close();
      await first.database.close();

      await smtp.start();
      const second = await start();
      try {
        await vi.waitFor(
          () => expect(smtp.to(body.email, 'Confirm your email address')).toHaveLength(1),
          { timeout: 10_000, interval: 50 },
        );
        await second.app.accountMail.settle();
        expect(smtp.to(body.email)).toHaveLength(1);
      } finally {
        await second.app.close();
        await second.database.close();
      }
    } finally {
      await smtp.stop();
      await pgTarget?.drop();
      await rm(dataDir, { recursive: true, force: true });
    }
  });
});

describe.each(databaseKinds)('two server processes on %s', (kind) => {
  it('send each mail once', async () => {
    const smtp = await startSmtpServer();
    const twins = await startTwinServers(kind, mailEnv(smtp));
    const [a, b] = twins.servers;
    try {
      await smtp.stop();
      const emails: string[] = [];
      for (let i = 0; i < 6; i++) {
        const server = i % 2 ? a : b;
        const body = signUpBody();
        emails.push(body.email);
        expect((await call(server, 'POST', '/auth/email/signup', { body })).status).toBe(201);
        const forgot = await call(server, 'POST', '/auth/password/forgot', {
          body: { email: body.email },
        });
        expect(forgot.status).toBe(202);
      }
      for (const email of emails) await failedOnce(a.database.db, email, 2);
      await smtp.start();
      // Both workers take due jobs; each mail goes out once.
      a.app.jobs.wake();
      b.app.jobs.wake();
      await vi.waitFor(() => expect(smtp.received.length).toBeGreaterThanOrEqual(12), {
        timeout: 15_000,
        interval: 50,
      });
      await Promise.all([a.settleMail(), b.settleMail()]);
      for (const email of emails) {
        expect(smtp.to(email, 'Confirm your email address'), email).toHaveLength(1);
        expect(smtp.to(email, 'Reset your password'), email).toHaveLength(1);
      }
      expect(smtp.received).toHaveLength(12);
    } finally {
      await twins.close();
      await smtp.stop();
    }
  });
});

describe.each(databaseKinds.filter((kind) => kind === 'postgres'))(
  'a change and its mail on %s',
  (kind) => {
    it('are written together: a sign-up whose mail cannot be queued leaves no account', async () => {
      const smtp = await startSmtpServer();
      const server = await startTestServer(kind, mailEnv(smtp, { DATABASE_TIMEOUT_MS: '1500' }));
      const lock = new pg.Client({ connectionString: server.databaseUrl });
      await lock.connect();
      try {
        const body = signUpBody();
        await lock.query('BEGIN');
        await lock.query('LOCK TABLE jobs IN ACCESS EXCLUSIVE MODE');
        const answer = await call(server, 'POST', '/auth/email/signup', { body });
        await lock.query('ROLLBACK');
        expect(answer.status).toBe(503);
        const left = await server.database.db.execute(
          sql`select count(*)::int as n from users where email = ${body.email}`,
        );
        expect((left as unknown as { rows: { n: number }[] }).rows[0]!.n).toBe(0);
        expect(await mailJobs(server.database.db)).toEqual([]);
      } finally {
        await lock.end();
        await server.close();
        await smtp.stop();
      }
    });
  },
);
