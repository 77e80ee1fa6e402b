/**
 * The fake's job queue (docs/product.md#dashboard; the server's
 * apps/server/src/jobs/routes.ts): the mails and Pipedrive updates that were given up, and
 * a retry of one. The fake sends no mail through a queue and never calls Pipedrive, so its
 * queue is empty unless the `jobs: 'failed'` option seeds failed jobs (for the dashboard's
 * panel); a retried job leaves the failed list (it is pending again and would run at once
 * on the server). Both calls need canManageUsers (401, 403).
 */
import type { CrmJob, Job, MailJob, Project } from '@solar/domain/contract';
import type { ProjectStatus } from '@solar/domain/pipeline';
import { ok, refuse, refuseField, reply, type FakeReply } from './reply.ts';
import type { FakeStore } from './store.ts';

type Writable<T> = { -readonly [K in keyof T]: T[K] };

/** A job of the fake's queue (the contract's Job, writable). */
export type FakeJob = Writable<CrmJob> | Writable<MailJob>;

/** The job queue calls of the fake; `auth` is the Authorization header. */
export interface FakeJobs {
  /** `GET /admin/jobs?state&limit`: 200 `{items}` newest first; 400 bad state or limit. */
  listJobs(auth: string | null, query: Record<string, string>): FakeReply;
  /** `POST /admin/jobs/{id}/retry`: 200 the job, pending again; 400 not a UUID; 404. */
  retryJob(auth: string | null, id: string): FakeReply;
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

/** The job queue calls over `store`. */
export function fakeJobs(store: FakeStore): FakeJobs {
  return {
    listJobs: (auth, query) =>
      reply(() => {
        store.requireFlag(auth, 'canManageUsers');
        const state = query.state ?? 'failed';
        if (state !== 'failed' && state !== 'pending')
          refuseField('state', 'State must be failed or pending');
        const limit = limitOf(query.limit);
        const items: Job[] = store.jobs
          .filter((job) => job.state === state)
          .sort((a, b) => b.createdAt.localeCompare(a.createdAt) || b.id.localeCompare(a.id))
          .slice(0, limit);
        return ok({ items });
      }),
    retryJob: (auth, id) =>
      reply(() => {
        store.requireFlag(auth, 'canManageUsers');
        if (!UUID.test(id)) refuseField('id', 'Id must be a job id (UUID)');
        const job = store.jobs.find((j) => j.id === id);
        if (!job) refuse(404, 'not_found', 'No such job waiting to run');
        Object.assign(job, { state: 'pending', attempts: 0, nextAttemptAt: store.iso() });
        return ok(job);
      }),
  };
}

const HOUR_MS = 3_600_000;

/**
 * Failed jobs for stories (the `jobs: 'failed'` option), on the store's first two
 * projects and users (new ids when there are none): a deal that could not be created
 * (Pipedrive refused the API token, 26 hours before the clock), a deal move that timed
 * out (3 hours), a reset mail the SMTP server refused (2 hours) and a project status mail
 * whose server could not be reached (1 hour).
 */
export function seedJobFailures(store: FakeStore): void {
  const [first, second] = [...store.projects.values()];
  const someone = [...store.users.values()].find((u) => u.userType !== 0);
  const common = (hoursAgo: number, attempts: number, lastError: string) => {
    const at = new Date(store.now() - hoursAgo * HOUR_MS).toISOString();
    return {
      id: store.newId(),
      state: 'failed' as const,
      attempts,
      lastError,
      nextAttemptAt: at,
      createdAt: at,
    };
  };
  const crm = (
    project: Project | undefined,
    kind: CrmJob['kind'],
    status: ProjectStatus,
    hoursAgo: number,
    lastError: string,
  ): FakeJob => ({
    ...common(hoursAgo, 10, lastError),
    kind,
    payload: {
      projectId: project?.id ?? store.newId(),
      ownerId: project?.userId ?? store.newId(),
      status,
      at: new Date(store.now() - hoursAgo * HOUR_MS).toISOString(),
    },
  });
  const mail = (
    what: string,
    to: string,
    projectId: string | null,
    hoursAgo: number,
    lastError: string,
  ): FakeJob => ({
    ...common(hoursAgo, 12, lastError),
    kind: 'mail',
    payload: { mail: what, to, projectId },
  });
  store.jobs.push(
    crm(
      first,
      'deal.create',
      'quote_requested',
      26,
      'Pipedrive answered HTTP 401 to "create a person": Invalid API token',
    ),
    crm(
      second,
      'deal.move',
      'inspection_scheduled',
      3,
      'Pipedrive did not answer "move a deal" in time',
    ),
    mail(
      'resetPassword',
      someone?.email ?? 'client@example.com',
      null,
      2,
      'Mail command failed: 550 5.1.1 Mailbox unavailable',
    ),
    mail(
      'projectStatus',
      someone?.email ?? 'client@example.com',
      first?.id ?? store.newId(),
      1,
      'connect ECONNREFUSED 10.0.0.25:587',
    ),
  );
}
