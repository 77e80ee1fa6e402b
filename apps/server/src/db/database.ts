/**
 * Opens the database and applies the committed migrations (drizzle/):
 * PGlite in `<DATA_DIR>/pglite` by default, PostgreSQL when a URL is given, or an
 * in-memory PGlite for tests (`{ kind: 'memory' }`).
 */
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { mkdir, readdir, readFile, stat } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import { ConfigError } from '../config.ts';
import * as schema from './schema.ts';

/** The Drizzle database both drivers expose. */
export type Db = PgDatabase<PgQueryResultHKT, typeof schema>;

export type DatabaseKind = 'pglite' | 'postgres';

export interface Database {
  db: Db;
  kind: DatabaseKind;
  close(): Promise<void>;
}

/**
 * Where the database is. `timeoutMs` (PostgreSQL, default 10 s) bounds each statement on
 * the server (statement_timeout) and the wait for its answer on the client (a partition
 * sends none); connecting or waiting for a pooled connection is bounded by 5 s or
 * `timeoutMs` when shorter. A call that runs into either is answered 503.
 */
export type DatabaseTarget =
  | { kind: 'pglite'; dataDir: string }
  | { kind: 'memory' }
  | { kind: 'postgres'; url: string; timeoutMs?: number };

/** PostgreSQL extensions the migrations create (pg_trgm: the admin user search). */
const extensions = { pg_trgm };

const migrationsFolder = fileURLToPath(new URL('../../drizzle', import.meta.url));

/**
 * Ends a pool and waits until every connection has really closed: pg's Pool.end()
 * resolves before its clients finish disconnecting, and a connection killed in that
 * window (database dropped, server stopping) would raise an unhandled error.
 */
async function endPool(pool: pg.Pool): Promise<void> {
  let open = pool.totalCount;
  const closed = new Promise<void>((resolve) => {
    if (open === 0) resolve();
    pool.on('remove', () => {
      if (--open <= 0) resolve();
    });
  });
  await pool.end();
  await Promise.race([closed, new Promise((resolve) => setTimeout(resolve, 2000))]);
}

/** The PostgreSQL major version inside PGlite: the `PG_VERSION` of its data directories. */
const PGLITE_PG_VERSION = '18';

/** Advice appended to every refusal of a data directory: nothing was changed. */
const LEFT_ALONE =
  'The files were left untouched: restore a backup, or set DATA_DIR to an empty directory to start afresh.';

const reasonOf = (error: unknown) =>
  (error instanceof Error ? error.message : String(error)).split('\n')[0]!;

/**
 * Checks `DATA_DIR` before PGlite opens it (issue 11, "Bad data at rest"): it must be a
 * directory (created when missing), and its `pglite` folder either absent, empty, or a
 * PostgreSQL data directory of PGlite's version. Anything else is a ConfigError with one
 * line naming the path, so start-up stops instead of initialising over foreign files.
 */
export async function checkDataDir(dataDir: string): Promise<void> {
  const dir = path.join(dataDir, 'pglite');
  const kind = await stat(dataDir).catch(() => undefined);
  if (kind && !kind.isDirectory()) {
    throw new ConfigError(`DATA_DIR ${dataDir} is not a directory.`);
  }
  try {
    await mkdir(dataDir, { recursive: true });
  } catch (error) {
    throw new ConfigError(`DATA_DIR ${dataDir} cannot be created: ${reasonOf(error)}`);
  }
  const inside = await stat(dir).catch(() => undefined);
  if (!inside) return;
  if (!inside.isDirectory()) {
    throw new ConfigError(`The database ${dir} is not a directory. ${LEFT_ALONE}`);
  }
  const entries = await readdir(dir);
  if (entries.length === 0) return;
  const version = await readFile(path.join(dir, 'PG_VERSION'), 'utf8').catch(() => undefined);
  if (version === undefined) {
    throw new ConfigError(
      `The database folder ${dir} is not empty and holds no PostgreSQL data (no PG_VERSION). ${LEFT_ALONE}`,
    );
  }
  if (version.trim() !== PGLITE_PG_VERSION) {
    throw new ConfigError(
      `The database ${dir} was written by PostgreSQL ${version.trim().slice(0, 20)}; this server embeds PostgreSQL ${PGLITE_PG_VERSION}. ${LEFT_ALONE}`,
    );
  }
}

/**
 * Throws when the database has tables but no migration journal of Solar's: another
 * application's data, which migrating would mix with ours (checked before anything is
 * written, so the refusal leaves it as it was).
 */
async function refuseForeignTables(client: PGlite): Promise<void> {
  const { rows } = await client.query<{ tables: boolean; journal: boolean }>(
    `select exists (select 1 from information_schema.tables where table_schema = 'public') as tables,
            exists (select 1 from information_schema.tables
                    where table_schema = 'drizzle' and table_name = '__drizzle_migrations') as journal`,
  );
  if (rows[0]?.tables && !rows[0].journal) {
    throw new Error('it has tables but no record of Solar migrations');
  }
}

/** Opens the target and migrates it to the latest schema. Safe to call on every start. */
export async function openDatabase(target: DatabaseTarget): Promise<Database> {
  if (target.kind === 'postgres') {
    // Nothing waits on PostgreSQL without bound (issue 20, partition): a connection
    // attempt, or a wait for a free connection of the pool, fails after connectTimeout; a
    // statement is cancelled by the server after timeoutMs, and a statement whose answer
    // does not come (partition) fails on the client a second later. All answered 503.
    const timeoutMs = target.timeoutMs ?? 10_000;
    const pool = new pg.Pool({
      connectionString: target.url,
      max: 10,
      connectionTimeoutMillis: Math.min(5000, timeoutMs),
      statement_timeout: timeoutMs,
      query_timeout: timeoutMs + 1000,
      keepAlive: true,
    });
    // An idle connection dropped by the server (restart, failover, admin command) must not
    // crash the process: the pool discards it and the next query opens a new one.
    pool.on('error', (error) => {
      process.emitWarning(`PostgreSQL connection lost: ${error.message}`);
    });
    const db = drizzlePg(pool, { schema }) as unknown as Db;
    try {
      await migratePg(db as never, { migrationsFolder });
    } catch (error) {
      await pool.end();
      const where = new URL(target.url);
      throw new ConfigError(
        `The database at ${where.host}${where.pathname} cannot be opened or migrated: ${reasonOf(error)}`,
      );
    }
    return { db, kind: 'postgres', close: () => endPool(pool) };
  }
  let client: PGlite;
  if (target.kind === 'pglite') {
    const dir = path.join(target.dataDir, 'pglite');
    await checkDataDir(target.dataDir);
    try {
      client = await PGlite.create(dir, { extensions });
    } catch (error) {
      throw new ConfigError(
        `The database in ${dir} cannot be opened (${reasonOf(error)}): it is damaged or was not written by Solar. ${LEFT_ALONE}`,
      );
    }
  } else {
    client = await PGlite.create({ extensions });
  }
  const db = drizzlePglite(client, { schema }) as unknown as Db;
  try {
    if (target.kind === 'pglite') await refuseForeignTables(client);
    await migratePglite(db as never, { migrationsFolder });
  } catch (error) {
    await client.close();
    if (target.kind === 'memory') throw error;
    throw new ConfigError(
      `The database in ${path.join(target.dataDir, 'pglite')} cannot be brought to the current schema (${reasonOf(error)}): it holds data Solar did not write. ${LEFT_ALONE}`,
    );
  }
  return { db, kind: 'pglite', close: () => client.close() };
}
