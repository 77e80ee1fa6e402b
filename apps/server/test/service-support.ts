/**
 * What the service unit tests share: a fresh migrated database of either kind with the
 * admin seeded (PGlite in memory, or a PostgreSQL database of its own with
 * TEST_DATABASE_URL), the account cache over it, and the real account mails on the real
 * job queue and mail outbox over a mailer that keeps what it was given (`mail.settle()`
 * sends what is queued).
 */
import { pino } from 'pino';
import { createAccountCache, type AccountCache } from '../src/auth/account-cache.ts';
import { createAccountMail, type AccountMail } from '../src/auth/account-mail.ts';
import { openDatabase, type Database } from '../src/db/database.ts';
import { createJobQueue } from '../src/jobs/queue.ts';
import type { OutgoingMail } from '../src/mail/mailer.ts';
import { createMailOutbox } from '../src/mail/outbox.ts';
import { findUserByEmail, type UserRow } from '../src/users/repository.ts';
import { ensureAdmin } from '../src/users/seed-admin.ts';
import { ADMIN, freshPostgres } from './harness.ts';

export { ADMIN, databaseKinds } from './harness.ts';

export interface ServiceWorld {
  database: Database;
  accounts: AccountCache;
  mail: AccountMail;
  /** Every mail handed to the mailer, in order. */
  sent: OutgoingMail[];
  /** The seeded administrator's row. */
  admin: UserRow;
  close(): Promise<void>;
}

/** A fresh database of `kind` with the admin seeded, and the services' collaborators. */
export async function serviceWorld(kind: 'pglite' | 'postgres'): Promise<ServiceWorld> {
  const pgTarget = kind === 'postgres' ? await freshPostgres() : undefined;
  const database = await openDatabase(pgTarget?.target ?? { kind: 'memory' });
  await ensureAdmin(database.db, ADMIN);
  const sent: OutgoingMail[] = [];
  const jobs = createJobQueue({
    db: database.db,
    pollMs: 60_000,
    log: pino({ level: 'silent' }),
  });
  const outbox = createMailOutbox(jobs, {
    db: database.db,
    mailer: { send: async (message) => void sent.push(message), close: () => undefined },
    contact: { publicUrl: 'http://x.test' },
    retry: { baseMs: 1000, maxMs: 1000, maxAttempts: 3 },
    leaseMs: 60_000,
  });
  const mail = createAccountMail(outbox);
  return {
    database,
    accounts: createAccountCache(database.db),
    mail,
    sent,
    admin: (await findUserByEmail(database.db, ADMIN.email))!,
    async close() {
      await mail.settle();
      await database.close();
      await pgTarget?.drop();
    },
  };
}

/** The HttpError `promise` rejects with, as `{status, code}` (fails when it resolves). */
export async function refusal(
  promise: Promise<unknown>,
): Promise<{ status: number; code: string }> {
  try {
    await promise;
  } catch (error) {
    const { statusCode, code } = error as { statusCode: number; code: string };
    return { status: statusCode, code };
  }
  throw new Error('expected a refusal, but it succeeded');
}
