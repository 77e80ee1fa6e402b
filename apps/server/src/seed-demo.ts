/**
 * `pnpm --filter @solar/server seed:demo [count]`: fills the configured database (PGlite
 * in DATA_DIR, or DATABASE_URL) with demo accounts (users/demo-data.ts). Prints how many
 * were added and the shared password.
 */
import { ConfigError, loadConfig } from './config.ts';
import { openDatabase } from './db/database.ts';
import { seedDemoUsers } from './users/demo-data.ts';

async function main() {
  const config = loadConfig(process.env);
  const count = Number(process.argv[2] ?? 300);
  if (!Number.isInteger(count) || count < 1 || count > 100_000) {
    throw new ConfigError('The count must be a whole number from 1 to 100000');
  }
  const database = await openDatabase(
    config.databaseUrl
      ? { kind: 'postgres', url: config.databaseUrl }
      : { kind: 'pglite', dataDir: config.dataDir },
  );
  try {
    const password = process.env.DEMO_PASSWORD ?? 'Demo12345';
    const added = await seedDemoUsers(database.db, { count, password });
    process.stdout.write(
      `Added ${added} demo accounts (${count - added} already there) on ${database.kind}.\n` +
        `They end in @demo.solar.local and share the password ${password}.\n`,
    );
  } finally {
    await database.close();
  }
}

main().catch((error: unknown) => {
  process.stderr.write(`${error instanceof Error ? error.message : String(error)}\n`);
  process.exit(1);
});
