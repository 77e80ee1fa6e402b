/**
 * The upstream-fetch helper (src/upstream.ts) against a local HTTP server: GETs retried
 * after 5xx (with backoff) but not after 4xx or a timeout, every attempt paced, and every
 * failure turned into the caller's error.
 */
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createUpstream } from '../src/upstream.ts';

class CallerError extends Error {
  readonly status: number | undefined;
  readonly data: unknown;
  constructor(message: string, status: number | undefined, data: unknown) {
    super(message);
    this.status = status;
    this.data = data;
  }
}

/** Answers in turn the statuses queued in `plan` (then 200), or hangs for 'hang'. */
let plan: (number | 'hang')[] = [];
let hits = 0;
let server: Server;
let base = '';
beforeAll(async () => {
  server = createServer((_req, res) => {
    hits += 1;
    const next = plan.shift() ?? 200;
    if (next === 'hang') return;
    res
      .writeHead(next, { 'content-type': 'application/json' })
      .end(JSON.stringify({ message: `status ${next}` }));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(async () => {
  server.closeAllConnections();
  await new Promise<void>((resolve) => server.close(() => resolve()));
});

const client = (extra: { pace?: <T>(task: () => Promise<T>) => Promise<T> } = {}) =>
  createUpstream({
    name: 'Svc',
    userAgent: 'Solar/test',
    timeoutMs: 200,
    retries: 2,
    backoffLimitMs: 50,
    fail: (message, status, data) => new CallerError(message, status, data),
    ...extra,
  });

const run = async (statuses: (number | 'hang')[], extra = {}) => {
  plan = [...statuses];
  hits = 0;
  const result = await client(extra)
    .getJson(new URL(`${base}/x`))
    .catch((error: unknown) => error);
  return { result, hits };
};

describe('createUpstream', () => {
  it('retries a GET after 5xx and answers the JSON of the attempt that worked', async () => {
    const { result, hits } = await run([503, 500]);
    expect(result).toEqual({ message: 'status 200' });
    expect(hits).toBe(3);
  });

  it('gives up after `retries` and throws the caller’s error with status and body', async () => {
    const { result, hits } = await run([502, 502, 502, 502]);
    expect(result).toBeInstanceOf(CallerError);
    expect(result).toMatchObject({
      message: 'Svc answered HTTP 502',
      status: 502,
      data: { message: 'status 502' },
    });
    expect(hits).toBe(3);
  });

  it('does not retry a 4xx answer', async () => {
    const { result, hits } = await run([400]);
    expect(result).toMatchObject({ status: 400, data: { message: 'status 400' } });
    expect(hits).toBe(1);
  });

  it('does not retry after the time limit', async () => {
    const { result, hits } = await run(['hang']);
    expect(result).toBeInstanceOf(CallerError);
    expect((result as Error).message).toBe('Svc unreachable: timed out');
    expect(hits).toBe(1);
  });

  it('retries a network error and maps a lasting one to the caller’s error', async () => {
    const closed = createUpstream({
      name: 'Svc',
      userAgent: 'Solar/test',
      timeoutMs: 200,
      retries: 1,
      backoffLimitMs: 10,
      fail: (message, status, data) => new CallerError(message, status, data),
    });
    const error = await closed.getJson(new URL('http://127.0.0.1:1/x')).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(CallerError);
    expect((error as Error).message).toMatch(/^Svc unreachable: /);
  });

  it('runs every attempt, retries included, through `pace`', async () => {
    let turns = 0;
    const pace = <T>(task: () => Promise<T>) => {
      turns += 1;
      return task();
    };
    const { result } = await run([500], { pace });
    expect(result).toEqual({ message: 'status 200' });
    expect(turns).toBe(2);
  });
});
