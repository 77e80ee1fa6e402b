/**
 * Backup and restore (docs/operations.md), as an operator runs them:
 * - PGlite: `pnpm db:backup <file>` (PGlite's dumpDataDir) of a stopped server's DATA_DIR,
 *   `pnpm db:restore <file>` into a new DATA_DIR; the user written before is there, the
 *   schema is current, and a restore never overwrites a database nor leaves a half one.
 * - PostgreSQL: `pg_dump --format=custom` and `pg_restore` into a fresh database (with
 *   TEST_DATABASE_URL and pg_dump on PATH; skipped with a message otherwise).
 */
import { eq } from 'drizzle-orm';
import { execFile } from 'node:child_process';
import { mkdtemp, readdir, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase, type DatabaseTarget } from '../src/db/database.ts';
import { users } from '../src/db/schema.ts';
import { freshPostgres } from './harness.ts';

const root = fileURLToPath(new URL('../../..', import.meta.url));
/** The command behind `pnpm db:backup` and `db:restore`, run directly where pnpm is not the point. */
const cli = path.join(root, 'apps/server/src/backup.ts');
const run = promisify(execFile);
/** Every step opens a database, most in a new process: seconds each on a busy machine. */
const TIMEOUT_MS = 300_000;

/** Runs a command; exit code and output (never throws). */
async function command(file: string, args: string[], env: Record<string, string> = {}) {
  const clean = { ...process.env };
  delete clean.DATABASE_URL;
  delete clean.DATA_DIR;
  try {
    const { stdout, stderr } = await run(file, args, { cwd: root, env: { ...clean, ...env } });
    return { code: 0, stdout, stderr };
  } catch (error) {
    const failed = error as { code?: number; stdout?: string; stderr?: string };
    return { code: failed.code ?? 1, stdout: failed.stdout ?? '', stderr: failed.stderr ?? '' };
  }
}

/** Writes one user into `target` (migrating it first, as the server does). */
async function writeUser(target: DatabaseTarget, email: string) {
  const database = await openDatabase(target);
  try {
    await database.db.insert(users).values({ name: 'Backed Up', email, userType: 4 });
  } finally {
    await database.close();
  }
}

/** Opens `target`: the migrations it needed and the users with `email`. */
async function readUser(target: DatabaseTarget, email: string) {
  const database = await openDatabase(target);
  try {
    const rows = await database.db.select().from(users).where(eq(users.email, email));
    return { applied: database.migrationsApplied, names: rows.map((row) => row.name) };
  } finally {
    await database.close();
  }
}

describe('PGlite: pnpm db:backup and db:restore', () => {
  let work: string;
  beforeAll(async () => {
    work = await mkdtemp(path.join(os.tmpdir(), 'solar-backup-'));
  });
  afterAll(async () => {
    await rm(work, { recursive: true, force: true });
  });

  it(
    'round-trips a user through a backup file into a new DATA_DIR, never over a database',
    async () => {
      const original = path.join(work, 'original');
      const restored = path.join(work, 'restored');
      const file = path.join(work, 'solar.tar.gz');
      await writeUser({ kind: 'pglite', dataDir: original }, 'kept@example.com');

      const backup = await command('pnpm', ['-s', 'db:backup', file], { DATA_DIR: original });
      expect(backup.stderr).toBe('');
      expect(backup.code).toBe(0);
      expect(backup.stdout).toContain(`Backed up the database of ${original} to ${file}`);

      const restore = await command('pnpm', ['-s', 'db:restore', file], { DATA_DIR: restored });
      expect(restore.stderr).toBe('');
      expect(restore.code).toBe(0);
      expect(await readdir(restored)).toContain('pglite');
      expect(await readUser({ kind: 'pglite', dataDir: restored }, 'kept@example.com')).toEqual({
        applied: 0,
        names: ['Backed Up'],
      });

      // A second restore would overwrite: refused with one line before anything is touched.
      const before = await readdir(path.join(restored, 'pglite'), { recursive: true });
      const again = await command(process.execPath, [cli, 'restore', file], {
        DATA_DIR: restored,
      });
      expect(again.code).toBe(1);
      expect(again.stderr.trim().split('\n')).toHaveLength(1);
      expect(again.stderr).toContain('already holds a database');
      expect(await readdir(path.join(restored, 'pglite'), { recursive: true })).toEqual(before);
    },
    TIMEOUT_MS,
  );

  it(
    'refuses a relative path, a file that is no backup, and PostgreSQL',
    async () => {
      const relative = await command(process.execPath, [cli, 'backup', 'solar.tar.gz'], {
        DATA_DIR: path.join(work, 'original'),
      });
      expect(relative.code).toBe(1);
      expect(relative.stderr).toContain('must be an absolute path');

      const junk = path.join(root, 'package.json');
      const empty = path.join(work, 'empty');
      const bad = await command(process.execPath, [cli, 'restore', junk], { DATA_DIR: empty });
      expect(bad.code).toBe(1);
      expect(bad.stderr).toContain('is not a database backup');
      expect(bad.stderr).toContain('Nothing was written');
      // No half database is left behind.
      expect((await readdir(empty)).filter((name) => name.startsWith('pglite'))).toEqual([]);

      const postgres = await command(
        process.execPath,
        [cli, 'backup', path.join(work, 'x.tar.gz')],
        {
          DATABASE_URL: 'postgres://nobody@127.0.0.1:1/nothing',
        },
      );
      expect(postgres.code).toBe(1);
      expect(postgres.stderr).toContain('pg_dump');
    },
    TIMEOUT_MS,
  );
});

const pgDump = await command('pg_dump', ['--version']);
const postgresReason = !process.env.TEST_DATABASE_URL
  ? 'TEST_DATABASE_URL is not set'
  : pgDump.code !== 0
    ? 'pg_dump is not on PATH'
    : undefined;
if (postgresReason) {
  console.warn(`SKIPPED: the PostgreSQL backup round trip (pg_dump): ${postgresReason}`);
}

describe.skipIf(postgresReason !== undefined)('PostgreSQL: pg_dump and pg_restore', () => {
  it(
    'round-trips a user into a fresh database, which needs no migration',
    async () => {
      const source = await freshPostgres();
      const copy = await freshPostgres();
      const work = await mkdtemp(path.join(os.tmpdir(), 'solar-pgdump-'));
      try {
        const file = path.join(work, 'solar.dump');
        await writeUser(source.target, 'kept@example.com');
        const sourceUrl = (source.target as { url: string }).url;
        const copyUrl = (copy.target as { url: string }).url;
        const dump = await command('pg_dump', ['--format=custom', `--file=${file}`, sourceUrl]);
        expect(dump.code, dump.stderr).toBe(0);
        const restore = await command('pg_restore', ['--no-owner', `--dbname=${copyUrl}`, file]);
        expect(restore.code, restore.stderr).toBe(0);
        expect(await readUser(copy.target, 'kept@example.com')).toEqual({
          applied: 0,
          names: ['Backed Up'],
        });
      } finally {
        await rm(work, { recursive: true, force: true });
        await source.drop();
        await copy.drop();
      }
    },
    TIMEOUT_MS,
  );
});
