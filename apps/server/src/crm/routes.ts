/**
 * The CRM outbox for administrators (issue 22 item 4: "failures are visible to admins"):
 * GET /admin/crm/jobs?state=failed|pending&limit lists jobs; POST /admin/crm/jobs/{id}/retry
 * gives a job that was given up a fresh set of attempts (once Pipedrive or its settings are
 * fixed). Both need canManageUsers (401 anonymous, 403 any other role). With the CRM link
 * off the list is simply empty.
 */
import { sql } from 'drizzle-orm';
import type { preHandlerHookHandler } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { requirePermission } from '../auth/guard.ts';
import type { Db } from '../db/database.ts';
import { HttpError } from '../http-errors.ts';
import { named } from '../openapi.ts';
import type { Crm } from './crm.ts';

export interface CrmAdminRoutesOptions {
  db: Db;
  authenticate: preHandlerHookHandler;
  /** The CRM link, for its PIPEDRIVE_MAX_ATTEMPTS (10 when the link is off). */
  crm: Crm | undefined;
}

const isoTime = z.string().describe('ISO 8601, UTC');

/** One job of the outbox as an administrator sees it. */
export const crmJobSchema = named(
  z.object({
    id: z.string(),
    kind: z.string().describe('deal.create (person + deal) or deal.move (stage, won, lost)'),
    payload: z.record(z.string(), z.unknown()).describe('{projectId, ownerId, status, at}'),
    state: z.enum(['pending', 'failed']).describe('failed: given up after the last attempt'),
    attempts: z.number().int().describe('Failed attempts so far'),
    lastError: z.string().nullable(),
    nextAttemptAt: isoTime.describe('When it runs next (pending only)'),
    createdAt: isoTime,
  }),
  'CrmJob',
);

export const crmJobListSchema = z.object({ items: z.array(crmJobSchema) });

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
  created_at: Date | string;
}

const iso = (value: Date | string) => new Date(value).toISOString();

const view = (row: JobRow, state: 'failed' | 'pending') => ({
  id: row.id,
  kind: row.kind,
  payload: row.payload,
  state,
  attempts: Number(row.attempts),
  lastError: row.last_error,
  nextAttemptAt: iso(row.next_attempt_at),
  createdAt: iso(row.created_at),
});

/**
 * The jobs of one state, newest first: `failed` = given up (attempts reached maxAttempts,
 * not done); `pending` = not done and still to be tried (its last_error shows why the last
 * attempt failed, if one did).
 */
export async function listCrmJobs(
  db: Db,
  state: 'failed' | 'pending',
  maxAttempts: number,
  limit = 100,
) {
  const given = state === 'failed' ? sql`>=` : sql`<`;
  const result = await db.execute(sql`
    select id, kind, payload, attempts, last_error, next_attempt_at, created_at
    from crm_jobs where done_at is null and attempts ${given} ${maxAttempts}::int
    order by created_at desc, id desc limit ${limit}::int`);
  return (result as unknown as { rows: JobRow[] }).rows.map((row) => view(row, state));
}

/**
 * Gives a job that is not done a fresh set of attempts, due now (its last_error stays until
 * the next attempt); answers it, or undefined for an unknown or done job.
 */
export async function retryCrmJob(db: Db, id: string) {
  const result = await db.execute(sql`
    update crm_jobs set attempts = 0, next_attempt_at = now()
    where id = ${id}::uuid and done_at is null
    returning id, kind, payload, attempts, last_error, next_attempt_at, created_at`);
  const [row] = (result as unknown as { rows: JobRow[] }).rows;
  return row ? view(row, 'pending') : undefined;
}

export const crmAdminRoutes: FastifyPluginAsyncZod<CrmAdminRoutesOptions> = async (
  app,
  { db, authenticate, crm },
) => {
  const maxAttempts = crm?.config.retry.maxAttempts ?? 10;
  app.addHook('preValidation', authenticate);
  app.addHook('preValidation', requirePermission('canManageUsers'));

  /** GET /admin/crm/jobs?state=failed|pending (default failed)&limit (1..500, 100) ->
   * 200 {items: CrmJob[]} newest first; 400 for another state or limit. */
  /** POST /admin/crm/jobs/{id}/retry -> 200 CrmJob (pending, attempts 0, due now); 400 an id
   * that is not a UUID; 404 `not_found` for an unknown or done job. Runs on the next poll. */
  app.post(
    '/admin/crm/jobs/:id/retry',
    {
      schema: {
        params: idParams,
        response: { 200: crmJobSchema },
        tags: ['admin crm'],
        security: [{ bearer: [] }],
        operationId: 'retryCrmJob',
        summary: 'Try a CRM call again',
        answers: { 200: { description: 'The job, pending again and due now' } },
        errors: [400, 401, 403, 404, 503],
      },
    },
    async (request) => {
      const job = await retryCrmJob(db, request.params.id);
      if (!job) throw new HttpError(404, 'not_found', 'No such CRM job waiting to run');
      return job;
    },
  );

  app.get(
    '/admin/crm/jobs',
    {
      schema: {
        querystring: querySchema,
        response: { 200: crmJobListSchema },
        tags: ['admin crm'],
        security: [{ bearer: [] }],
        operationId: 'listCrmJobs',
        summary: 'Queued and failed CRM (Pipedrive) calls',
        answers: { 200: { description: 'The jobs of that state, newest first' } },
        errors: [400, 401, 403, 503],
      },
    },
    async (request) => ({
      items: await listCrmJobs(db, request.query.state, maxAttempts, request.query.limit),
    }),
  );
};
