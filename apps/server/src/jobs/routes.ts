/**
 * The job queue for administrators (docs/product.md#dashboard: failed mail and CRM
 * updates are visible to admins): `GET /admin/jobs?state=failed|pending&limit` lists mail
 * and CRM jobs; `POST /admin/jobs/{id}/retry` gives a job that was given up a fresh set of
 * attempts (once the SMTP server, Pipedrive or their settings are fixed), run at once.
 * Both need canManageUsers (401 anonymous, 403 any other role). A mail job shows what the
 * mail is and to whom, never its link.
 */
import type { CrmJob, Job, JobList } from '@solar/domain/contract';
import { PROJECT_STATUSES } from '@solar/domain/pipeline';
import { sql } from 'drizzle-orm';
import type { preHandlerHookHandler } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { requirePermission } from '../auth/guard.ts';
import type { Db } from '../db/database.ts';
import { HttpError } from '../http-errors.ts';
import { MAIL_JOB, type MailJobPayload } from '../mail/outbox.ts';
import { named } from '../openapi.ts';
import type { JobQueue } from './queue.ts';

export interface JobAdminRoutesOptions {
  db: Db;
  authenticate: preHandlerHookHandler;
  /** Woken after a retry, so the job runs at once. */
  queue: Pick<JobQueue, 'wake'>;
}

const isoTime = z.string().describe('ISO 8601, UTC');

const jobFields = {
  id: z.string(),
  state: z.enum(['pending', 'failed']).describe('failed: given up after the last attempt'),
  attempts: z.number().int().describe('Failed attempts so far'),
  lastError: z.string().nullable().describe("The last attempt's error (English)"),
  nextAttemptAt: isoTime.describe('When it runs next (pending only)'),
  createdAt: isoTime,
};

/** One job as an administrator sees it: a CRM update or a mail. */
export const jobSchema = named(
  z.discriminatedUnion('kind', [
    z.object({
      ...jobFields,
      kind: z
        .enum(['deal.create', 'deal.move'])
        .describe('deal.create (person + deal) or deal.move (stage, won, lost)'),
      payload: z.object({
        projectId: z.string(),
        ownerId: z.string(),
        status: z.enum(PROJECT_STATUSES),
        at: isoTime,
      }),
    }),
    z.object({
      ...jobFields,
      kind: z.literal('mail'),
      payload: z.object({
        mail: z.string().describe('Which mail: verifyEmail, resetPassword, projectStatus, ...'),
        to: z.string().describe('The address it goes to'),
        projectId: z.string().nullable().describe('projectStatus: the project'),
      }),
    }),
  ]),
  'Job',
) satisfies z.ZodType<Job>;

export const jobListSchema = z.object({ items: z.array(jobSchema) }) satisfies z.ZodType<JobList>;

const querySchema = z.strictObject({
  state: z
    .enum(['failed', 'pending'], { error: 'State must be failed or pending' })
    .default('failed'),
  limit: z.coerce
    .number({ error: 'Limit must be a whole number from 1 to 500' })
    .int('Limit must be a whole number from 1 to 500')
    .min(1, 'Limit must be a whole number from 1 to 500')
    .max(500, 'Limit must be a whole number from 1 to 500')
    .default(100),
});

const idParams = z.strictObject({ id: z.uuid({ error: 'Id must be a job id (UUID)' }) });

interface JobRow {
  id: string;
  kind: string;
  payload: Record<string, unknown>;
  attempts: number;
  last_error: string | null;
  next_attempt_at: Date | string;
  given_up_at: Date | string | null;
  created_at: Date | string;
}

/** The kinds an administrator sees. */
const LISTED = ['mail', 'deal.create', 'deal.move'] as const;
const listed = sql`(${sql.join(
  LISTED.map((kind) => sql`${kind}`),
  sql`, `,
)})`;

const iso = (value: Date | string) => new Date(value).toISOString();

