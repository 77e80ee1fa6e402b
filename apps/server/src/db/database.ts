/**
 * Opens the database and applies the committed migrations (drizzle/):
 * PGlite in `<DATA_DIR>/pglite` by default, PostgreSQL when a URL is given, or an
 * in-memory PGlite for tests (`{ kind: 'memory' }`). The data directory's checks and the
 * words for disk faults are in data-dir.ts.
 */
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { sql } from 'drizzle-orm';
import { randomBytes } from 'node:crypto';
import { readdir, rename, rm, rmdir } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import { ConfigError } from '../config.ts';
import {
  checkDataDir,
  fsErrorCode,
  LEFT_ALONE,
  PARTIAL_PREFIX,
  reasonOf,
  unwritable,
  UNWRITABLE,
} from './data-dir.ts';
import * as schema from './schema.ts';

/** The Drizzle database both drivers expose. */
export type Db = PgDatabase<PgQueryResultHKT, typeof schema>;

export type DatabaseKind = 'pglite' | 'postgres';

export interface Database {
  db: Db;
  kind: DatabaseKind;
  /** PostgreSQL only: the connection URL (a LISTEN connection of its own: account-changes.ts). */
  url?: string;
  close(): Promise<void>;
  /**
   * PostgreSQL only: the pool's open connections, idle ones, and queries waiting for one
   * (the metrics' pool gauges).
   */
  poolStats?(): { total: number; idle: number; waiting: number };
  /** Migrations this open applied (0 when the schema was already current). */
  migrationsApplied: number;
}

/** Rows of drizzle's migration journal: the migrations applied so far (0 before the first). */
async function journalCount(db: Db): Promise<number> {
  try {
    const result = (await db.execute(
      sql`select count(*)::int as applied from drizzle.__drizzle_migrations`,
    )) as unknown as { rows: { applied: number }[] };
    return Number(result.rows[0]?.applied ?? 0);
  } catch {
    return 0; // no journal yet: a new database
  }
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
export const extensions = { pg_trgm };

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

/**
 * Creates a new PGlite database at `dir` (absent or empty) so that a failure leaves no
 * half folder that would block every later start: it is created and
 * migrated in a sibling `pglite.partial-<random>`, closed, and renamed into place only
 * when complete; on failure the sibling is removed. Left-over siblings of a start that was
 * killed are removed first.
 */
async function createPglite(dataDir: string, dir: string): Promise<void> {
  for (const name of await readdir(dataDir)) {
    if (name.startsWith(PARTIAL_PREFIX)) {
      await rm(path.join(dataDir, name), { recursive: true, force: true });
    }
  }
  const partial = path.join(dataDir, `${PARTIAL_PREFIX}${randomBytes(6).toString('hex')}`);
  let client: PGlite | undefined;
  try {
    client = await PGlite.create(partial, { extensions });
    await migratePglite(drizzlePglite(client, { schema }) as never, { migrationsFolder });
    await client.close();
    client = undefined;
    // An empty `pglite` folder (made by hand) is replaced; rename needs it gone.
    await rmdir(dir).catch(() => undefined);
    await rename(partial, dir);
  } catch (error) {
    await client?.close().catch(() => undefined);
    await rm(partial, { recursive: true, force: true }).catch(() => undefined);
    const code = fsErrorCode(error);
    if (code && UNWRITABLE.has(code)) throw unwritable(dataDir, error);
    throw new ConfigError(
      `A new database cannot be created in ${dir} (${reasonOf(error)}). Nothing was left behind.`,
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
    // Nothing waits on PostgreSQL without bound (partition): a connection
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
    let migrationsApplied: number;
    try {
      const before = await journalCount(db);
      await migratePg(db as never, { migrationsFolder });
      migrationsApplied = (await journalCount(db)) - before;
    } catch (error) {
      await pool.end();
      const where = new URL(target.url);
      throw new ConfigError(
        `The database at ${where.host}${where.pathname} cannot be opened or migrated: ${reasonOf(error)}`,
      );
    }
    return {
      db,
      kind: 'postgres',
      url: target.url,
      close: () => endPool(pool),
      migrationsApplied,
      poolStats: () => ({
        total: pool.totalCount,
        idle: pool.idleCount,
        waiting: pool.waitingCount,
      }),
    };
  }
  let client: PGlite;
  /** Migrations applied before this open: none for a database created now. */
  let before: number | undefined;
  if (target.kind === 'pglite') {
    const dir = path.join(target.dataDir, 'pglite');
    await checkDataDir(target.dataDir);
    const existing = await readdir(dir).catch(() => []);
    if (existing.length === 0) {
      await createPglite(target.dataDir, dir);
      before = 0;
    }
    try {
      client = await PGlite.create(dir, { extensions });
    } catch (error) {
      const code = fsErrorCode(error);
      if (code && UNWRITABLE.has(code)) throw unwritable(target.dataDir, error);
      throw new ConfigError(
        `The database in ${dir} cannot be opened (${reasonOf(error)}): it is damaged or was not written by Solar. ${LEFT_ALONE}`,
      );
    }
  } else {
    client = await PGlite.create({ extensions });
  }
  const db = drizzlePglite(client, { schema }) as unknown as Db;
  let migrationsApplied: number;
  try {
    if (target.kind === 'pglite') await refuseForeignTables(client);
    before ??= await journalCount(db);
    await migratePglite(db as never, { migrationsFolder });
    migrationsApplied = (await journalCount(db)) - before;
  } catch (error) {
    await client.close();
    if (target.kind === 'memory') throw error;
    throw new ConfigError(
      `The database in ${path.join(target.dataDir, 'pglite')} cannot be brought to the current schema (${reasonOf(error)}): it holds data Solar did not write. ${LEFT_ALONE}`,
    );
  }
  return { db, kind: 'pglite', close: () => client.close(), migrationsApplied };
}
