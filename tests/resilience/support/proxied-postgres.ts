/**
 * A PostgreSQL database of the suite's own, reached through a TCP proxy the suite controls
 * (tcp-proxy.ts: cut, restore, partition, heal). PostgreSQL: TEST_DATABASE_URL, else
 * postgres://postgres@127.0.0.1:5432/postgres. `drop()` closes the proxy and drops the
 * database (FORCE: the server's connections may still be open).
 */
import { randomBytes } from 'node:crypto';
import { createRequire } from 'node:module';
import path from 'node:path';
import { ROOT } from './process.ts';
import { startTcpProxy, type TcpProxy } from './tcp-proxy.ts';

const require = createRequire(path.join(ROOT, 'apps/server/package.json'));
/** The part of the server's `pg` driver used here (tests/ has no types of it). */
interface PgClient {
  connect(): Promise<void>;
  query(sql: string): Promise<unknown>;
  end(): Promise<void>;
}
const pg = require('pg') as { Client: new (options: { connectionString: string }) => PgClient };

/** A proxied database: `url` goes through `proxy`. */
export interface ProxiedDatabase {
  readonly url: string;
  readonly proxy: TcpProxy;
  drop(): Promise<void>;
}

/** Creates a database named `<prefix>_<random>` and a proxy in front of its server. */
export async function proxiedDatabase(prefix: string): Promise<ProxiedDatabase> {
  const base = new URL(
    process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres',
  );
  const admin = async (sql: string) => {
    const client = new pg.Client({ connectionString: base.toString() });
    await client.connect();
    try {
      await client.query(sql);
    } finally {
      await client.end();
    }
  };
  const database = `${prefix}_${randomBytes(5).toString('hex')}`;
  await admin(`CREATE DATABASE ${database}`);
  const proxy = await startTcpProxy(base.hostname, Number(base.port || 5432));
  const url = new URL(base);
  url.host = `127.0.0.1:${proxy.port}`;
  url.pathname = `/${database}`;
  return {
    url: url.toString(),
    proxy,
    async drop() {
      await proxy.close();
      await admin(`DROP DATABASE IF EXISTS ${database} WITH (FORCE)`);
    },
  };
}
