/**
 * Database scale (docs/benchmarks.md): GET /admin/users with 100 000 users, on PGlite and on a
 * fresh PostgreSQL database: the first, middle and last page newest first and by name, and a
 * search term; p50 and p95 latency of requests made one at a time through the real server.
 *
 * Users are inserted with one `INSERT ... SELECT generate_series` (all sharing one argon2id
 * hash computed once) into a database migrated by the server's own openDatabase, before the
 * server starts (the migrations' indexes and the trigger-kept user count are in place, as
 * in production). `VACUUM ANALYZE` follows the insert, the state autovacuum leaves on
 * PostgreSQL.
 */
import { createRequire } from 'node:module';
import path from 'node:path';
import { openDatabase } from '../../apps/server/src/db/database.ts';
import { hashPassword } from '../../apps/server/src/auth/password.ts';
import { ensureAdmin } from '../../apps/server/src/users/seed-admin.ts';
import type { BenchContext } from './context.ts';
import { section, type Section } from './report.ts';
import { admin, root, signIn, startServer, type ServerOptions } from './server.ts';
import { ms, summarize } from './stats.ts';

/** Users in the table, the administrator included. */
export const userCount = 100_000;

/** The middle page of the unfiltered list (offset 49 990, the farthest from either end). */
const middlePage = userCount / 10 / 2;

/** The queries: metric key suffix, label, query string. First, middle and last page per sort. */
export const queries = [
  ['default-first', 'newest first, first page', ''],
  ['default-middle', `newest first, page ${middlePage}`, `?pageNumber=${middlePage}`],
  ['default-last', `newest first, page ${userCount / 10}`, `?pageNumber=${userCount / 10}`],
  ['name-first', 'by name, first page', '?sortBy=name&descending=false'],
  [
    'name-middle',
    `by name, page ${middlePage}`,
    `?sortBy=name&descending=false&pageNumber=${middlePage}`,
  ],
  [
    'name-last',
    `by name, page ${userCount / 10}`,
    `?sortBy=name&descending=false&pageNumber=${userCount / 10}`,
  ],
  ['search', 'search "garcia 42"', '?searchTerm=garcia%2042'],
] as const;

/** Something that runs SQL: PGlite's client and pg's Pool both have this `query`. */
interface SqlClient {
  query(text: string, params?: unknown[]): Promise<unknown>;
}

const firstNames = [
  'Aida',
  'Bakyt',
  'Elena',
  'Carlos',
  'Nurlan',
  'Maria',
  'Ivan',
  'Aigul',
  'Jose',
  'Olga',
];
const lastNames = [
  'Sadykova',
  'Ivanov',
  'Garcia',
  'Toktogulov',
  'Petrova',
  'Lopez',
  'Asanov',
  'Smirnova',
];

/**
 * The bulk insert: `count` users numbered 1..count with varied names, roles 1..6 (the
 * administrator is created by the server's own ensureAdmin, which skips when one exists), a third
 * unconfirmed, one in fifty inactive, created one minute apart, a quarter never signed in.
 * $1 is the password hash.
 */
export function seedSql(count: number): string {
  const list = (names: string[]) => `array[${names.map((n) => `'${n}'`).join(',')}]`;
  return `
    insert into users (name, email, password_hash, user_type, email_confirmed, is_active,
                       created_at, updated_at, last_login_at)
    select (${list(firstNames)})[1 + i % ${firstNames.length}] || ' '
             || (${list(lastNames)})[1 + (i / ${firstNames.length}) % ${lastNames.length}] || ' ' || i,
           'user' || lpad(i::text, 6, '0') || '@example.com',
           $1,
           (1 + i % 6)::smallint,
           i % 3 <> 0,
           i % 50 <> 0,
           now() - make_interval(mins => i),
           now() - make_interval(mins => i),
           case when i % 4 = 0 then null else now() - make_interval(hours => i % 1000) end
    from generate_series(1, ${count}) as i`;
}

/** Opens the database, migrates it, inserts the users, closes it. Returns seconds taken. */
async function seed(
  target: { kind: 'pglite'; dataDir: string } | { kind: 'postgres'; url: string },
) {
  const started = performance.now();
  // The bulk insert may take longer than a request's statement timeout on a busy machine.
  const database = await openDatabase(
    target.kind === 'postgres' ? { ...target, timeoutMs: 600_000 } : target,
  );
  try {
    const client = (database.db as unknown as { $client: SqlClient }).$client;
    await ensureAdmin(database.db, admin);
    await client.query(seedSql(userCount - 1), [await hashPassword(admin.password)]);
    // What autovacuum does on PostgreSQL after a bulk insert (PGlite has no autovacuum).
    await client.query('vacuum analyze users');
  } finally {
    await database.close();
  }
  return (performance.now() - started) / 1000;
}

