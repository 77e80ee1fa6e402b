/**
 * The one job queue (docs/decisions/031-one-job-queue-for-mail-and-crm.md): every mail and
 * every CRM call is a row of `jobs` (schema.ts), so a queued job survives a restart and is
 * shared by every server process on one database. Each kind of job has a handler and a
 * retry policy (`handle`); the mail (mail/outbox.ts) and the CRM link (crm/crm.ts)
 * register theirs.
 *
 * - `enqueue(kind, payload, {executor, orderingKey})` inserts a row. With `executor` a
 *   transaction, the row commits or rolls back with the change that caused it (an
 *   outbox); call `wake()` after the commit so it runs at once (else on the next poll).
 *   Without one, the row is written and the worker woken. It never waits for the job.
 * - Each process runs one worker of {@link JOB_CONCURRENCY} lanes: every `pollMs`, when
 *   the earliest retry falls due, and at once after a wake, each lane claims a due job
 *   with `UPDATE ... WHERE id = (SELECT ... FOR UPDATE SKIP LOCKED)` (PostgreSQL and
 *   PGlite), which also pushes its next_attempt_at a lease ahead: the claim is committed
 *   before the job runs, so no transaction or lock is held while it runs (PGlite has one
 *   connection: user requests never queue behind a job), two workers never take the same
 *   job, and a job whose process died is taken up again once its lease is over (so a job
 *   runs at least once, and twice only after such a death).
 * - Jobs with the same `orderingKey` run one at a time, in the order they were queued: a
 *   job waits while an older one of its key is neither done nor given up.
 * - A failed job gets attempts + 1, last_error and a next_attempt_at {@link retryDelayMs}
 *   later; the `maxAttempts`-th failure gives it up (given_up_at): it stays, with its
 *   error, for the administrators' list (routes.ts), until `retry` gives it a fresh set of
 *   attempts. Success sets done_at. Only kinds with a handler in this process are claimed.
 * - Done jobs are deleted {@link DONE_KEPT_DAYS} days after they were done (checked hourly).
 * - `stop()` aborts the running jobs and waits for them (app close); a job stopped that way
 *   is due again at once, here or in another process.
 */
import { sql, type SQL } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../db/database.ts';

/** A claimed job as its handler gets it. */
export interface Job {
  id: string;
  kind: string;
  payload: Record<string, unknown>;
  /** Failed attempts so far. */
  attempts: number;
}

/** The retry policy: first delay, longest delay (ms) and the failures before giving up. */
export interface RetryPolicy {
  baseMs: number;
  maxMs: number;
  maxAttempts: number;
}

/** How one kind of job runs. */
export interface JobKind {
  /** Runs one job; throwing fails the attempt (its message becomes last_error). */
  run(job: Job, signal: AbortSignal): Promise<void>;
  retry: RetryPolicy;
  /** Longer than one run can take, ms: a claimed job is kept from other workers that long. */
  leaseMs: number;
  /** What the logs call it ("mail", "CRM job"). */
  label: string;
}

/** What may run the insert: the database or a transaction of it. */
export type Executor = Pick<Db, 'execute'>;

/** Where a job is queued. */
export interface EnqueueOptions {
  /** The transaction of the change that causes the job (default: the database itself). */
  executor?: Executor;
  /** Jobs with the same key run one at a time, oldest first (null: no order). */
  orderingKey?: string | null;
}

/** The queue and this process's worker (see the file comment). */
export interface JobQueue {
  /** Registers the handler of `kind` (before or after `start`). */
  handle(kind: string, handler: JobKind): void;
  /** Queues a job; resolves to its id once its row is written. */
  enqueue(
    kind: string,
    payload: Record<string, unknown>,
    options?: EnqueueOptions,
  ): Promise<string>;
  /** Runs due jobs soon (after the commit of a transaction that queued some). */
  wake(): void;
  /** Starts this process's worker. */
  start(): void;
  /** Stops the worker, aborting the running jobs; resolves when they have ended. */
  stop(): Promise<void>;
  /** Runs due jobs now until none is left. */
  drain(): Promise<void>;
  /**
   * Resolves once no job of `kinds` is due or running in this process: runs the due ones
   * here, then waits for those under way (shutdown, tests). A job waiting for a retry is
   * not waited for.
   */
  settle(kinds: readonly string[]): Promise<void>;
}

export interface JobQueueOptions {
  db: Db;
  /** How often the worker looks for jobs queued elsewhere, ms. */
  pollMs: number;
  log: FastifyBaseLogger;
  /** Random numbers in [0, 1) for the jitter (tests). */
  random?: () => number;
}

