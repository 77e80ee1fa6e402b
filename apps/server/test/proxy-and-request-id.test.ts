/**
 * Behind a reverse proxy: TRUST_PROXY decides whose X-Forwarded-For is believed,
 * so users behind the proxy get rate-limit buckets of their own instead of sharing the
 * proxy's; X-Request-Id is honoured when it is a plain token (else replaced by a UUID),
 * echoed in every answer and carried by every log line of the request.
 */
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { Writable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../src/app.ts';
import { ConfigError, loadConfig } from '../src/config.ts';
import { openDatabase } from '../src/db/database.ts';
import { startTestServer, type TestServer } from './harness.ts';

describe('TRUST_PROXY', () => {
  it.each([
    [undefined, false],
    ['false', false],
    ['true', true],
    ['127.0.0.1', ['127.0.0.1']],
    ['10.0.0.0/8, 172.28.0.10,loopback', ['10.0.0.0/8', '172.28.0.10', 'loopback']],
    ['::1/128,fe80::/10', ['::1/128', 'fe80::/10']],
    ['192.168.0.0/255.255.0.0', ['192.168.0.0/255.255.0.0']],
  ])('reads %j as %j', (value, expected) => {
    expect(loadConfig(value === undefined ? {} : { TRUST_PROXY: value }).trustProxy).toEqual(
      expected,
    );
  });

  it.each([['caddy'], ['10.0.0.0/33'], ['10.0.0.1/8/9'], ['1'], ['2']])(
    'refuses %j with one line naming TRUST_PROXY',
    (value) => {
      let error: unknown;
      try {
        loadConfig({ TRUST_PROXY: value });
      } catch (caught) {
        error = caught;
      }
      expect(error).toBeInstanceOf(ConfigError);
      expect((error as Error).message).toMatch(/^Invalid configuration: TRUST_PROXY /);
      expect((error as Error).message).not.toContain('\n');
    },
  );
});

describe.each([
  ['set to the proxy address', { TRUST_PROXY: '127.0.0.1' }, 'separate'],
  ['unset', {}, 'shared'],
] as const)('rate-limit buckets with TRUST_PROXY %s', (_name, env, buckets) => {
  let server: TestServer;
  beforeAll(async () => {
    // The token calls (here: email verification) allow AUTH_RATE_LIMIT per minute per
    // client address. Every inject comes from 127.0.0.1, the "proxy".
    server = await startTestServer('pglite', { AUTH_RATE_LIMIT: '2', ...env });
  });
  afterAll(async () => {
    await server?.close();
  });

  const verifyFrom = (client: string) =>
    server.app.inject({
      method: 'POST',
      url: '/api/v1/auth/email/verify',
      headers: { 'x-forwarded-for': client },
      payload: { token: 'not-a-token' },
    });

  it(`gives two clients behind the proxy ${buckets} buckets`, async () => {
    expect((await verifyFrom('203.0.113.7')).statusCode).toBe(400);
    expect((await verifyFrom('203.0.113.7')).statusCode).toBe(400);
    expect((await verifyFrom('203.0.113.7')).statusCode).toBe(429);
    // The second user: a bucket of their own only when the proxy is trusted.
    expect((await verifyFrom('198.51.100.9')).statusCode).toBe(buckets === 'separate' ? 400 : 429);
  });
});

describe('X-Request-Id', () => {
  const lines: string[] = [];
  let app: Awaited<ReturnType<typeof buildApp>>;
  let close: () => Promise<void>;
  beforeAll(async () => {
    const dataDir = await mkdtemp(path.join(os.tmpdir(), 'solar-reqid-'));
    const database = await openDatabase({ kind: 'memory' });
    app = await buildApp({
      config: loadConfig({ DATA_DIR: dataDir, LOG_LEVEL: 'info' }),
      database,
      jwtSecret: 'x'.repeat(40),
      logger: {
        level: 'info',
        stream: new Writable({
          write(chunk, _encoding, done) {
            lines.push(...String(chunk).split('\n').filter(Boolean));
            done();
          },
        }),
      },
    });
    close = async () => {
      await app.close();
      await database.close();
      await rm(dataDir, { recursive: true, force: true });
    };
  });
  afterAll(async () => {
    await close?.();
  });

  const logOf = (id: string) =>
    lines.map((line) => JSON.parse(line) as Record<string, unknown>).filter((l) => l.reqId === id);

  it('honours an incoming id: echoed, and on every log line of the request', async () => {
    const id = 'f3b1c2d4-0000-4000-8000-00000000abcd';
    const answer = await app.inject({
      method: 'GET',
      url: '/api/v1/health',
      headers: { 'x-request-id': id },
    });
    expect(answer.statusCode).toBe(200);
    expect(answer.headers['x-request-id']).toBe(id);
    const logged = logOf(id);
    expect(logged.map((line) => line.msg)).toEqual(['request completed']);
  });

  it('generates a UUID when none is sent, also on errors and unknown paths', async () => {
    const ids = new Set<string>();
    for (const url of ['/api/v1/health', '/api/v1/no-such-thing', '/api/v1/auth/me']) {
      const answer = await app.inject({ method: 'GET', url });
      const id = String(answer.headers['x-request-id']);
      expect(id, url).toMatch(
        /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/,
      );
      expect(logOf(id).length, url).toBeGreaterThan(0);
      ids.add(id);
    }
    expect(ids.size).toBe(3);
  });

  it.each([
    ['too long', 'a'.repeat(129)],
    ['with spaces and quotes', 'x" injected="yes'],
    ['with a JSON breakout', '"},{"level":60,"msg":"forged'],
    ['empty', ''],
  ])('replaces an id %s, which never reaches the log', async (_name, hostile) => {
    const answer = await app.inject({
      method: 'GET',
      url: '/api/v1/health/live',
      headers: { 'x-request-id': hostile },
    });
    expect(answer.statusCode).toBe(200);
    const id = String(answer.headers['x-request-id']);
    expect(id).not.toBe(hostile);
    expect(id).toMatch(/^[0-9a-f-]{36}$/);
    expect(logOf(id).length).toBeGreaterThan(0);
    if (hostile) expect(lines.join('\n')).not.toContain(hostile);
  });
});
