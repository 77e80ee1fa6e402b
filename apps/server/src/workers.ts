/**
 * `WORKERS=N` (N > 1, PostgreSQL only; config.ts refuses it with PGlite): this process
 * becomes node:cluster's primary and forks N workers, each of which runs the normal server
 * (start.ts) on the same port; the primary hands out connections round-robin. The primary
 * serves nothing itself. It restarts a worker that dies after it started listening, stops
 * everything when one fails before (a start-up fault: the worker printed why), and on
 * SIGTERM/SIGINT asks every worker to shut down and exits when all have.
 * State shared between workers lives in PostgreSQL and Redis (decision 028), as between
 * containers.
 */
import cluster, { type Worker } from 'node:cluster';
import type { Logger } from 'pino';
import type { Config } from './config.ts';
import { noticeLog } from './logging.ts';

/** How long the primary waits for its workers' own shutdown (10 s each) before exiting. */
const SHUTDOWN_WAIT_MS = 12_000;

/**
 * Runs the primary until a signal stops it: forks `config.workers` workers, logs through
 * `log`, and logs `Solar is running at <url> (N workers)` (whatever LOG_LEVEL says) once all
 * of them listen.
 * `shownUrl(port)` is that address. Never resolves: the process exits from here.
 */
export function runPrimary(
  config: Config,
  log: Logger,
  shownUrl: (port: number) => string,
): Promise<never> {
  const alive = new Set<Worker>();
  const listening = new Set<number>();
  let announced = false;
  let closing = false;

  const fork = (): Worker => {
    const worker = cluster.fork();
    alive.add(worker);
    worker.once('listening', (address) => {
      listening.add(worker.id);
      log.info({ worker: worker.process.pid }, 'worker listening');
      if (!announced && listening.size >= config.workers) {
        announced = true;
        const url = shownUrl(address.port);
        noticeLog(log).info(
          { url, workers: config.workers },
          `Solar is running at ${url} (${config.workers} workers)`,
        );
      }
    });
    return worker;
  };

  const stopAll = (exitCode: number) => {
    closing = true;
    const force = setTimeout(() => process.exit(1), SHUTDOWN_WAIT_MS);
    force.unref();
    if (alive.size === 0) process.exit(exitCode);
    // The signal itself (not worker.kill(), which disconnects first): each worker runs its
    // own graceful shutdown (start.ts) and exits.
    for (const worker of alive) worker.process.kill('SIGTERM');
    cluster.on('exit', () => {
      if (alive.size === 0) process.exit(exitCode);
    });
  };

  cluster.on('exit', (worker, code, signal) => {
    alive.delete(worker);
    const wasListening = listening.delete(worker.id);
    if (closing) return;
    const detail = { worker: worker.process.pid, exitCode: code, signal };
    if (!wasListening) {
      // It could not start (its own line says why); another would fail the same way.
      log.error(detail, 'a worker failed to start: stopping');
      stopAll(1);
      return;
    }
    log.warn(detail, 'a worker died: starting another');
    fork();
  });

  const onSignal = (signal: string) => {
    if (closing) return;
    log.info({ signal }, 'shutting down the workers');
    stopAll(0);
  };
  process.on('SIGTERM', () => onSignal('SIGTERM'));
  process.on('SIGINT', () => onSignal('SIGINT'));

  log.info({ workers: config.workers }, 'starting workers');
  for (let i = 0; i < config.workers; i++) fork();
  return new Promise<never>(() => undefined);
}
