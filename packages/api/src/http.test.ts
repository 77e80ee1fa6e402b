/**
 * The ky instances (the OpenAPI document): URL and query, JSON and FormData bodies, the bearer
 * token, and each kind of failure mapped into ApiError by the `beforeError` hook (ky's own
 * error is the `cause`).
 */
import { NetworkError, TimeoutError } from 'ky';
import { describe, expect, it } from 'vitest';
import { ApiError, isAbortError, retryAfterSeconds } from './errors.ts';
import { createHttp } from './http.ts';

function recorder(answer: () => Response | Promise<Response> = () => Response.json({ ok: 1 })) {
  const calls: Request[] = [];
  const fetchImpl = (async (input: RequestInfo | URL, init?: RequestInit) => {
    calls.push(new Request(input, init));
    return answer();
  }) as typeof fetch;
  return { calls, fetchImpl };
}

/** A fetch that answers only when its signal aborts (rejecting like the browser does). */
const hangingFetch = (async (input: RequestInfo | URL, init?: RequestInit) =>
  new Promise<Response>((_resolve, reject) => {
    const signal = init?.signal ?? (input instanceof Request ? input.signal : undefined);
    if (signal?.aborted) reject(signal.reason as Error);
    signal?.addEventListener('abort', () => reject(signal.reason as Error), { once: true });
  })) as typeof fetch;

