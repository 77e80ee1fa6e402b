/**
 * The data directory of the embedded database (PGlite in `<DATA_DIR>/pglite`), checked
 * before anything opens or writes it, and
 * the words for file-system faults (a full disk, a read-only mount, PGlite's bare errno
 * objects). Used by database.ts, backup.ts and start.ts.
 */
import { randomBytes } from 'node:crypto';
import { mkdir, readdir, readFile, rm, stat, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { ConfigError } from '../config.ts';

/** The PostgreSQL major version inside PGlite: the `PG_VERSION` of its data directories. */
const PGLITE_PG_VERSION = '18';

/** Advice appended to every refusal of a data directory: nothing was changed. */
export const LEFT_ALONE =
  'The files were left untouched: restore a backup, or set DATA_DIR to an empty directory to start afresh.';

/**
 * Errno names of the numbers PGlite's file system (Emscripten) throws as `{errno}` objects
 * with no message (which printed as "[object Object]"), for the faults of a disk.
 */
const WASM_ERRNO: Record<number, string> = {
  2: 'EACCES',
  19: 'EDQUOT',
  29: 'EIO',
  51: 'ENOSPC',
  63: 'EPERM',
  69: 'EROFS',
};

/** What a file-system error code means, in words. */
const FS_REASONS: Record<string, string> = {
  ENOSPC: 'no space left on the device',
  EDQUOT: 'the disk quota is used up',
  EROFS: 'the file system is read-only',
  EACCES: 'permission denied',
  EPERM: 'operation not permitted',
  EIO: 'input/output error',
};

/** The errno name of a Node or PGlite (Emscripten) file-system error, else undefined. */
export function fsErrorCode(error: unknown): string | undefined {
  const { code, errno } = (error ?? {}) as { code?: unknown; errno?: unknown };
  if (typeof code === 'string' && /^E[A-Z]+$/.test(code)) return code;
  if (typeof errno === 'number' && !(error instanceof Error)) return WASM_ERRNO[errno];
  return undefined;
}

/** One line saying why `error` happened, never "[object Object]". */
export function reasonOf(error: unknown): string {
  const code = fsErrorCode(error);
  if (code && (FS_REASONS[code] || !(error instanceof Error))) {
    return `${FS_REASONS[code] ?? 'file system error'} (${code})`;
  }
  if (error instanceof Error) return error.message.split('\n')[0]!;
  if (error && typeof error === 'object') {
    const { message, errno } = error as { message?: unknown; errno?: unknown };
    if (typeof message === 'string' && message) return message.split('\n')[0]!;
    if (typeof errno === 'number') return `file system error ${errno}`;
    return JSON.stringify(error).slice(0, 200);
  }
  return String(error).split('\n')[0]!;
}

/** Errors saying the disk cannot be written, whatever the data: no fault of the database. */
export const UNWRITABLE = new Set(['ENOSPC', 'EDQUOT', 'EROFS', 'EACCES', 'EPERM']);

/** The one line for a DATA_DIR that cannot be written (`error` names why). */
export function unwritable(dir: string, error: unknown): ConfigError {
  const code = fsErrorCode(error);
  const advice =
    code === 'ENOSPC' || code === 'EDQUOT'
      ? 'Free some space and start again.'
      : 'Give the server write access to it (or set DATA_DIR to a writable directory) and start again.';
  return new ConfigError(`DATA_DIR ${dir} cannot be written: ${reasonOf(error)}. ${advice}`);
}

/**
 * Writes and removes a small file in `dir`: a read-only directory (permissions, a
 * read-only mount) or a full disk is found before anything else is written.
 */
async function checkWritable(dir: string): Promise<void> {
  const probe = path.join(dir, `.solar-write-check-${randomBytes(6).toString('hex')}`);
  try {
    await writeFile(probe, randomBytes(4096), { flag: 'wx' });
  } catch (error) {
    await rm(probe, { force: true }).catch(() => undefined);
    throw unwritable(dir, error);
  }
  await rm(probe, { force: true });
}

/** The prefix of the folder a first start creates the database in, renamed when complete. */
export const PARTIAL_PREFIX = 'pglite.partial-';

/**
 * Checks `DATA_DIR` before PGlite opens it: it must be a
 * directory (created when missing), and its `pglite` folder either absent, empty, or a
 * PostgreSQL data directory of PGlite's version. Anything else is a ConfigError with one
 * line naming the path, so start-up stops instead of initialising over foreign files.
 * Then both must be writable: a read-only directory or a full disk is
 * a ConfigError saying so, not "damaged", and nothing is changed.
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
  if (!inside) return checkWritable(dataDir);
  if (!inside.isDirectory()) {
    throw new ConfigError(`The database ${dir} is not a directory. ${LEFT_ALONE}`);
  }
  const entries = await readdir(dir);
  if (entries.length === 0) {
    await checkWritable(dataDir);
    return checkWritable(dir);
  }
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
  await checkWritable(dataDir);
  await checkWritable(dir);
}
