/**
 * The CRM outbox (issue 22 item 4): jobs are rows of `crm_jobs` (kind, payload jsonb,
 * attempts, next_attempt_at, last_error, done_at), so a queued call survives a restart and
 * is shared by every server process on one database.
 *
 * - `enqueue(kind, payload, executor?)` inserts a row (inside the caller's transaction when
 *   `executor` is one; then the job starts on the next poll) and wakes this process's
 *   worker. It never waits for Pipedrive.
 * - Each process runs one worker loop: every `pollMs` (and at once after an enqueue) it
 *   claims one due job with `UPDATE ... WHERE id = (SELECT ... FOR UPDATE SKIP LOCKED)`
 *   (PostgreSQL and PGlite), which also pushes its next_attempt_at `leaseMs` ahead: the
 *   claim is committed before the job runs, so no transaction or lock is held during a
 *   Pipedrive call (PGlite has one connection: user requests never queue behind one), and
 *   a job whose process died is taken up again once its lease is over (at least once).
 * - Jobs of one project run in the order they were queued: a job waits while an older job
 *   of the same `payload.projectId` is neither done nor given up.
 * - A failed job gets attempts + 1, last_error and a next_attempt_at `retryDelayMs` later;
 *   after `maxAttempts` failures it is given up and stays (done_at null) with its error,
 *   for the admin list (routes.ts). Success sets done_at.
 * - Done jobs are deleted DONE_KEPT_DAYS after they were done (checked at most hourly).
 * - `stop()` aborts the running job's calls and waits for the loop to end (app close).
 */
import { sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../db/database.ts';

/** A claimed job as its handler gets it. */
export interface CrmJob {
  id: string;
  kind: string;
  payload: Record<string, unknown>;
  /** Failed attempts so far. */
  attempts: number;
}

/** Runs one job; throwing fails the attempt (its message becomes last_error). */
export type CrmJobHandler = (job: CrmJob, signal: AbortSignal) => Promise<void>;

/** The retry policy: first delay, longest delay (ms) and the failures before giving up. */
export interface RetryPolicy {
  baseMs: number;
  maxMs: number;
  maxAttempts: number;
}

export interface CrmQueueOptions {
  db: Db;
  handlers: Record<string, CrmJobHandler>;
  retry: RetryPolicy;
  /** How often the worker looks for due jobs, ms. */
  pollMs: number;
  /** How long a claimed job is kept from other workers, ms (longer than a job can take). */
  leaseMs: number;
  log: FastifyBaseLogger;
  /** Random numbers in [0, 1) for the jitter (tests). */
  random?: () => number;
}

/**
 * The wait after the `attempts`-th failure (1, 2, ...), ms: exponential backoff with
 * "equal jitter" (AWS Architecture Blog, "Exponential Backoff And Jitter", 2015): the
 * ceiling c = min(maxMs, baseMs x 2^(attempts-1)), and the wait is c/2 plus a random part
 * of c/2, so retries of many jobs spread out yet none comes back sooner than c/2.
 * Defaults: 15-30 s, 30-60 s, ... up to 30-60 min.
 */
export function retryDelayMs(
  attempts: number,
  { baseMs, maxMs }: Pick<RetryPolicy, 'baseMs' | 'maxMs'>,
  random: () => number = Math.random,
): number {
  const ceiling = Math.min(maxMs, baseMs * 2 ** Math.max(0, attempts - 1));
  return Math.round(ceiling / 2 + random() * (ceiling / 2));
}

/** What may run the insert: the database or a transaction of it. */
export type Executor = Pick<Db, 'execute'>;

/** The outbox and its worker (see the file comment). */
export interface CrmQueue {
  /** Queues a job; resolves once its row is written. */
  enqueue(kind: string, payload: Record<string, unknown>, executor?: Executor): Promise<void>;
  /** Starts this process's worker loop. */
  start(): void;
  /** Stops the loop, aborting the running job; resolves when it has ended. */
  stop(): Promise<void>;
  /** Runs due jobs now until none is left (tests, and the wake-up after an enqueue). */
  drain(): Promise<void>;
}

const rowsOf = <T>(result: unknown): T[] => (result as { rows: T[] }).rows;

/** Days a done job is kept (for a look back) before the worker deletes it. */
export const DONE_KEPT_DAYS = 30;

/** The longest last_error kept, characters. */
const MAX_ERROR_LENGTH = 2000;

/** Creates the queue (see the file comment); the worker starts with `start()`. */
export function createCrmQueue(options: CrmQueueOptions): CrmQueue {
  const { db, handlers, retry, log } = options;
  const random = options.random ?? Math.random;
  const stopping = new AbortController();
  let started = false;
  let timer: NodeJS.Timeout | undefined;
  let running: Promise<void> | undefined;
  let again = false;
  let prunedAt = -Infinity;

  async function claim(): Promise<CrmJob | undefined> {
    const result = await db.execute(sql`
      update crm_jobs set next_attempt_at = now() + ${options.leaseMs}::double precision * interval '1 millisecond'
      where id = (
        select j.id from crm_jobs j
        where j.done_at is null and j.attempts < ${retry.maxAttempts}::int and j.next_attempt_at <= now()
          and not exists (
            select 1 from crm_jobs o
            where o.done_at is null and o.attempts < ${retry.maxAttempts}::int
              and o.payload->>'projectId' = j.payload->>'projectId'
              and (o.created_at, o.id) < (j.created_at, j.id))
        order by j.next_attempt_at, j.created_at
        limit 1
        for update of j skip locked)
      returning id, kind, payload, attempts`);
    const [row] = rowsOf<CrmJob>(result);
    return row ? { ...row, attempts: Number(row.attempts) } : undefined;
  }

  async function run(job: CrmJob): Promise<void> {
    try {
      const handler = handlers[job.kind];
      if (!handler) throw new Error(`No handler for CRM job kind "${job.kind}"`);
      await handler(job, stopping.signal);
      await db.execute(
        sql`update crm_jobs set done_at = now(), last_error = null where id = ${job.id}`,
      );
    } catch (error) {
      if (stopping.signal.aborted) {
        // Stopped mid-call (shutdown): not the job's failure; it runs again soon, here or
        // in another process.
        await db.execute(sql`update crm_jobs set next_attempt_at = now() where id = ${job.id}`);
        return;
      }
      const attempts = job.attempts + 1;
      const message = (error instanceof Error ? error.message : String(error)).slice(
        0,
        MAX_ERROR_LENGTH,
      );
      const delay = retryDelayMs(attempts, retry, random);
      await db.execute(sql`
        update crm_jobs set attempts = ${attempts}::int, last_error = ${message},
          next_attempt_at = now() + ${delay}::double precision * interval '1 millisecond'
        where id = ${job.id}`);
      const detail = { job: job.id, kind: job.kind, attempts, error: message };
      if (attempts >= retry.maxAttempts) log.error(detail, 'CRM job given up');
      else log.warn({ ...detail, retryInMs: delay }, 'CRM job failed; will retry');
    }
  }

  async function loop(): Promise<void> {
    if (performance.now() - prunedAt > 3_600_000) {
      prunedAt = performance.now();
      await db.execute(
        sql`delete from crm_jobs where done_at < now() - ${DONE_KEPT_DAYS}::int * interval '1 day'`,
      );
    }
    do {
      again = false;
      for (let job = await claim(); job && !stopping.signal.aborted; job = await claim()) {
        await run(job);
      }
    } while (again && !stopping.signal.aborted);
  }

  function schedule(ms: number) {
    if (!started || stopping.signal.aborted) return;
    clearTimeout(timer);
    timer = setTimeout(() => void drain(), ms);
    timer.unref();
  }

  function drain(): Promise<void> {
    if (running) {
      again = true;
      return running;
    }
    running = loop()
      .catch((error: unknown) => {
        log.warn({ error: (error as Error).message }, 'CRM queue could not read its jobs');
      })
      .finally(() => {
        running = undefined;
        schedule(options.pollMs);
      });
    return running;
  }

  return {
    async enqueue(kind, payload, executor = db) {
      await executor.execute(
        sql`insert into crm_jobs (kind, payload) values (${kind}, ${JSON.stringify(payload)}::jsonb)`,
      );
      if (started && executor === db) void drain();
    },
    start() {
      if (started) return;
      started = true;
      schedule(0);
    },
    async stop() {
      started = false;
      clearTimeout(timer);
      stopping.abort();
      await running;
    },
    drain,
  };
}
