/**
 * Test harness: a real app on a fresh database. Every suite runs on PGlite (in memory) and,
 * when TEST_DATABASE_URL is set, also on PostgreSQL in a database of its own that is
 * dropped afterwards.
 */
import { randomBytes } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { buildApp } from '../src/app.ts';
import { loadConfig, type Config } from '../src/config.ts';
import { openDatabase, type Database, type DatabaseTarget } from '../src/db/database.ts';
import { ensureAdmin } from '../src/users/seed-admin.ts';

export const ADMIN = { email: 'admin@example.com', password: 'Admin12345' } as const;

/** The database kinds this run covers: always 'pglite', plus 'postgres' with TEST_DATABASE_URL. */
export const databaseKinds: ('pglite' | 'postgres')[] = process.env.TEST_DATABASE_URL
  ? ['pglite', 'postgres']
  : ['pglite'];

/** A database of its own on TEST_DATABASE_URL's server, dropped by `drop()`. */
export async function freshPostgres(): Promise<{ target: DatabaseTarget; drop(): Promise<void> }> {
  const base = new URL(process.env.TEST_DATABASE_URL!);
  const name = `solar_test_${randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: base.toString() });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name}`);
  await admin.end();
  const url = new URL(base);
  url.pathname = `/${name}`;
  return {
    target: { kind: 'postgres', url: url.toString() },
    async drop() {
      const client = new pg.Client({ connectionString: base.toString() });
      await client.connect();
      await client.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await client.end();
    },
  };
}

export interface TestServer {
  app: Awaited<ReturnType<typeof buildApp>>;
  database: Database;
  config: Config;
  /** The PostgreSQL database's URL (postgres only), for a second connection in a test. */
  databaseUrl: string | undefined;
  /** Resolves once the mail queue is idle (mail jobs write tokens after the answer). */
  settleMail(): Promise<void>;
  close(): Promise<void>;
}

/**
 * Starts the app on a fresh database of the given kind, with the admin seeded. Each server
 * gets its own temporary DATA_DIR (mail outbox), removed by `close`. The auth rate limits
 * are raised (AUTH_RATE_LIMIT=1000) unless `env` sets them, so suites may sign in freely.
 * `options.now` replaces the clock of the tokens (epoch ms), for rules that depend on time;
 * `options.logger` (pino options, e.g. a `stream`) turns the logs on for a test to read.
 */
export async function startTestServer(
  kind: 'pglite' | 'postgres',
  env: Record<string, string> = {},
  options: { now?: () => number; logger?: Record<string, unknown> } = {},
): Promise<TestServer> {
  const pgTarget = kind === 'postgres' ? await freshPostgres() : undefined;
  const database = await openDatabase(pgTarget?.target ?? { kind: 'memory' });
  const dataDir = await mkdtemp(path.join(os.tmpdir(), 'solar-test-'));
  const settings = { DATA_DIR: dataDir, LOG_LEVEL: 'silent', AUTH_RATE_LIMIT: '1000', ...env };
  const config = loadConfig(settings);
  await ensureAdmin(database.db, ADMIN);
  const app = await buildApp({
    config,
    database,
    jwtSecret: randomBytes(32).toString('hex'),
    logger: options.logger ?? false,
    env: { ...process.env, ...settings },
    ...(options.now ? { now: options.now } : {}),
  });
  await app.ready();
  return {
    app,
    database,
    config,
    databaseUrl: pgTarget?.target.kind === 'postgres' ? pgTarget.target.url : undefined,
    settleMail: () => app.accountMail.settle(),
    async close() {
      await app.close();
      await database.close();
      await pgTarget?.drop();
      await rm(dataDir, { recursive: true, force: true });
    },
  };
}

/**
 * Two apps on one fresh database, as two server processes would be: on
 * PostgreSQL each has its own connection pool; on PGlite they share the one in-memory
 * database. Same JWT secret, same `env`; `close` closes both and drops the database.
 */
export async function startTwinServers(
  kind: 'pglite' | 'postgres',
  env: Record<string, string> = {},
): Promise<{ servers: [TestServer, TestServer]; close(): Promise<void> }> {
  const pgTarget = kind === 'postgres' ? await freshPostgres() : undefined;
  const shared = pgTarget ? undefined : await openDatabase({ kind: 'memory' });
  const jwtSecret = randomBytes(32).toString('hex');
  const dirs: string[] = [];
  const start = async (): Promise<TestServer> => {
    const database = shared ?? (await openDatabase(pgTarget!.target));
    const dataDir = await mkdtemp(path.join(os.tmpdir(), 'solar-test-'));
    dirs.push(dataDir);
    const settings = { DATA_DIR: dataDir, LOG_LEVEL: 'silent', AUTH_RATE_LIMIT: '1000', ...env };
    const config = loadConfig(settings);
    await ensureAdmin(database.db, ADMIN);
    const app = await buildApp({
      config,
      database,
      jwtSecret,
      logger: false,
      env: { ...process.env, ...settings },
    });
    await app.ready();
    return {
      app,
      database,
      config,
      databaseUrl: pgTarget?.target.kind === 'postgres' ? pgTarget.target.url : undefined,
      settleMail: () => app.accountMail.settle(),
      async close() {
        await app.close();
        if (!shared) await database.close();
      },
    };
  };
  const first = await start();
  const second = await start();
  return {
    servers: [first, second],
    async close() {
      await first.close();
      await second.close();
      await shared?.close();
      await pgTarget?.drop();
      for (const dir of dirs) await rm(dir, { recursive: true, force: true });
    },
  };
}
