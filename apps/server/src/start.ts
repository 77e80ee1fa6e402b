/**
 * The server process, started by main.ts (`npm start`): reads the configuration, opens and
 * migrates the database, creates the first admin, serves the API and the built web app,
 * and shuts down cleanly on SIGTERM/SIGINT. With WORKERS=N (N > 1) it prepares the database
 * once (migrations, first admin, the JWT secret file) and forks N workers that each run the
 * server on the same port (workers.ts).
 *
 * Every line it writes is JSON (logging.ts): the log on stdout, through one asynchronous
 * destination that the app shares; a refusal to start is one `fatal` line on stderr.
 */
import cluster from 'node:cluster';
import { fileURLToPath } from 'node:url';
import type { Logger } from 'pino';
import { buildApp } from './app.ts';
import { ConfigError, loadConfig } from './config.ts';
import { checkDataDir, fsErrorCode, reasonOf } from './db/data-dir.ts';
import { openDatabase } from './db/database.ts';
import {
  createLogger,
  errorForLog,
  logDestination,
  logProcessWarnings,
  noticeLog,
} from './logging.ts';
import { loadJwtSecret } from './secrets.ts';
import { ensureAdmin, type SeededAdmin } from './users/seed-admin.ts';
import { runPrimary } from './workers.ts';

// Info until the configuration is read (then LOG_LEVEL): warnings of start-up are shown.
const destination = logDestination();
const log = createLogger({ logLevel: 'info' }, destination);
logProcessWarnings(log);
// A crash is one JSON line too (instead of Node's stack trace), then exit 1 as Node would.
process.on('uncaughtException', (error, origin) => {
  log.fatal({ err: errorForLog(error), origin }, 'the server crashed');
  process.exit(1);
});

/** Logs what `ensureAdmin` did; a generated password once, whatever LOG_LEVEL says. */
function reportSeeded(seeded: SeededAdmin | null, log: Logger): void {
  if (seeded?.restored) {
    log.warn({ email: seeded.email }, 'no active administrator: made this account one again');
  } else if (seeded) {
    log.info({ email: seeded.email }, 'created the first administrator');
    if (seeded.generatedPassword) {
      noticeLog(log).info(
        { email: seeded.email, generatedPassword: seeded.generatedPassword },
        'first administrator created with a generated password, shown once; set ADMIN_EMAIL and ADMIN_PASSWORD to choose your own',
      );
    }
  }
}

/** The address shown to the operator: localhost for the loopback and wildcard hosts. */
function shownUrl(host: string, port: number): string {
  const shownHost = host === '127.0.0.1' || host === '0.0.0.0' ? 'localhost' : host;
  return `http://${shownHost}:${port}`;
}

async function main() {
  const config = loadConfig({
    WEB_DIST: fileURLToPath(new URL('../../web/dist', import.meta.url)),
    ...process.env,
  });
  log.level = config.logLevel;
  // DATA_DIR and the secret first: damage there stops start-up before any file is touched.
  if (!config.databaseUrl) await checkDataDir(config.dataDir);
  const jwtSecret = await loadJwtSecret(config.dataDir, config.jwtSecret);
  if (config.workers > 1 && cluster.isPrimary) {
    // Once, before any worker: migrate, seed the first admin (and print its password).
    const prepared = await openDatabase({
      kind: 'postgres',
      url: config.databaseUrl!,
      timeoutMs: config.databaseTimeoutMs,
    });
    try {
      const admin = { email: config.adminEmail, password: config.adminPassword };
      reportSeeded(await ensureAdmin(prepared.db, admin), log);
    } finally {
      await prepared.close();
    }
    await runPrimary(config, log, (port) => shownUrl(config.host, port));
  }
  const database = await openDatabase(
    config.databaseUrl
      ? { kind: 'postgres', url: config.databaseUrl, timeoutMs: config.databaseTimeoutMs }
      : { kind: 'pglite', dataDir: config.dataDir },
  );
  const seeded = await ensureAdmin(database.db, {
    email: config.adminEmail,
    password: config.adminPassword,
  });
  const app = await buildApp({ config, database, jwtSecret, logger: { stream: destination } });
  app.log.info(
    {
      database: database.kind,
      mail: config.smtpUrl ? 'smtp' : 'outbox',
      externalSignIn: config.oidc ? config.oidc.issuer : 'off',
      rateLimitStore: config.redisUrl ? 'redis' : 'memory',
    },
    'configured',
  );

  reportSeeded(seeded, log);

  let closing = false;
  const shutdown = async (signal: string) => {
    if (closing) return;
    closing = true;
    app.log.info({ signal }, 'shutting down');
    const force = setTimeout(() => process.exit(1), 10_000);
    force.unref();
    await app.close();
    await database.close();
    process.exit(0);
  };
  process.on('SIGTERM', () => void shutdown('SIGTERM'));
  process.on('SIGINT', () => void shutdown('SIGINT'));

  await app.listen({ port: config.port, host: config.host });
  // A worker's address is announced once by the primary, for all of them.
  if (cluster.isWorker) return;
  const address = app.server.address();
  const port = typeof address === 'object' && address ? address.port : config.port;
  const url = shownUrl(config.host, port);
  noticeLog(log).info({ url }, `Solar is running at ${url}`);
}

main().catch((error: unknown) => {
  // One JSON line on stderr, at any LOG_LEVEL.
  const refusal = createLogger({ logLevel: 'info' }, logDestination(2));
  const fsCode = fsErrorCode(error);
  const fsPath = (error as { path?: unknown } | null)?.path;
  if (error instanceof ConfigError) {
    refusal.fatal(error.message);
  } else if (fsCode && typeof fsPath === 'string') {
    // A file of DATA_DIR that cannot be read or written: the reason, no stack trace.
    refusal.fatal(
      { path: fsPath, errorCode: fsCode },
      `Solar could not start: ${fsPath}: ${reasonOf(error)}.`,
    );
  } else {
    // Through the log's error form: a failed query's parameters never reach the terminal.
    const shown = errorForLog(error);
    refusal.fatal({ err: shown }, `Solar could not start: ${shown.message ?? String(error)}`);
  }
  process.exit(1);
});
