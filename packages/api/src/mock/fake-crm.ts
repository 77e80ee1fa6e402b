/**
 * The fake's CRM outbox (issue 22 item 4; the server's apps/server/src/crm/routes.ts): the
 * Pipedrive calls that were given up, and a retry of one. The fake never calls Pipedrive,
 * so its outbox is empty unless the `crmJobs: 'failed'` option seeds two failed jobs (for
 * the dashboard's CRM panel); a retried job leaves the failed list (it is pending again and
 * would run on the server's next poll). Both calls need canManageUsers (401, 403).
 */
import type { CrmJob, Project } from '@solar/domain/contract';
import type { ProjectStatus } from '@solar/domain/pipeline';
import { ok, refuse, refuseField, reply, type FakeReply } from './reply.ts';
import type { FakeStore } from './store.ts';

/** A job of the fake's outbox (the contract's CrmJob, writable). */
export type FakeCrmJob = { -readonly [K in keyof CrmJob]: CrmJob[K] };

/** The CRM outbox calls of the fake; `auth` is the Authorization header. */
export interface FakeCrm {
  /** `GET /admin/crm/jobs?state&limit`: 200 `{items}` newest first; 400 bad state or limit. */
  listCrmJobs(auth: string | null, query: Record<string, string>): FakeReply;
  /** `POST /admin/crm/jobs/{id}/retry`: 200 the job, pending again; 400 not a UUID; 404. */
  retryCrmJob(auth: string | null, id: string): FakeReply;
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const LIMIT_MESSAGE = 'Limit must be a whole number from 1 to 500';

/** The query's limit (default 100), or a 400 refusal as the server words it. */
function limitOf(value: string | undefined): number {
  if (value === undefined) return 100;
  const limit = Number(value);
  if (!Number.isInteger(limit) || limit < 1 || limit > 500) refuseField('limit', LIMIT_MESSAGE);
  return limit;
}

/** The CRM outbox calls over `store`. */
export function fakeCrm(store: FakeStore): FakeCrm {
  return {
    listCrmJobs: (auth, query) =>
      reply(() => {
        store.requireFlag(auth, 'canManageUsers');
        const state = query.state ?? 'failed';
        if (state !== 'failed' && state !== 'pending')
          refuseField('state', 'State must be failed or pending');
        const limit = limitOf(query.limit);
        const items = store.crmJobs
          .filter((job) => job.state === state)
          .sort((a, b) => b.createdAt.localeCompare(a.createdAt) || b.id.localeCompare(a.id))
          .slice(0, limit);
        return ok({ items });
      }),
    retryCrmJob: (auth, id) =>
      reply(() => {
        store.requireFlag(auth, 'canManageUsers');
        if (!UUID.test(id)) refuseField('id', 'Id must be a job id (UUID)');
        const job = store.crmJobs.find((j) => j.id === id);
        if (!job) refuse(404, 'not_found', 'No such CRM job waiting to run');
        Object.assign(job, { state: 'pending', attempts: 0, nextAttemptAt: store.iso() });
        return ok(job);
      }),
  };
}

const HOUR_MS = 3_600_000;

/**
 * Two failed jobs for stories (the `crmJobs: 'failed'` option): a deal that could not be
 * created (Pipedrive refused the API token) and a move that timed out, on the store's first
 * two projects (new ids when there are none), queued 26 and 3 hours before the clock.
 */
export function seedCrmFailures(store: FakeStore): void {
  const [first, second] = [...store.projects.values()];
  const job = (
    project: Project | undefined,
    kind: FakeCrmJob['kind'],
    status: ProjectStatus,
    hoursAgo: number,
    lastError: string,
  ): FakeCrmJob => {
    const at = new Date(store.now() - hoursAgo * HOUR_MS).toISOString();
    return {
      id: store.newId(),
      kind,
      payload: {
        projectId: project?.id ?? store.newId(),
        ownerId: project?.userId ?? store.newId(),
        status,
        at,
      },
      state: 'failed',
      attempts: 10,
      lastError,
      nextAttemptAt: at,
      createdAt: at,
    };
  };
  store.crmJobs.push(
    job(
      first,
      'deal.create',
      'quote_requested',
      26,
      'Pipedrive answered HTTP 401 to "create a person": Invalid API token',
    ),
    job(
      second,
      'deal.move',
      'inspection_scheduled',
      3,
      'Pipedrive did not answer "move a deal" in time',
    ),
  );
}
