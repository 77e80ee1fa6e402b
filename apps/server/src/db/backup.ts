/**
 * Backup and restore of the embedded database (PGlite in `DATA_DIR/pglite`), with PGlite's
 * own dump: `dumpDataDir` writes the whole PostgreSQL data directory as one gzipped tar,
 * and `loadDataDir` makes a new database from it. The server must be stopped for both
 * (one process may open DATA_DIR at a time). PostgreSQL is backed up with pg_dump and
 * pg_restore instead (docs/operations.md).
 */
import { PGlite } from '@electric-sql/pglite';
import { randomBytes } from 'node:crypto';
import { readdir, readFile, rename, rm, rmdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { promisify } from 'node:util';
import { gunzip } from 'node:zlib';
import { ConfigError } from '../config.ts';
import { checkDataDir, PARTIAL_PREFIX, reasonOf } from './data-dir.ts';
import { extensions } from './database.ts';

/**
 * Writes the database of `dataDir` to `file` (a .tar.gz, replaced if present); returns its
 * size in bytes. A DATA_DIR without a database is a ConfigError.
 */
export async function backupPglite(dataDir: string, file: string): Promise<number> {
  await checkDataDir(dataDir);
  const dir = path.join(dataDir, 'pglite');
  if ((await readdir(dir).catch(() => [])).length === 0) {
    throw new ConfigError(`There is no database in ${dir} to back up.`);
  }
  let client: PGlite | undefined;
  try {
    client = await PGlite.create(dir, { extensions });
    const dump = await client.dumpDataDir('gzip');
    const bytes = Buffer.from(await dump.arrayBuffer());
    await writeFile(file, bytes);
    return bytes.length;
  } catch (error) {
    throw new ConfigError(
      `The database in ${dir} cannot be backed up to ${file}: ${reasonOf(error)} (is the server still running?)`,
    );
  } finally {
    await client?.close().catch(() => undefined);
  }
}

/**
 * Makes `dataDir`'s database from the backup `file` (backupPglite's). The database folder
 * must be absent or empty: a restore never overwrites data (move the old folder aside
 * first). The database is unpacked and opened in a `pglite.partial-*` folder and renamed
 * into place only when it opened, so a bad file leaves nothing behind. The server brings
 * it to the current schema on its next start (or `pnpm db:migrate`).
 */
export async function restorePglite(file: string, dataDir: string): Promise<void> {
  await checkDataDir(dataDir);
  const dir = path.join(dataDir, 'pglite');
  if ((await readdir(dir).catch(() => [])).length > 0) {
    throw new ConfigError(
      `${dir} already holds a database: move it aside (or set DATA_DIR to an empty directory), then restore.`,
    );
  }
  let bytes: Buffer;
  try {
    bytes = await readFile(file);
  } catch (error) {
    throw new ConfigError(`The backup ${file} cannot be read: ${reasonOf(error)}`);
  }
  // PGlite unpacks the file in a stream whose errors escape as uncaught exceptions: the
  // file is checked here first (gzip, and a PostgreSQL data directory inside).
  const tar = await promisify(gunzip)(bytes).catch(() => undefined);
  if (!tar || !tar.includes('PG_VERSION')) {
    throw new ConfigError(
      `The backup ${file} is not a database backup (a .tar.gz made by db:backup). Nothing was written.`,
    );
  }
  const partial = path.join(dataDir, `${PARTIAL_PREFIX}${randomBytes(6).toString('hex')}`);
  let client: PGlite | undefined;
  try {
    client = await PGlite.create(partial, { extensions, loadDataDir: new Blob([bytes]) });
    await client.query('select 1');
    await client.close();
    client = undefined;
    await rmdir(dir).catch(() => undefined);
    await rename(partial, dir);
  } catch (error) {
    await client?.close().catch(() => undefined);
    await rm(partial, { recursive: true, force: true }).catch(() => undefined);
    throw new ConfigError(
      `The backup ${file} cannot be restored (${reasonOf(error)}): is it a file made by db:backup? Nothing was written.`,
    );
  }
}