/** Jobs one process runs at the same time. */
export const JOB_CONCURRENCY = 4;

/** Days a done job is kept (for a look back) before the worker deletes it. */
export const DONE_KEPT_DAYS = 30;

/** The longest last_error kept, characters. */
const MAX_ERROR_LENGTH = 2000;

/**
 * The wait after the `attempts`-th failure (1, 2, ...), ms: exponential backoff with
 * "equal jitter" (AWS Architecture Blog, "Exponential Backoff And Jitter", 2015): the
 * ceiling c = min(maxMs, baseMs x 2^(attempts-1)), and the wait is c/2 plus a random part
 * of c/2, so retries of many jobs spread out yet none comes back sooner than c/2.
 */
export function retryDelayMs(
  attempts: number,
  { baseMs, maxMs }: Pick<RetryPolicy, 'baseMs' | 'maxMs'>,
  random: () => number = Math.random,
): number {
  const ceiling = Math.min(maxMs, baseMs * 2 ** Math.max(0, attempts - 1));
  return Math.round(ceiling / 2 + random() * (ceiling / 2));
}

const rowsOf = <T>(result: unknown): T[] => (result as { rows: T[] }).rows;
const ms = (value: number) => sql`${value}::double precision * interval '1 millisecond'`;
const inList = (kinds: readonly string[]): SQL =>
  sql`(${sql.join(
    kinds.map((kind) => sql`${kind}`),
    sql`, `,
  )})`;

