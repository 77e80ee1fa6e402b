/**
 * Whether the services the two-instance suite needs answer on this machine: PostgreSQL (a
 * connection and `select 1` within 2 s) and Redis (`PING` within 1 s, the server suites'
 * check in apps/server/test/redis-support.ts).
 */
import { createRequire } from 'node:module';
import path from 'node:path';
import { ROOT } from '../resilience/support/process.ts';

export { redisAnswers, redisUrl } from '../../apps/server/test/redis-support.ts';

const require = createRequire(path.join(ROOT, 'apps/server/package.json'));
/** The part of the server's `pg` driver used here (tests/ has no types of it). */
interface PgClient {
  connect(): Promise<void>;
  query(sql: string): Promise<unknown>;
  end(): Promise<void>;
}
/** The server's `pg` driver. */
export const pg = require('pg') as {
  Client: new (options: { connectionString: string; connectionTimeoutMillis?: number }) => PgClient;
};

/** True when PostgreSQL at `url` answers. */
export async function postgresAnswers(url: string): Promise<boolean> {
  const client = new pg.Client({ connectionString: url, connectionTimeoutMillis: 2000 });
  try {
    await client.connect();
    await client.query('select 1');
    return true;
  } catch {
    return false;
  } finally {
    await client.end().catch(() => {});
  }
}
