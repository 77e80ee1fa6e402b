/**
 * Redis outage: the rate-limit counters' Redis does not answer (a TCP
 * proxy that accepts connections and forwards nothing, support/tcp-proxy.ts). Limited calls
 * are still answered and the limits still hold per process (before the fix each waited
 * seconds and then went unlimited), the log says so once however often the client
 * reconnects, and when Redis answers again the log says that too and the counters are
 * shared in Redis again.
 *
 * Redis: 127.0.0.1:6379 (REDIS_TEST_URL to change it).
 */
import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { callJson, startServer, tempDir, type ServerProcess } from './support/process.ts';
import { startTcpProxy, type TcpProxy } from './support/tcp-proxy.ts';

const LIMIT = 3;
const redis = new URL(process.env.REDIS_TEST_URL ?? 'redis://127.0.0.1:6379');

let proxy: TcpProxy;
let server: ServerProcess;

beforeAll(async () => {
  proxy = await startTcpProxy(redis.hostname, Number(redis.port || 6379));
  proxy.partition();
  server = await startServer({
    DATA_DIR: tempDir('redis-outage'),
    REDIS_URL: `redis://127.0.0.1:${proxy.port}`,
    AUTH_RATE_LIMIT: String(LIMIT),
    LOG_LEVEL: 'info',
  });
});
afterAll(async () => {
  await server?.stop('SIGTERM');
  await proxy?.close();
});

/** LIMIT + 1 wrong sign-ins for a fresh email: their statuses. */
async function guesses() {
  const email = `victim.${randomBytes(4).toString('hex')}@example.com`;
  const statuses: number[] = [];
  for (let i = 0; i <= LIMIT; i++) {
    const answer = await callJson(server.api, 'POST', '/auth/email/signin', {
      body: { email, password: 'Wrong12345' },
    });
    statuses.push(answer.status);
  }
  return { statuses };
}

const outageLines = () =>
  server
    .output()
    .split('\n')
    .filter((line) => line.includes('Redis is not available'));

describe('Redis outage', () => {
  it('limits per process without waiting, logs once, and shares counters again once back', async () => {
    const down = await guesses();
    expect(down.statuses).toEqual([...Array<number>(LIMIT).fill(401), 429]);
    // The line comes once the connection attempt has timed out; more calls and another
    // reconnection attempt (a new connection to the proxy) add none.
    await server.waitForOutput('Redis is not available');
    await proxy.nextConnection();
    await guesses();
    expect(outageLines()).toHaveLength(1);

    proxy.heal();
    await server.waitForOutput('Redis is back');
    const up = await guesses();
    expect(up.statuses).toEqual([...Array<number>(LIMIT).fill(401), 429]);
    expect(server.output()).not.toMatch(/uncaught|unhandled/i);
  }, 60_000);
});