/** p50/p95 of `rounds` requests to each query, one at a time, after a warm-up. */
async function measure(
  ctx: BenchContext,
  serverOptions: ServerOptions,
  rounds: number,
): Promise<Map<string, { p50: number; p95: number; total: number }>> {
  const server = await startServer(serverOptions);
  try {
    const { token } = await signIn(server.url);
    const headers = { authorization: `Bearer ${token}` };
    const out = new Map<string, { p50: number; p95: number; total: number }>();
    for (const [key, , query] of queries) {
      const url = `${server.url}/api/v1/admin/users${query}`;
      let total = 0;
      const durations: number[] = [];
      for (let i = 0; i < rounds + 3; i++) {
        const started = performance.now();
        const response = await fetch(url, { headers });
        const body = (await response.json()) as { totalCount: number; items: unknown[] };
        const took = performance.now() - started;
        if (response.status !== 200 || body.items.length === 0) {
          throw new Error(`${url} answered ${response.status}: ${JSON.stringify(body)}`);
        }
        total = body.totalCount;
        if (i >= 3) durations.push(took);
      }
      const sum = summarize(durations);
      out.set(key, { p50: sum.p50, p95: sum.p95, total });
    }
    return out;
  } finally {
    await server.stop();
  }
}

/** The part of pg's Client used here. */
interface PgClient {
  connect(): Promise<void>;
  query(text: string, params?: unknown[]): Promise<{ rows: Record<string, unknown>[] }>;
  end(): Promise<void>;
}

/** pg's module, resolved from the server package (the root has no pg of its own). */
function pgModule(): {
  Client: new (options: { connectionString: string; connectionTimeoutMillis?: number }) => PgClient;
} {
  return createRequire(path.join(root, 'apps/server/package.json'))('pg') as ReturnType<
    typeof pgModule
  >;
}

/** A fresh database on the PostgreSQL server at `url`; undefined when it does not answer. */
export async function freshPostgres(
  ctx: BenchContext,
): Promise<{ url: string; drop: () => Promise<void>; version: string } | undefined> {
  const adminClient = new (pgModule().Client)({
    connectionString: ctx.postgresUrl,
    connectionTimeoutMillis: 3000,
  });
  try {
    await adminClient.connect();
  } catch (error) {
    ctx.log(`db: PostgreSQL at ${ctx.postgresUrl} does not answer (${String(error)})`);
    return undefined;
  }
  const name = `solar_bench_${process.pid}_${Date.now()}`;
  const version = String((await adminClient.query('show server_version')).rows[0]?.server_version);
  await adminClient.query(`create database ${name}`);
  const url = new URL(ctx.postgresUrl);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    version,
    async drop() {
      await adminClient.query(`drop database if exists ${name} with (force)`);
      await adminClient.end();
    },
  };
}

/** The database part: PGlite always, PostgreSQL when it answers. */
export async function dbPart(ctx: BenchContext): Promise<Section> {
  const rounds = ctx.quick ? 10 : 40;
  const s = section(
    `Database scale: GET /api/v1/admin/users with ${userCount.toLocaleString('en-US').replace(',', ' ')} users`,
    ['database', 'query', 'matches', 'p50', 'p95'],
  );

  const report = async (
    label: string,
    key: 'pglite' | 'postgres',
    target: { kind: 'pglite'; dataDir: string } | { kind: 'postgres'; url: string },
    serverOptions: ServerOptions,
  ) => {
    ctx.log(`db: seeding ${label}`);
    const seconds = await seed(target);
    s.notes.push(`${label}: ${userCount} users inserted in ${seconds.toFixed(1)} s.`);
    ctx.log(`db: measuring ${label}`);
    const measured = await measure(ctx, serverOptions, rounds);
    for (const [query, text] of queries) {
      const a = measured.get(query)!;
      ctx.metrics.set(`db.${key}.${query}.p50`, a.p50);
      ctx.metrics.set(`db.${key}.${query}.p95`, a.p95);
      s.rows.push([label, text, String(a.total), ms(a.p50), ms(a.p95)]);
    }
  };

  const dataDir = path.join(ctx.tmp, 'db-pglite');
  await report('PGlite', 'pglite', { kind: 'pglite', dataDir }, { dataDir });

  const postgres = await freshPostgres(ctx);
  if (postgres) {
    try {
      await report(
        `PostgreSQL ${postgres.version}`,
        'postgres',
        { kind: 'postgres', url: postgres.url },
        { dataDir: path.join(ctx.tmp, 'db-postgres'), databaseUrl: postgres.url },
      );
    } finally {
      await postgres.drop();
    }
  } else {
    s.notes.push(`PostgreSQL at ${ctx.postgresUrl} did not answer: its budgets are not measured.`);
  }
  s.notes.push(
    `${rounds} requests per query, one at a time after 3 warm-up requests, through the real server (JWT check and account read included), timed by the client.`,
    `Pages of 10: the first, the middle (${middlePage}, offset 49 990, the farthest from either end) and the last (${userCount / 10}) newest first and by name ascending, and the first page of a search.`,
    'What keeps them flat (docs/decisions/012-benchmarks.md, 037-deferred-join-paging.md): a page past the middle read in the reverse order; its ids found by an index-only scan of (created_at, id), (lower(name), id, name) or (lower(email), id, email), then only its 10 rows read (a deferred join); the search as LIKE over pg_trgm GIN indexes; the unfiltered total read from the trigger-kept user_count row.',
  );
  return s;
}
