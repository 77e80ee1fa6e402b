/**
 * The pipeline -> Pipedrive link (docs/product.md#crm-link): a PipelineListener that
 * queues jobs on the one job queue (jobs/queue.ts; a project's jobs run in order) and the
 * handlers that run them against Pipedrive (pipedrive.ts).
 *
 * - `quote_requested` queues `deal.create`: the owner's person is found and updated (by
 *   their stored users.pipedrive_person_id, else by an exact search on the email): the
 *   name is set and the owner's email added when missing, every other address sales staff
 *   added kept (pipedrive.ts `updatePerson`); or it is created; its id is stored
 *   in users.pipedrive_person_id. Then the project's deal (projects.pipedrive_deal_id) is
 *   created in the quote-requested stage and its id stored; a project that already has a
 *   deal has it moved there instead.
 * - any later status queues `deal.move`: the deal moves to the status's stage (stages.ts),
 *   won for `installed`, lost for `cancelled`. A project without a deal (cancelled as a
 *   draft, or its deal.create given up) has nothing to move: the job ends.
 * - `draft` queues nothing.
 *
 * The handlers read the user's name and email and the project's address when they run (the
 * latest values). A job is at-least-once: should storing an id fail after Pipedrive made
 * the record, the retry makes another (rare; visible in Pipedrive).
 */
import { sql } from 'drizzle-orm';
import type { ProjectStatus } from '@solar/domain';
import type { Db } from '../db/database.ts';
import { PipedriveError, type PipedriveClient } from './pipedrive.ts';
import type { Job, JobQueue } from '../jobs/queue.ts';
import { dealStatusOf, type StageResolver } from './stages.ts';
import type { PipelineListener } from './types.ts';

/** The job kinds and their payloads. */
export const CRM_JOBS = {
  /** `{projectId, ownerId, status: 'quote_requested', at}`. */
  createDeal: 'deal.create',
  /** `{projectId, ownerId, status, at}`. */
  moveDeal: 'deal.move',
} as const;

/** The reason a cancelled project's deal is lost. */
export const LOST_REASON = 'Cancelled in Solar';

/** The ordering key of a project's CRM jobs: they run in the order they were queued. */
export const crmOrderingKey = (projectId: string) => `crm:project:${projectId}`;

/** Runs one CRM job; throwing fails the attempt. */
export type CrmJobHandler = (job: Job, signal: AbortSignal) => Promise<void>;

/** The listener that queues the jobs of each status change (see the file comment). */
export function createCrmListener(queue: Pick<JobQueue, 'enqueue'>): PipelineListener {
  return {
    async statusChanged(event) {
      if (event.to === 'draft') return;
      const kind = event.to === 'quote_requested' ? CRM_JOBS.createDeal : CRM_JOBS.moveDeal;
      await queue.enqueue(
        kind,
        {
          projectId: event.projectId,
          ownerId: event.ownerId,
          status: event.to,
          at: event.at.toISOString(),
        },
        { orderingKey: crmOrderingKey(event.projectId) },
      );
    },
  };
}

interface ProjectLink {
  userId: string;
  name: string;
  email: string;
  personId: number | null;
  dealId: number | null;
  address: string | null;
}

/** Dependencies of the handlers. */
export interface CrmSyncDeps {
  db: Db;
  client: PipedriveClient;
  stages: StageResolver;
  /** Told when a user's person id is stored (the account cache's `forget`). */
  onPersonLinked?: (userId: string) => void;
}

/** A deal's title: the project's address (Pipedrive allows 255 characters). */
export function dealTitle(address: string | null): string {
  return `Solar: ${address?.trim() || 'project'}`.slice(0, 255);
}

/** The job handlers by kind (see the file comment). */
export function createCrmHandlers({
  db,
  client,
  stages,
  onPersonLinked,
}: CrmSyncDeps): Record<string, CrmJobHandler> {
  async function read(projectId: unknown): Promise<ProjectLink | undefined> {
    if (typeof projectId !== 'string') return undefined;
    const result = await db.execute(sql`
      select u.id as "userId", u.name, u.email, u.pipedrive_person_id as "personId",
             p.pipedrive_deal_id as "dealId", p.location->>'address' as address
      from projects p join users u on u.id = p.user_id
      where p.id = ${projectId}::uuid`);
    return (result as unknown as { rows: ProjectLink[] }).rows[0];
  }

  /** The owner's person id: updated when known (and still there), else found or created. */
  async function personOf(link: ProjectLink, signal: AbortSignal): Promise<number> {
    const person = { name: link.name, email: link.email };
    if (link.personId !== null) {
      try {
        await client.updatePerson(link.personId, person, signal);
        return link.personId;
      } catch (error) {
        if (!(error instanceof PipedriveError && error.status === 404)) throw error;
      }
    }
    let id = await client.findPersonByEmail(link.email, signal);
    if (id === undefined) id = await client.createPerson(person, signal);
    else await client.updatePerson(id, person, signal);
    if (id !== link.personId) {
      await db.execute(
        sql`update users set pipedrive_person_id = ${id}::int where id = ${link.userId}::uuid`,
      );
      onPersonLinked?.(link.userId);
    }
    return id;
  }

  const statusOf = (payload: Record<string, unknown>): ProjectStatus =>
    payload.status as ProjectStatus;

  return {
    async [CRM_JOBS.createDeal](job, signal) {
      const link = await read(job.payload.projectId);
      if (!link) return; // the project was deleted since
      const personId = await personOf(link, signal);
      const status = statusOf(job.payload);
      const stageId = await stages.stageOf(status, signal);
      if (link.dealId !== null) {
        await client.updateDeal(link.dealId, { stageId, status: dealStatusOf(status) }, signal);
        return;
      }
      const dealId = await client.createDeal(
        { title: dealTitle(link.address), personId, stageId },
        signal,
      );
      await db.execute(
        sql`update projects set pipedrive_deal_id = ${dealId}::int where id = ${job.payload.projectId as string}::uuid`,
      );
    },

    async [CRM_JOBS.moveDeal](job, signal) {
      const link = await read(job.payload.projectId);
      if (!link || link.dealId === null) return;
      const status = statusOf(job.payload);
      const stageId = await stages.stageOf(status, signal);
      await client.updateDeal(
        link.dealId,
        { stageId, status: dealStatusOf(status), lostReason: LOST_REASON },
        signal,
      );
    },
  };
}
