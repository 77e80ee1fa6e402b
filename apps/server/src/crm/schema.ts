/**
 * The CRM outbox (issue 22 item 4): calls to Pipedrive waiting to be made, retried with
 * backoff. drizzle-kit reads every schema.ts under src/; after a change run
 * `pnpm --filter @solar/server db:generate` and commit the SQL in drizzle/.
 */
import { index, integer, jsonb, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';

/**
 * One queued CRM job: `kind` names what to do, `payload` its input. A worker takes rows whose
 * `done_at` is null and `next_attempt_at` has passed; each failure increments `attempts`,
 * records `last_error` and pushes `next_attempt_at` back.
 */
export const crmJobs = pgTable(
  'crm_jobs',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    kind: text('kind').notNull(),
    payload: jsonb('payload').notNull(),
    attempts: integer('attempts').notNull().default(0),
    nextAttemptAt: timestamp('next_attempt_at', { withTimezone: true }).notNull().defaultNow(),
    lastError: text('last_error'),
    doneAt: timestamp('done_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('crm_jobs_due_idx').on(t.doneAt, t.nextAttemptAt)],
);

/** A row of `crm_jobs`. */
export type CrmJobRow = typeof crmJobs.$inferSelect;