/** Creates the queue (see the file comment); the worker starts with `start()`. */
export function createJobQueue(options: JobQueueOptions): JobQueue {
  const { db, log } = options;
  const random = options.random ?? Math.random;
  const kinds = new Map<string, JobKind>();
  const stopping = new AbortController();
  /** Jobs claimed and not yet recorded as run, with a promise of their end. */
  const inFlight = new Map<string, { kind: string; done: Promise<void> }>();
  /** Claims under way in this process's lanes (a job they take joins `inFlight` at once). */
  const claiming = new Set<Promise<unknown>>();
  let started = false;
  let timer: NodeJS.Timeout | undefined;
  let running: Promise<void> | undefined;
  let again = false;
  let prunedAt = -Infinity;

  async function claim(only: readonly string[] = [...kinds.keys()]): Promise<Job | undefined> {
    if (only.length === 0) return undefined;
    const leaseMs = Math.max(...only.map((kind) => kinds.get(kind)?.leaseMs ?? 0));
    const result = await db.execute(sql`
      update jobs set next_attempt_at = now() + ${ms(leaseMs)}
      where id = (
        select j.id from jobs j
        where j.done_at is null and j.given_up_at is null and j.next_attempt_at <= now()
          and j.kind in ${inList(only)}
          and (j.ordering_key is null or not exists (
            select 1 from jobs o
            where o.ordering_key = j.ordering_key and o.done_at is null and o.given_up_at is null
              and o.seq < j.seq))
        order by j.next_attempt_at, j.seq
        limit 1
        for update of j skip locked)
      returning id, kind, payload, attempts`);
    const [row] = rowsOf<Job>(result);
    return row ? { ...row, attempts: Number(row.attempts) } : undefined;
  }

  async function fail(job: Job, handler: JobKind, error: unknown): Promise<void> {
    const attempts = job.attempts + 1;
    const message = (error instanceof Error ? error.message : String(error)).slice(
      0,
      MAX_ERROR_LENGTH,
    );
    const detail = { job: job.id, kind: job.kind, attempts, err: error };
    if (attempts >= handler.retry.maxAttempts) {
      await db.execute(sql`
        update jobs set attempts = ${attempts}::int, last_error = ${message},
          given_up_at = now(), next_attempt_at = now()
        where id = ${job.id}`);
      log.error(detail, `${handler.label} given up after the last attempt`);
      return;
    }
    const delay = retryDelayMs(attempts, handler.retry, random);
    await db.execute(sql`
      update jobs set attempts = ${attempts}::int, last_error = ${message},
        next_attempt_at = now() + ${ms(delay)}
      where id = ${job.id}`);
    log.warn({ ...detail, retryInMs: delay }, `${handler.label} failed; will retry`);
  }

  async function run(job: Job): Promise<void> {
    const handler = kinds.get(job.kind)!;
    try {
      await handler.run(job, stopping.signal);
      await db.execute(
        sql`update jobs set done_at = now(), last_error = null where id = ${job.id}`,
      );
    } catch (error) {
      if (stopping.signal.aborted) {
        // Stopped mid-run (shutdown): not the job's failure; it runs again soon, here or
        // in another process.
        await db.execute(sql`update jobs set next_attempt_at = now() where id = ${job.id}`);
        return;
      }
      await fail(job, handler, error);
    }
  }

  /**
   * Claims a job for a lane; the job joins `inFlight` the moment the claim answers, so
   * `settle` never sees a job that is neither claimable nor known to be running.
   */
  async function next(): Promise<{ job: Job; finished: () => void } | undefined> {
    if (stopping.signal.aborted) return undefined;
    let finished = () => {};
    const pending = claim().then((job) => {
      if (!job) return undefined;
      const done = new Promise<void>((resolve) => (finished = resolve));
      inFlight.set(job.id, { kind: job.kind, done });
      return job;
    });
    claiming.add(pending);
    try {
      const job = await pending;
      return job ? { job, finished } : undefined;
    } finally {
      claiming.delete(pending);
    }
  }

  /** Runs `job` and records its outcome; a failure to record is logged. */
  async function runLogged(job: Job): Promise<void> {
    await run(job).catch((error: unknown) => {
      log.warn({ job: job.id, err: error }, 'a job could not be recorded');
    });
  }

  async function lane(): Promise<void> {
    for (let claimed = await next(); claimed; claimed = await next()) {
      try {
        await runLogged(claimed.job);
      } finally {
        inFlight.delete(claimed.job.id);
        claimed.finished();
      }
      if (stopping.signal.aborted) return;
    }
  }

  async function loop(): Promise<void> {
    if (performance.now() - prunedAt > 3_600_000) {
      prunedAt = performance.now();
      await db.execute(
        sql`delete from jobs where done_at < now() - ${DONE_KEPT_DAYS}::int * interval '1 day'`,
      );
    }
    do {
      again = false;
      await Promise.all(Array.from({ length: JOB_CONCURRENCY }, lane));
    } while (again && !stopping.signal.aborted);
  }

  /** Until the next retry of this process's kinds falls due, ms (the poll at most). */
  async function nextDue(): Promise<number> {
    if (kinds.size === 0) return options.pollMs;
    const result = await db.execute(sql`
      select extract(epoch from min(next_attempt_at) - now()) * 1000 as wait from jobs
      where done_at is null and given_up_at is null and next_attempt_at > now()
        and kind in ${inList([...kinds.keys()])}`);
    const wait = rowsOf<{ wait: number | string | null }>(result)[0]?.wait;
    return wait === null || wait === undefined
      ? options.pollMs
      : Math.min(options.pollMs, Math.max(1, Math.ceil(Number(wait))));
  }

  function schedule(delay: number) {
    if (!started || stopping.signal.aborted) return;
    clearTimeout(timer);
    timer = setTimeout(() => void drain(), delay);
    timer.unref();
  }

  function drain(): Promise<void> {
    if (running) {
      again = true;
      return running;
    }
    running = loop()
      .catch((error: unknown) => {
        log.warn({ err: error }, 'the job queue could not read its jobs');
      })
      .then(() => (started && !stopping.signal.aborted ? nextDue() : options.pollMs))
      .catch(() => options.pollMs)
      .then((delay) => {
        running = undefined;
        // A wake while the next due time was read came after the loop's last look for work:
        // its job is due now, which that read does not count, so look again at once rather
        // than wait for the poll.
        if (again && started && !stopping.signal.aborted) void drain();
        else schedule(delay);
      });
    return running;
  }

  function wake() {
    if (started && !stopping.signal.aborted) void drain();
  }

  return {
    handle(kind, handler) {
      kinds.set(kind, handler);
    },
    async enqueue(kind, payload, { executor = db, orderingKey = null } = {}) {
      const result = await executor.execute(sql`
        insert into jobs (kind, payload, ordering_key)
        values (${kind}, ${JSON.stringify(payload)}::jsonb, ${orderingKey})
        returning id`);
      if (executor === db) wake();
      return rowsOf<{ id: string }>(result)[0]!.id;
    },
    wake,
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
      await Promise.all([...inFlight.values()].map((f) => f.done));
    },
    drain,
    async settle(only) {
      const wanted = only.filter((kind) => kinds.has(kind));
      for (;;) {
        const job = await claim(wanted);
        if (job) {
          await runLogged(job);
          continue;
        }
        await Promise.all(claiming);
        const under = [...inFlight.values()].filter((f) => wanted.includes(f.kind));
        if (under.length === 0 && claiming.size === 0) return;
        await Promise.all(under.map((f) => f.done));
      }
    },
  };
}
