/**
 * Forgot-password does no work for a known email on the request path
 * (docs/product.md#accounts-and-sessions): it writes one mail job; the account look-up,
 * the reset token and the mail run in the job queue after the 202, so known and unknown
 * emails cost the same. Proven on PostgreSQL by holding a lock on the mail tokens' table:
 * the answer still comes, and the mail follows once the lock is gone (retried).
 */
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADMIN, databaseKinds, startTestServer, type TestServer } from './harness.ts';
import { call, linkToken, waitForMail } from './helpers.ts';

describe.each(databaseKinds)('forgot-password mail queue on %s', (kind) => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer(kind, { PUBLIC_URL: 'https://solar.example' });
  });
  afterAll(async () => {
    await server?.close();
  });

  it('answers 202 and mails the link afterwards', async () => {
    const answer = await call(server, 'POST', '/auth/password/forgot', {
      body: { email: ADMIN.email.toUpperCase() },
    });
    expect(answer.status).toBe(202);
    const mail = await waitForMail(server, ADMIN.email, /reset-password\?token=/);
    expect(linkToken(mail, 'reset-password')).toMatch(/^[\w-]{43}$/);
  });
});

describe.each(databaseKinds.filter((kind) => kind === 'postgres'))(
  'forgot-password off the request path on %s',
  (kind) => {
    let server: TestServer;
    beforeAll(async () => {
      server = await startTestServer(kind, {
        PUBLIC_URL: 'https://solar.example',
        DATABASE_TIMEOUT_MS: '3000',
        // A send that meets the lock fails and is retried: soon, for the test.
        MAIL_RETRY_BASE_MS: '100',
        MAIL_RETRY_MAX_MS: '200',
      });
    });
    afterAll(async () => {
      await server?.close();
    });

    it('answers a known email while the mail tokens are locked; the mail follows', async () => {
      const lock = new pg.Client({ connectionString: server.databaseUrl });
      await lock.connect();
      let answer;
      try {
        await lock.query('BEGIN');
        await lock.query('LOCK TABLE one_time_tokens IN ACCESS EXCLUSIVE MODE');
        answer = await call(server, 'POST', '/auth/password/forgot', {
          body: { email: ADMIN.email },
        });
      } finally {
        await lock.query('ROLLBACK');
        await lock.end();
      }
      expect(answer.status, JSON.stringify(answer.body)).toBe(202);
      await waitForMail(server, ADMIN.email, /reset-password\?token=/);
    });
  },
);
