/**
 * The CRM link assembled (issue 22 item 4): settings (config.ts), the Pipedrive client
 * (pipedrive.ts), the stage mapping (stages.ts), the outbox and its worker (queue.ts) and
 * the pipeline listener (sync.ts). app.ts calls `registerCrm` (the worker starts when the
 * app is ready and stops when it closes; `app.crm`) and gives `listener` to the projects
 * service. With PIPEDRIVE_API_TOKEN unset there is no CRM link (undefined): no listener,
 * no worker, no job queued, nothing ever sent.
 */
import type { FastifyBaseLogger, FastifyInstance } from 'fastify';
import type { AccountCache } from '../auth/account-cache.ts';
import type { Db } from '../db/database.ts';
import { loadCrmConfig, pipedrivePersonUrl, type CrmConfig } from './config.ts';
import { createPipedriveClient } from './pipedrive.ts';
import { createCrmQueue, type CrmQueue } from './queue.ts';
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
  queue: CrmQueue;
  /** Queues the jobs of each pipeline status change (register with the projects service). */
  listener: PipelineListener;
  /** The Pipedrive page of a person id, for the admin user page (see config.ts). */
  personUrl(personId: number): string | undefined;
}

export interface CreateCrmOptions {
  db: Db;
  env: Record<string, string | undefined>;
  log: FastifyBaseLogger;
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
  const queue = createCrmQueue({
    db: options.db,
    handlers: createCrmHandlers({
      db: options.db,
      client,
      stages,
      ...(options.onPersonLinked ? { onPersonLinked: options.onPersonLinked } : {}),
    }),
    retry: config.retry,
    pollMs: config.pollMs,
    leaseMs: CALLS_PER_JOB * config.timeoutMs + 60_000,
    log: options.log,
  });
  return {
    config,
    queue,
    listener: createCrmListener(queue),
    personUrl: (personId) => pipedrivePersonUrl(config, personId),
  };
}

/**
 * Creates the CRM link for `app` (see createCrm; the account cache forgets a user whose
 * person id is stored), decorates it as `app.crm`, and starts its worker when the app is
 * ready and stops it when the app closes. Answers it, or undefined when off.
 */
export function registerCrm(
  app: FastifyInstance,
  options: Omit<CreateCrmOptions, 'onPersonLinked'> & { accounts: Pick<AccountCache, 'forget'> },
): Crm | undefined {
  const { accounts, ...rest } = options;
  const crm = createCrm({ ...rest, onPersonLinked: (id) => accounts.forget(id) });
  app.decorate('crm', crm);
  if (crm) {
    app.addHook('onReady', async () => crm.queue.start());
    app.addHook('onClose', async () => crm.queue.stop());
  }
  return crm;
}
