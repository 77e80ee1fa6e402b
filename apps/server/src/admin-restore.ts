/**
 * `pnpm --filter @solar/server admin:restore <email>`: makes an existing account an active
 * administrator again, for when no one can manage users any more (every admin demoted or
 * deactivated). Reads the same DATA_DIR / DATABASE_URL as the server; with the embedded
 * database (PGlite) stop the server first, as only one process may open it. Exit code 0
 * when done, 1 with one line on stderr otherwise (unknown email, bad configuration).
 */
import { ConfigError, loadConfig } from './config.ts';
import { openDatabase } from './db/database.ts';
import { restoreAdmin } from './users/seed-admin.ts';

const email = process.argv[2];
if (!email || process.argv.length > 3) {
  process.stderr.write('Usage: pnpm --filter @solar/server admin:restore <email>\n');
  process.exit(1);
}

try {
  const config = loadConfig();
  const database = await openDatabase(
    config.databaseUrl
      ? { kind: 'postgres', url: config.databaseUrl }
      : { kind: 'pglite', dataDir: config.dataDir },
  );
  try {
    if (!(await restoreAdmin(database.db, email))) {
      process.stderr.write(`No account has the email ${email}.\n`);
      process.exitCode = 1;
    } else {
      process.stdout.write(`${email} is an active administrator again.\n`);
    }
  } finally {
    await database.close();
  }
} catch (error) {
  process.stderr.write(
    `${error instanceof ConfigError ? error.message : `Could not restore the administrator: ${(error as Error).message.split('\n')[0]}`}\n`,
  );
  process.exitCode = 1;
}
