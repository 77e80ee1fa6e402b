/**
 * Database outage: the server runs on PostgreSQL through a TCP
 * proxy (support/tcp-proxy.ts) that the test cuts and restores while clients keep calling.
 * While it is down every call that needs the database answers 503 with a message (never
 * 500, never a hang: each answer within ANSWER_BOUND_MS), the process stays up, and after
 * the restore it serves again by itself within RECOVERY_BOUND_MS.
 *
 * PostgreSQL: TEST_DATABASE_URL, else postgres://postgres@127.0.0.1:5432/postgres; the
 * suite works in a database of its own, dropped afterwards.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADMIN, callJson, startServer, type ServerProcess } from './support/process.ts';
import { proxiedDatabase, type ProxiedDatabase } from './support/proxied-postgres.ts';
import type { TcpProxy } from './support/tcp-proxy.ts';

const ANSWER_BOUND_MS = 8_000;
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

/** One timed answer of `round`. */
type Answer = Awaited<ReturnType<typeof round>>[number];

/** The calls the clients keep making: health, sign-in, the user list, the profile. */
async function round(token: string) {
  const timed = async (method: string, url: string, body?: unknown) => {
    const start = performance.now();
    const answer = await callJson(server!.api, method, url, {
      token,
      ...(body === undefined ? {} : { body }),
    });
    return { url, ...answer, ms: performance.now() - start };
  };
  return Promise.all([
    timed('GET', '/health'),
    timed('POST', '/auth/email/signin', ADMIN),
    timed('GET', '/admin/users?pageSize=5'),
    timed('GET', '/auth/me'),
    timed('GET', '/config'),
  ]);
}

describe('PostgreSQL outage', () => {
  it('answers 503 with a message while it is down, stays up, and recovers by itself', async () => {
    const signIn = await callJson(server!.api, 'POST', '/auth/email/signin', { body: ADMIN });
    const token = signIn.body.token as string;
    for (const answer of await round(token)) expect(answer.status, answer.url).toBe(200);

    await proxy.cut();
    const during: Answer[] = [];
    const downUntil = Date.now() + 3000;
    while (Date.now() < downUntil) during.push(...(await round(token)));
    expect(during.length).toBeGreaterThan(4);
    for (const answer of during) {
      expect(answer.ms, answer.url).toBeLessThan(ANSWER_BOUND_MS);
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
    const restored = Date.now();
    let last: Answer[] = [];
    while (Date.now() - restored < RECOVERY_BOUND_MS) {
      last = await round(token);
      if (last.every((answer) => answer.status === 200)) break;
      await new Promise((resolve) => setTimeout(resolve, 200));
    }
    for (const answer of last) expect(answer.status, answer.url).toBe(200);
    expect(server!.child.exitCode).toBeNull();
    expect(server!.output()).not.toMatch(/uncaught|unhandled/i);
  });
});