/** A row as the administrator sees it (a mail without its variables). */
function view(row: JobRow): Job {
  const common = {
    id: row.id,
    state: row.given_up_at === null ? ('pending' as const) : ('failed' as const),
    attempts: Number(row.attempts),
    lastError: row.last_error,
    nextAttemptAt: iso(row.next_attempt_at),
    createdAt: iso(row.created_at),
  };
  if (row.kind === MAIL_JOB) {
    const payload = row.payload as unknown as MailJobPayload;
    return {
      ...common,
      kind: 'mail',
      payload: {
        mail: String(payload.kind),
        to: String(payload.to?.email ?? ''),
        projectId: payload.variables?.projectId ?? null,
      },
    };
  }
  return {
    ...common,
    kind: row.kind as CrmJob['kind'],
    payload: row.payload as unknown as CrmJob['payload'],
  };
}

/**
 * The jobs of one state, newest first: `failed` = given up (not done); `pending` = not
 * done and still to be tried (its last_error shows why the last attempt failed, if one
 * did).
 */
export async function listJobs(db: Db, state: 'failed' | 'pending', limit = 100) {
  const given = state === 'failed' ? sql`is not null` : sql`is null`;
  const result = await db.execute(sql`
    select id, kind, payload, attempts, last_error, next_attempt_at, given_up_at, created_at
    from jobs where done_at is null and given_up_at ${given} and kind in ${listed}
    order by created_at desc, id desc limit ${limit}::int`);
  return (result as unknown as { rows: JobRow[] }).rows.map(view);
}

/**
 * Gives a job that is not done a fresh set of attempts, due now (its last_error stays until
 * the next attempt); answers it, or undefined for an unknown or done job.
 */
export async function retryJob(db: Db, id: string) {
  const result = await db.execute(sql`
    update jobs set attempts = 0, given_up_at = null, next_attempt_at = now()
    where id = ${id}::uuid and done_at is null and kind in ${listed}
    returning id, kind, payload, attempts, last_error, next_attempt_at, given_up_at, created_at`);
  const [row] = (result as unknown as { rows: JobRow[] }).rows;
  return row ? view(row) : undefined;
}

export const jobAdminRoutes: FastifyPluginAsyncZod<JobAdminRoutesOptions> = async (
  app,
  { db, authenticate, queue },
) => {
  app.addHook('preValidation', authenticate);
  app.addHook('preValidation', requirePermission('canManageUsers'));

  /** GET /admin/jobs?state=failed|pending (default failed)&limit (1..500, 100) ->
   * 200 {items: Job[]} newest first; 400 for another state or limit. */
  app.get(
    '/admin/jobs',
    {
      schema: {
        querystring: querySchema,
        response: { 200: jobListSchema },
        tags: ['admin jobs'],
        security: [{ bearer: [] }],
        operationId: 'listJobs',
        summary: 'Mail and CRM (Pipedrive) updates queued or given up',
        answers: { 200: { description: 'The jobs of that state, newest first' } },
        errors: [400, 401, 403, 503],
      },
    },
    async (request) => ({ items: await listJobs(db, request.query.state, request.query.limit) }),
  );

  /** POST /admin/jobs/{id}/retry -> 200 Job (pending, attempts 0, due now); 400 an id that
   * is not a UUID; 404 `not_found` for an unknown or done job. */
  app.post(
    '/admin/jobs/:id/retry',
    {
      schema: {
        params: idParams,
        response: { 200: jobSchema },
        tags: ['admin jobs'],
        security: [{ bearer: [] }],
        operationId: 'retryJob',
        summary: 'Try a mail or CRM update again',
        answers: { 200: { description: 'The job, pending again and due now' } },
        errors: [400, 401, 403, 404, 503],
      },
    },
    async (request) => {
      const job = await retryJob(db, request.params.id);
      if (!job) throw new HttpError(404, 'not_found', 'No such job waiting to run');
      queue.wake();
      return job;
    },
  );
};
