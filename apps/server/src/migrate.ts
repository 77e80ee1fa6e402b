/**
 * `pnpm db:migrate`: brings the database to the current schema and exits, for deployments
 * that migrate once before starting (or rolling) the servers (compose.yaml's `migrate`
 * service). It opens the same database as the server (DATABASE_URL, else PGlite in
 * DATA_DIR) with the same code (db/database.ts applies the committed drizzle/ migrations,
 * which the server also does on every start), so a second run applies nothing. With the
 * embedded database (PGlite) stop the server first: only one process may open DATA_DIR.
 *
 * Prints one line: what was applied and where. Exit code 0 when the schema is current, 1
 * with one line on stderr otherwise (bad configuration, database unreachable or foreign).
 */
import { ConfigError, loadConfig } from './config.ts';
import { openDatabase } from './db/database.ts';

try {
  const config = loadConfig();
  const where = config.databaseUrl
    ? (() => {
        const url = new URL(config.databaseUrl);
        return `PostgreSQL at ${url.host}${url.pathname}`;
      })()
    : `PGlite in ${config.dataDir}`;
  const database = await openDatabase(
    config.databaseUrl
      ? { kind: 'postgres', url: config.databaseUrl, timeoutMs: config.databaseTimeoutMs }
      : { kind: 'pglite', dataDir: config.dataDir },
  );
  await database.close();
  const applied = database.migrationsApplied;
  process.stdout.write(
    applied === 0
      ? `${where}: the schema is already current; nothing to apply.\n`
      : `${where}: applied ${applied} migration${applied === 1 ? '' : 's'}; the schema is current.\n`,
  );
} catch (error) {
  process.stderr.write(
    `${error instanceof ConfigError ? error.message : `Could not migrate the database: ${(error as Error).message.split('\n')[0]}`}\n`,
  );
  process.exitCode = 1;
}
