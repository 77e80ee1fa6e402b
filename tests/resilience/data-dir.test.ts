/**
 * Bad data at rest: a corrupted or foreign DATA_DIR stops
 * start-up with one clear line (naming the path, no stack trace) and exit code 1 by itself
 * (killed past START_BOUND_MS, which its exit code would tell), and leaves every file as it
 * was: never silent data loss.
 */
import { createHash } from 'node:crypto';
import {
  cpSync,
  mkdirSync,
  readdirSync,
  readFileSync,
  rmSync,
  statSync,
  writeFileSync,
} from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  adminToken,
  callJson,
  seedDataDir,
  spawnServer,
  startServer,
  tempDir,
} from './support/process.ts';

/** A start still running after this is killed (PGlite's own start takes 2-4 s here). */
const START_BOUND_MS = 30_000;

const root = tempDir('datadir');
const good = path.join(root, 'good');

/** A digest of every file's path and bytes under `dir`. */
function treeDigest(dir: string): string {
  const hash = createHash('sha256');
  const walk = (current: string) => {
    for (const name of readdirSync(current).sort()) {
      const full = path.join(current, name);
      hash.update(full.slice(dir.length));
      if (statSync(full).isDirectory()) walk(full);
      else hash.update(readFileSync(full));
    }
  };
  walk(dir);
  return hash.digest('hex');
}

/** A copy of the good data directory, changed by `damage`. */
function variant(name: string, damage: (dir: string) => void): string {
  const dir = path.join(root, name);
  cpSync(good, dir, { recursive: true });
  damage(dir);
  return dir;
}

/**
 * Starts the server on `dataDir` and expects a refusal: the one line and the exit code;
 * with `unchanged` (default) every file is byte for byte as before.
 */
async function refusedStart(dataDir: string, expected: RegExp, unchanged = true) {
  const before = statSync(dataDir).isDirectory() ? treeDigest(dataDir) : readFileSync(dataDir);
  const server = await spawnServer({ DATA_DIR: dataDir });
  const timer = setTimeout(() => server.child.kill('SIGKILL'), START_BOUND_MS);
  const code = await server.exited;
  clearTimeout(timer);
  const output = server.output().trim();
  // 1: it stopped by itself ('SIGTERM'/'SIGKILL' had it still been starting).
  expect(code, output).toBe(1);
  const lines = output.split('\n').filter((line) => line.trim() !== '');
  expect(lines, output).toHaveLength(1);
  expect(lines[0]).toMatch(expected);
  expect(lines[0]).not.toMatch(/^\s+at |\.js:\d+/);
  const after = statSync(dataDir).isDirectory() ? treeDigest(dataDir) : readFileSync(dataDir);
  if (unchanged) expect(after, 'the files changed').toEqual(before);
}

beforeAll(async () => {
  // A real data directory with one account in it.
  await seedDataDir(good);
});
afterAll(() => {
  rmSync(root, { recursive: true, force: true });
});

describe('a DATA_DIR that is not what it should be', () => {
  it('a damaged control file', () =>
    refusedStart(
      variant('control', (dir) =>
        writeFileSync(path.join(dir, 'pglite/global/pg_control'), Buffer.alloc(8192, 0x5a)),
      ),
      /database in .*control\/pglite cannot be opened.*untouched/,
    ));

  it('a data directory of another PostgreSQL version', () =>
    refusedStart(
      variant('version', (dir) => writeFileSync(path.join(dir, 'pglite/PG_VERSION'), '15\n')),
      /written by PostgreSQL 15; this server embeds PostgreSQL 18/,
    ));

  it("a folder of someone else's files where the database should be", () => {
    const dir = path.join(root, 'foreign');
    mkdirSync(path.join(dir, 'pglite'), { recursive: true });
    writeFileSync(path.join(dir, 'pglite/notes.txt'), 'my holiday photos');
    return refusedStart(dir, /foreign\/pglite is not empty and holds no PostgreSQL data/);
  });

  it('a file instead of a directory', () => {
    const file = path.join(root, 'a-file');
    writeFileSync(file, 'not a directory');
    return refusedStart(file, /DATA_DIR .*a-file is not a directory/);
  });

  it('a damaged signing secret', () =>
    refusedStart(
      variant('secret', (dir) => writeFileSync(path.join(dir, 'jwt-secret'), 'short\n')),
      /jwt-secret holds no valid secret/,
    ));

  it('a database of another application (tables Solar did not write)', async () => {
    const dir = path.join(root, 'other-app');
    // Another program's PGlite database: same engine, its own "users" table.
    const { PGlite } =
      await import('../../apps/server/node_modules/@electric-sql/pglite/dist/index.js');
    mkdirSync(dir, { recursive: true });
    const other = await PGlite.create(path.join(dir, 'pglite'));
    await other.exec(
      'create table users (id int primary key, nickname text); insert into users values (1, $$kept$$);',
    );
    await other.close();
    // PGlite had to open it to find out, so its files move (WAL, statistics): the
    // other application's tables and rows are what must survive, and nothing of Solar's added.
    await refusedStart(dir, /other-app\/pglite cannot be brought to the current schema/, false);
    const after = await PGlite.create(path.join(dir, 'pglite'));
    const rows = await after.query('select * from users');
    const tables = await after.query(
      "select table_schema || '.' || table_name as name from information_schema.tables where table_schema not in ('pg_catalog', 'information_schema') order by 1",
    );
    await after.close();
    expect(rows.rows).toEqual([{ id: 1, nickname: 'kept' }]);
    expect(tables.rows).toEqual([{ name: 'public.users' }]);
  });
});

describe('the good directory after all that', () => {
  it('still opens, with its data', async () => {
    const server = await startServer({ DATA_DIR: good });
    try {
      const token = await adminToken(server.api);
      const list = await callJson(server.api, 'GET', '/projects', { token });
      expect(list.body.map((p: { location: { address: string } }) => p.location.address)).toEqual([
        'Kept Street 1',
      ]);
    } finally {
      await server.stop('SIGTERM');
    }
  });
});
