/**
 * PostgreSQL partition: the server runs on PostgreSQL through a TCP
 * proxy that stops forwarding while keeping every connection open (support/tcp-proxy.ts,
 * `partition()`): nothing is refused and nothing answers. Calls that need the database are
 * answered 503 (statement and client-side query timeouts, and the pool's connect/acquire
 * timeout, with DATABASE_TIMEOUT_MS=1500), more of them at once than the pool has
 * connections, none left hanging past the test's own limit (HANG_MS); after `heal()` the
 * server serves again by itself. Before the fix these calls hung for the whole partition.
 *
 * PostgreSQL: TEST_DATABASE_URL, else postgres://postgres@127.0.0.1:5432/postgres; the
 * suite works in a database of its own, dropped afterwards.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADMIN, callJson, startServer, type ServerProcess } from './support/process.ts';
import { proxiedDatabase, type ProxiedDatabase } from './support/proxied-postgres.ts';
import type { TcpProxy } from './support/tcp-proxy.ts';

const DATABASE_TIMEOUT_MS = 1500;
/** The test's own limit on one call: longer counts as hanging. */
const HANG_MS = 20_000;
const RECOVERY_BOUND_MS = 15_000;
const CONCURRENT = 14;

let db: ProxiedDatabase;
let proxy: TcpProxy;
let server: ServerProcess | undefined;

beforeAll(async () => {
  db = await proxiedDatabase('solar_partition');
  proxy = db.proxy;
  server = await startServer({
    DATABASE_URL: db.url,
    DATABASE_TIMEOUT_MS: String(DATABASE_TIMEOUT_MS),
  });
});
afterAll(async () => {
  proxy?.heal();
  await server?.stop('SIGTERM');
  await db?.drop();
});

/** One call with its status ('hang' past HANG_MS) and body. */
async function call(method: string, url: string, token: string, body?: unknown) {
  try {
    const response = await fetch(`${server!.api}${url}`, {
      method,
      headers: {
        authorization: `Bearer ${token}`,
        ...(body === undefined ? {} : { 'content-type': 'application/json' }),
      },
      ...(body === undefined ? {} : { body: JSON.stringify(body) }),
      signal: AbortSignal.timeout(HANG_MS),
    });
    const text = await response.text();
    return { url, status: response.status as number | 'hang', text };
  } catch {
    return { url, status: 'hang' as const, text: '' };
  }
}

describe('PostgreSQL partition', () => {
  it(`answers ${CONCURRENT} calls at once 503 without hanging, then recovers`, async () => {
    const signIn = await callJson(server!.api, 'POST', '/auth/email/signin', { body: ADMIN });
    expect(signIn.status).toBe(200);
    const token = signIn.body.token as string;

    proxy.partition();
    const calls = [
      call('GET', '/health', token),
      call('POST', '/auth/email/signin', token, ADMIN),
      ...Array.from({ length: CONCURRENT - 2 }, (_, i) =>
        call('GET', `/admin/users?pageSize=5&searchTerm=p${i}`, token),
      ),
    ];
    const answers = await Promise.all(calls);
    for (const answer of answers) {
      expect(answer.status, `${answer.url} ${answer.text}`).toBe(503);
      expect(JSON.parse(answer.text)).toMatchObject({ code: 'service_unavailable' });
    }
    expect(server!.child.exitCode).toBeNull();

    proxy.heal();
    // The server's pool reconnecting is the server's own business: ask until it serves.
    await expect
      .poll(async () => (await call('GET', '/admin/users?pageSize=5', token)).status, {
        timeout: RECOVERY_BOUND_MS,
        interval: 200,
      })
      .toBe(200);
    expect((await call('GET', '/health', token)).status).toBe(200);
    expect(server!.output()).not.toMatch(/uncaught|unhandled/i);
  }, 90_000);
});
