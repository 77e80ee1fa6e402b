/**
 * `pnpm db:migrate`, run as an operator runs it (the root script, a child
 * process): on a fresh database it applies every committed migration and says how many; a
 * second run applies nothing, says so, and leaves the data as it was. On a fresh PostgreSQL
 * database (TEST_DATABASE_URL; skipped with a message without it) and in a new PGlite
 * DATA_DIR.
 */
import { eq, sql } from 'drizzle-orm';
import { execFile } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { describe, expect, it } from 'vitest';
import { openDatabase, type DatabaseTarget } from '../src/db/database.ts';
import { users } from '../src/db/schema.ts';
import { freshPostgres } from './harness.ts';

const root = fileURLToPath(new URL('../../..', import.meta.url));
const migrations = (
  JSON.parse(readFileSync(path.join(root, 'apps/server/drizzle/meta/_journal.json'), 'utf8')) as {
    entries: unknown[];
  }
).entries.length;

/** Runs `pnpm db:migrate` at the repository root with `env`: exit code and output. */
async function migrate(env: Record<string, string>) {
  const clean = { ...process.env };
  delete clean.DATABASE_URL;
  delete clean.DATA_DIR;
  try {
    const { stdout, stderr } = await promisify(execFile)('pnpm', ['-s', 'db:migrate'], {
      cwd: root,
      env: { ...clean, ...env },
    });
    return { code: 0, stdout, stderr };
  } catch (error) {
    const failed = error as { code?: number; stdout?: string; stderr?: string };
    return { code: failed.code ?? 1, stdout: failed.stdout ?? '', stderr: failed.stderr ?? '' };
  }
}

/** Opens `target`, runs `work` on it, closes it; `migrationsApplied` of the open too. */
async function withDatabase<T>(
  target: DatabaseTarget,
  work: (db: Awaited<ReturnType<typeof openDatabase>>['db']) => Promise<T>,
) {
  const database = await openDatabase(target);
  try {
    return { applied: database.migrationsApplied, value: await work(database.db) };
  } finally {
    await database.close();
  }
}

const journal = async (db: Awaited<ReturnType<typeof openDatabase>>['db']) => {
  const result = (await db.execute(
    sql`select count(*)::int as n from drizzle.__drizzle_migrations`,
  )) as unknown as { rows: { n: number }[] };
  return result.rows[0]!.n;
};

/** Both runs on `target` (reached by the command through `env`), checked. */
async function migrateTwice(env: Record<string, string>, target: DatabaseTarget, where: RegExp) {
  const first = await migrate(env);
  expect(first.stderr, first.stdout).toBe('');
  expect(first.code).toBe(0);
  expect(first.stdout).toMatch(where);
  expect(first.stdout).toContain(`applied ${migrations} migrations`);

  // The schema is there: opening it applies nothing more; a user is written.
  const opened = await withDatabase(target, async (db) => {
    await db.insert(users).values({ name: 'Kept Across', email: 'kept@example.com', userType: 4 });
    return journal(db);
  });
  expect(opened.applied).toBe(0);
  expect(opened.value).toBe(migrations);

  const second = await migrate(env);
  expect(second.code, second.stderr).toBe(0);
  expect(second.stdout).toContain('the schema is already current; nothing to apply');
  const after = await withDatabase(target, async (db) => ({
    journal: await journal(db),
    kept: await db.select().from(users).where(eq(users.email, 'kept@example.com')),
  }));
  expect(after.applied).toBe(0);
  expect(after.value.journal).toBe(migrations);
  expect(after.value.kept).toHaveLength(1);
}

/** Each run is a process that opens the database (a new PGlite takes seconds on a busy machine). */
const RUNS_TIMEOUT_MS = 180_000;

describe('pnpm db:migrate', () => {
  it(
    'migrates a new PGlite DATA_DIR, then does nothing',
    async () => {
      const dataDir = await mkdtemp(path.join(os.tmpdir(), 'solar-migrate-'));
      try {
        await migrateTwice(
          { DATA_DIR: dataDir },
          { kind: 'pglite', dataDir },
          new RegExp(`^PGlite in ${dataDir}: `),
        );
      } finally {
        await rm(dataDir, { recursive: true, force: true });
      }
    },
    RUNS_TIMEOUT_MS,
  );

  if (!process.env.TEST_DATABASE_URL) {
    console.warn('SKIPPED: pnpm db:migrate on PostgreSQL needs TEST_DATABASE_URL');
  }
  it.runIf(process.env.TEST_DATABASE_URL)(
    'migrates a fresh PostgreSQL database, then does nothing',
    async () => {
      const fresh = await freshPostgres();
      try {
        const url = (fresh.target as { url: string }).url;
        await migrateTwice({ DATABASE_URL: url }, fresh.target, /^PostgreSQL at [^ ]+: /);
      } finally {
        await fresh.drop();
      }
    },
    RUNS_TIMEOUT_MS,
  );

  it('stops with one line when the database cannot be reached', async () => {
    const run = await migrate({
      DATABASE_URL: 'postgres://nobody@127.0.0.1:1/nothing',
      DATABASE_TIMEOUT_MS: '1000',
    });
    expect(run.code).toBe(1);
    expect(run.stderr.trim().split('\n')).toHaveLength(1);
    expect(run.stderr).toContain('cannot be opened or migrated');
  });
});

describe('the migration journal', () => {
  const entries = (
    JSON.parse(readFileSync(path.join(root, 'apps/server/drizzle/meta/_journal.json'), 'utf8')) as {
      entries: { idx: number; when: number; tag: string }[];
    }
  ).entries;

  // drizzle's migrator applies only the migrations whose `when` is later than the last one a
  // database has applied: one that sorts earlier would be skipped when an existing database
  // is upgraded, though a fresh database (every test) applies it.
  it('orders every migration after the one before it, so an upgraded database applies it', () => {
    entries.forEach((entry, i) => {
      expect(entry.idx).toBe(i);
      expect(entry.tag.startsWith(String(i).padStart(4, '0') + '_')).toBe(true);
      if (i > 0) expect(entry.when).toBeGreaterThan(entries[i - 1]!.when);
    });
  });
});
