/**
 * The HTTP layer (spec section 7): URL and query, JSON and FormData bodies, the bearer token,
 * and each kind of failure as the resources expect it (errors.ts turns them into ApiError).
 */
import { describe, expect, it } from 'vitest';
import { isAbortError, toApiError } from './errors.ts';
import { createHttp, HTTPError, NetworkError, TimeoutError } from './http.ts';

function recorder(answer: () => Response | Promise<Response> = () => Response.json({ ok: 1 })) {
  const calls: Request[] = [];
  const fetchImpl = (async (input: RequestInfo | URL, init?: RequestInit) => {
    calls.push(new Request(input, init));
    return answer();
  }) as typeof fetch;
  return { calls, fetchImpl };
}

/** A fetch that answers only when its signal aborts (rejecting like the browser does). */
const hangingFetch = (async (_input: RequestInfo | URL, init?: RequestInit) =>
  new Promise<Response>((_resolve, reject) => {
    init?.signal?.addEventListener('abort', () => reject(init.signal!.reason as Error), {
      once: true,
    });
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

  it('rejects a non-2xx answer with HTTPError carrying the parsed body', async () => {
    const { fetchImpl } = recorder(() =>
      Response.json({ message: 'Nope', code: 'conflict' }, { status: 409, statusText: 'Conflict' }),
    );
    const http = createHttp({ baseUrl: 'http://x.test', fetch: fetchImpl });
    const error = await http
      .get('x')
      .json()
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(HTTPError);
    expect((error as HTTPError).response.status).toBe(409);
    expect((error as HTTPError).data).toEqual({ message: 'Nope', code: 'conflict' });
    expect(toApiError(error)).toMatchObject({ status: 409, message: 'Nope' });
  });

  it('keeps a text body as text and an empty one as undefined', async () => {
    let answer = new Response('Bad gateway', { status: 502 });
    const { fetchImpl } = recorder(() => answer);
    const http = createHttp({ baseUrl: 'http://x.test', fetch: fetchImpl });
    expect(await http.get('x').catch((e: HTTPError) => e.data)).toBe('Bad gateway');
    answer = new Response(null, { status: 500 });
    expect(await http.get('x').catch((e: HTTPError) => e.data)).toBeUndefined();
  });

  it('turns a failed fetch into NetworkError, which reads as a connection failure', async () => {
    const http = createHttp({
      baseUrl: 'http://x.test',
      fetch: (() => Promise.reject(new TypeError('Load failed'))) as typeof fetch,
    });
    const error = await http.get('x').catch((e: unknown) => e);
    expect(error).toBeInstanceOf(NetworkError);
    expect((error as Error).message).toMatch(/network error/);
    expect(toApiError(error)).toMatchObject({ status: 0, code: 'network' });
    expect(isAbortError(error)).toBe(false);
  });

  it('gives up after the timeout with TimeoutError', async () => {
    const http = createHttp({ baseUrl: 'http://x.test', fetch: hangingFetch, timeoutMs: 20 });
    const error = await http.get('x').catch((e: unknown) => e);
    expect(error).toBeInstanceOf(TimeoutError);
    expect(toApiError(error)).toMatchObject({
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
