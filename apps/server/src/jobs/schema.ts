/**
 * The job queue's table (docs/decisions/031-one-job-queue-for-mail-and-crm.md): work done
 * off the request path and retried with backoff, mail and CRM calls alike. drizzle-kit
 * reads every schema.ts under src/; after a change run `pnpm --filter @solar/server
 * db:generate` and commit the SQL in drizzle/.
 */
import { sql } from 'drizzle-orm';
import { bigint, index, integer, jsonb, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';

/**
 * One job: `kind` names its handler (`mail`, `deal.create`, ...), `payload` its input.
 * A worker takes rows that are neither done nor given up once `next_attempt_at` has
 * passed; each failure increments `attempts`, records `last_error` and pushes
 * `next_attempt_at` back, and the last one sets `given_up_at`. Jobs with the same
 * `ordering_key` run one at a time in the order they were queued (`seq`).
 */
export const jobs = pgTable(
  'jobs',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    /**
     * The order jobs were queued in: `created_at` alone can tie (a transaction's now(), a
     * coarse clock) and the uuid would then order them at random.
     */
    seq: bigint('seq', { mode: 'number' }).generatedAlwaysAsIdentity(),
    kind: text('kind').notNull(),
    payload: jsonb('payload').notNull(),
    orderingKey: text('ordering_key'),
    attempts: integer('attempts').notNull().default(0),
    nextAttemptAt: timestamp('next_attempt_at', { withTimezone: true }).notNull().defaultNow(),
    lastError: text('last_error'),
    givenUpAt: timestamp('given_up_at', { withTimezone: true }),
    doneAt: timestamp('done_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('jobs_due_idx')
      .on(t.nextAttemptAt)
      .where(sql`${t.doneAt} is null and ${t.givenUpAt} is null`),
    index('jobs_ordering_idx')
      .on(t.orderingKey, t.seq)
      .where(sql`${t.doneAt} is null and ${t.givenUpAt} is null`),
    index('jobs_created_idx').on(t.createdAt),
  ],
);

/** A row of `jobs`. */
export type JobRow = typeof jobs.$inferSelect;
