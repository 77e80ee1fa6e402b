/**
 * Database outage: the server runs on PostgreSQL through a TCP
 * proxy (support/tcp-proxy.ts) that the test cuts and restores while clients keep calling.
 * While it is down every call that needs the database answers 503 with a message (never
 * 500, never a hang: a call that hangs fails the test by its timeout), the process stays
 * up, and after the restore it serves again by itself (polled for up to RECOVERY_BOUND_MS).
 *
 * PostgreSQL: TEST_DATABASE_URL, else postgres://postgres@127.0.0.1:5432/postgres; the
 * suite works in a database of its own, dropped afterwards.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADMIN, callJson, startServer, type ServerProcess } from './support/process.ts';
import { proxiedDatabase, type ProxiedDatabase } from './support/proxied-postgres.ts';
import type { TcpProxy } from './support/tcp-proxy.ts';

/** Rounds of calls while the database is down. */
const ROUNDS_DOWN = 5;
const RECOVERY_BOUND_MS = 15_000;

let db: ProxiedDatabase;
let proxy: TcpProxy;
let server: ServerProcess | undefined;

beforeAll(async () => {
  db = await proxiedDatabase('solar_outage');
  proxy = db.proxy;
  server = await startServer({ DATABASE_URL: db.url });
});
afterAll(async () => {
  await server?.stop('SIGTERM');
  await db?.drop();
});

/** One answer of `round`. */
type Answer = Awaited<ReturnType<typeof round>>[number];

/** The calls the clients keep making: health, sign-in, the user list, the profile, config. */
async function round(token: string) {
  const call = async (method: string, url: string, body?: unknown) => {
    const answer = await callJson(server!.api, method, url, {
      token,
      ...(body === undefined ? {} : { body }),
    });
    return { url, ...answer };
  };
  return Promise.all([
    call('GET', '/health'),
    call('POST', '/auth/email/signin', ADMIN),
    call('GET', '/admin/users?pageSize=5'),
    call('GET', '/auth/me'),
    call('GET', '/config'),
  ]);
}

describe('PostgreSQL outage', () => {
  it('answers 503 with a message while it is down, stays up, and recovers by itself', async () => {
    const signIn = await callJson(server!.api, 'POST', '/auth/email/signin', { body: ADMIN });
    const token = signIn.body.token as string;
    for (const answer of await round(token)) expect(answer.status, answer.url).toBe(200);

    await proxy.cut();
    const during: Answer[] = [];
    for (let n = 0; n < ROUNDS_DOWN; n++) during.push(...(await round(token)));
    for (const answer of during) {
      if (answer.url === '/config') {
        // Needs no database: still served.
        expect(answer.status).toBe(200);
        continue;
      }
      expect(answer.status, `${answer.url} ${JSON.stringify(answer.body)}`).toBe(503);
      expect(answer.body).toEqual({
        message: 'The database is not available. Please try again shortly.',
        code: 'service_unavailable',
      });
    }
    expect(server!.child.exitCode).toBeNull();

    await proxy.restore();
    // The server's pool reconnecting is the server's own business: ask until it serves.
    await expect
      .poll(async () => (await round(token)).map((answer) => `${answer.url} ${answer.status}`), {
        timeout: RECOVERY_BOUND_MS,
        interval: 200,
      })
      .toEqual(
        ['/health', '/auth/email/signin', '/admin/users?pageSize=5', '/auth/me', '/config'].map(
          (url) => `${url} 200`,
        ),
      );
    expect(server!.child.exitCode).toBeNull();
    expect(server!.output()).not.toMatch(/uncaught|unhandled/i);
  });
});
