/**
 * The CRM link assembled (docs/product.md#crm-link): settings (config.ts), the Pipedrive
 * client (pipedrive.ts), the stage mapping (stages.ts), its job kinds on the one job queue
 * (jobs/queue.ts, shared with mail) and the pipeline listener (sync.ts). app.ts calls
 * `registerCrm` (`app.crm`) and gives `listener` to the projects service. With
 * PIPEDRIVE_API_TOKEN unset there is no CRM link (undefined): no listener, no job queued
 * or run, nothing ever sent.
 */
import type { FastifyInstance } from 'fastify';
import type { AccountCache } from '../auth/account-cache.ts';
import type { Db } from '../db/database.ts';
import type { JobQueue } from '../jobs/queue.ts';
import { loadCrmConfig, pipedrivePersonUrl, type CrmConfig } from './config.ts';
import { createPipedriveClient } from './pipedrive.ts';
import { createStageResolver } from './stages.ts';
import { createCrmHandlers, createCrmListener } from './sync.ts';
import type { PipelineListener } from './types.ts';

/**
 * The calls one job may make: a stored person read (gone), a search, that person read and
 * updated or created, the pipelines, the stages, the deal.
 */
const CALLS_PER_JOB = 7;

/** The running CRM link. */
export interface Crm {
  config: CrmConfig;
  /** The job queue its jobs are on. */
  queue: JobQueue;
  /** Queues the jobs of each pipeline status change (register with the projects service). */
  listener: PipelineListener;
  /** The Pipedrive page of a person id, for the admin user page (see config.ts). */
  personUrl(personId: number): string | undefined;
}

export interface CreateCrmOptions {
  db: Db;
  env: Record<string, string | undefined>;
  /** The one job queue: the CRM's job kinds are registered on it. */
  queue: JobQueue;
  /** Told when a user's pipedrive_person_id is stored (the account cache's `forget`). */
  onPersonLinked?: (userId: string) => void;
  /** Replaces the HTTP client of the Pipedrive calls (tests). */
  fetch?: typeof fetch;
}

/** The CRM link, or undefined when PIPEDRIVE_API_TOKEN is unset; throws ConfigError. */
export function createCrm(options: CreateCrmOptions): Crm | undefined {
  const config = loadCrmConfig(options.env);
  if (!config) return undefined;
  const client = createPipedriveClient({
    baseUrl: config.baseUrl,
    apiToken: config.apiToken,
    timeoutMs: config.timeoutMs,
    ...(options.fetch ? { fetch: options.fetch } : {}),
  });
  const stages = createStageResolver(client, config.stageIds);
  const { queue } = options;
  const handlers = createCrmHandlers({
    db: options.db,
    client,
    stages,
    ...(options.onPersonLinked ? { onPersonLinked: options.onPersonLinked } : {}),
  });
  for (const [kind, run] of Object.entries(handlers)) {
    queue.handle(kind, {
      run,
      retry: config.retry,
      leaseMs: CALLS_PER_JOB * config.timeoutMs + 60_000,
      label: 'CRM job',
    });
  }
  return {
    config,
    queue,
    listener: createCrmListener(queue),
    personUrl: (personId) => pipedrivePersonUrl(config, personId),
  };
}

/**
 * Creates the CRM link for `app` (see createCrm; the account cache forgets a user whose
 * person id is stored) and decorates it as `app.crm`. Answers it, or undefined when off.
 */
export function registerCrm(
  app: FastifyInstance,
  options: Omit<CreateCrmOptions, 'onPersonLinked'> & { accounts: Pick<AccountCache, 'forget'> },
): Crm | undefined {
  const { accounts, ...rest } = options;
  const crm = createCrm({ ...rest, onPersonLinked: (id) => accounts.forget(id) });
  app.decorate('crm', crm);
  return crm;
}