describe('createHttp', () => {
  it('joins the base and the path, leaves out undefined query values, sends JSON', async () => {
    const { calls, fetchImpl } = recorder();
    const http = createHttp({ baseUrl: 'http://x.test/api/v1/', fetch: fetchImpl });
    const body = await http
      .post('things', { json: { a: 1 }, searchParams: { page: 2, q: 'a b', skip: undefined } })
      .json<{ ok: number }>();
    expect(body).toEqual({ ok: 1 });
    expect(calls[0]!.method).toBe('POST');
    expect(calls[0]!.url).toBe('http://x.test/api/v1/things?page=2&q=a+b');
    expect(calls[0]!.headers.get('content-type')).toBe('application/json');
    expect(await calls[0]!.json()).toEqual({ a: 1 });
  });

  it('sends FormData as is and the token only when there is one', async () => {
    const { calls, fetchImpl } = recorder();
    let token: string | null = 'abc';
    const http = createHttp({
      baseUrl: 'http://x.test',
      fetch: fetchImpl,
      getAccessToken: () => token,
    });
    const form = new FormData();
    form.set('file', new Blob(['x'], { type: 'image/png' }), 'bill.png');
    await http.put('upload', { body: form });
    token = null;
    await http.delete('upload');
    expect(calls[0]!.headers.get('authorization')).toBe('Bearer abc');
    expect(calls[0]!.headers.get('content-type')).toMatch(/^multipart\/form-data/);
    expect(calls[1]!.method).toBe('DELETE');
    expect(calls[1]!.headers.get('authorization')).toBeNull();
  });

  it('rejects a non-2xx answer with ApiError from the body ky parsed', async () => {
    const { fetchImpl } = recorder(() =>
      Response.json({ message: 'Nope', code: 'conflict' }, { status: 409, statusText: 'Conflict' }),
    );
    const http = createHttp({ baseUrl: 'http://x.test', fetch: fetchImpl });
    const error = await http
      .get('x')
      .json()
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({ status: 409, code: 'conflict', message: 'Nope' });
  });

  it("keeps a 429's Retry-After as seconds to wait", async () => {
    const { fetchImpl } = recorder(() =>
      Response.json(
        { message: 'Too many messages', code: 'rate_limited' },
        { status: 429, headers: { 'retry-after': '120' } },
      ),
    );
    const http = createHttp({ baseUrl: 'http://x.test', fetch: fetchImpl });
    const error = await http.post('x', { json: {} }).catch((e: unknown) => e);
    expect(error).toMatchObject({ status: 429, code: 'rate_limited', retryAfterSeconds: 120 });
  });

  it('reads Retry-After as seconds or an HTTP date, at least 1 s', () => {
    const now = Date.parse('2026-11-25T10:00:00Z');
    expect(retryAfterSeconds('30', now)).toBe(30);
    expect(retryAfterSeconds('Wed, 25 Nov 2026 10:02:00 GMT', now)).toBe(120);
    expect(retryAfterSeconds('0', now)).toBe(1);
    expect(retryAfterSeconds('soon', now)).toBeNull();
    expect(retryAfterSeconds(null, now)).toBeNull();
  });

  it('carries the Retry-After of a 429 as seconds (null without one)', async () => {
    let answer = Response.json(
      { message: 'Rate limit exceeded: max 100 requests per hour', code: 'rate_limited' },
      { status: 429, headers: { 'Retry-After': '1800' } },
    );
    const { fetchImpl } = recorder(() => answer);
    const http = createHttp({ baseUrl: 'http://x.test', fetch: fetchImpl });
    expect(await http.get('x').catch((e: unknown) => e)).toMatchObject({
      status: 429,
      code: 'rate_limited',
      retryAfterSeconds: 1800,
    });
    answer = Response.json({ message: 'Busy', code: 'service_unavailable' }, { status: 503 });
    expect(await http.get('x').catch((e: unknown) => e)).toMatchObject({
      status: 503,
      retryAfterSeconds: null,
    });
  });

  it('reads a Retry-After date as the seconds until then, at least 1', () => {
    const now = Date.parse('2026-01-01T10:00:00Z');
    expect(retryAfterSeconds('Thu, 01 Jan 2026 10:30:00 GMT', now)).toBe(1800);
    expect(retryAfterSeconds('Thu, 01 Jan 2026 09:00:00 GMT', now)).toBe(1);
    expect(retryAfterSeconds('soon', now)).toBeNull();
    expect(retryAfterSeconds(undefined, now)).toBeNull();
  });

  it('maps a text or empty error body to the status', async () => {
    let answer = new Response('Bad gateway', { status: 502 });
    const { fetchImpl } = recorder(() => answer);
    const http = createHttp({ baseUrl: 'http://x.test', fetch: fetchImpl });
    expect(await http.get('x').catch((e: unknown) => e)).toMatchObject({ status: 502 });
    answer = new Response(null, { status: 500 });
    expect(await http.get('x').catch((e: unknown) => e)).toMatchObject({ status: 500 });
  });

  it("turns ky's NetworkError into a connection failure", async () => {
    const http = createHttp({
      baseUrl: 'http://x.test',
      fetch: (() => Promise.reject(new TypeError('Failed to fetch'))) as typeof fetch,
    });
    const error = await http.get('x').catch((e: unknown) => e);
    expect(error).toMatchObject({ status: 0, code: 'network' });
    expect((error as ApiError).cause).toBeInstanceOf(NetworkError);
    expect(isAbortError(error)).toBe(false);
  });

  it("gives up after the timeout (ky's TimeoutError)", async () => {
    const http = createHttp({ baseUrl: 'http://x.test', fetch: hangingFetch, timeoutMs: 20 });
    const error = await http.get('x').catch((e: unknown) => e);
    expect((error as ApiError).cause).toBeInstanceOf(TimeoutError);
    expect(error).toMatchObject({
      code: 'network',
      message: 'Network request timed out',
    });
    expect(isAbortError(error)).toBe(false);
  });

  it("rethrows the caller's abort untouched", async () => {
    const http = createHttp({ baseUrl: 'http://x.test', fetch: hangingFetch });
    const stop = new AbortController();
    const pending = http.get('x', { signal: stop.signal }).catch((e: unknown) => e);
    stop.abort();
    const error = await pending;
    expect(isAbortError(error)).toBe(true);
    const already = await http.get('x', { signal: stop.signal }).catch((e: unknown) => e);
    expect(isAbortError(already)).toBe(true);
  });
});
