/**
 * `pnpm db:backup <file.tar.gz>` and `pnpm db:restore <file.tar.gz>`: the embedded
 * database (PGlite in DATA_DIR) to one file and back (db/backup.ts; stop the server
 * first). The path must be absolute (pnpm runs the script in apps/server, so a relative
 * one would not be where the operator thinks: write "$PWD/solar.tar.gz"). With
 * DATABASE_URL set they refuse: PostgreSQL is backed up with pg_dump (docs/operations.md).
 * Prints one line; exit code 0 when done, 1 with one line on stderr otherwise.
 */
import path from 'node:path';
import { ConfigError, loadConfig } from './config.ts';
import { backupPglite, restorePglite } from './db/backup.ts';

const [command, file, ...rest] = process.argv.slice(2);
try {
  if ((command !== 'backup' && command !== 'restore') || !file || rest.length > 0) {
    throw new ConfigError(`Usage: pnpm db:${command ?? 'backup'} <file.tar.gz>`);
  }
  const config = loadConfig();
  if (config.databaseUrl) {
    throw new ConfigError(
      'DATABASE_URL is set: back up PostgreSQL with pg_dump and restore with pg_restore (docs/operations.md).',
    );
  }
  if (!path.isAbsolute(file)) {
    throw new ConfigError(
      `The backup file must be an absolute path (for example "$PWD/${file}"): the command runs in another directory.`,
    );
  }
  const target = file;
  if (command === 'backup') {
    const bytes = await backupPglite(config.dataDir, target);
    process.stdout.write(
      `Backed up the database of ${config.dataDir} to ${target} (${Math.ceil(bytes / 1024)} KiB).\n`,
    );
  } else {
    await restorePglite(target, config.dataDir);
    process.stdout.write(`Restored ${target} into ${config.dataDir}.\n`);
  }
} catch (error) {
  process.stderr.write(
    `${error instanceof ConfigError ? error.message : `Could not ${command}: ${(error as Error).message.split('\n')[0]}`}\n`,
  );
  process.exitCode = 1;
}
