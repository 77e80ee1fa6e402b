import { describe, expect, it } from 'vitest';
import { signIn } from './auth.ts';
import { ApiError, createHttp } from './client.ts';

function fakeFetch(status: number, body: unknown, statusText = '') {
  const calls: Request[] = [];
  const fetchImpl = (async (input: RequestInfo | URL, init?: RequestInit) => {
    calls.push(new Request(input, init));
    return new Response(body === undefined ? null : JSON.stringify(body), {
      status,
      statusText,
      headers: { 'content-type': 'application/json' },
    });
  }) as typeof fetch;
  return { fetchImpl, calls };
}

describe('api client (spec section 7)', () => {
  it('sends the bearer token and posts to /api/v1', async () => {
    const { fetchImpl, calls } = fakeFetch(200, { token: 't', expiresAt: 'x', user: {} });
    const http = createHttp({
      baseUrl: 'http://x.test/api/v1',
      fetch: fetchImpl,
      getAccessToken: () => 'abc',
    });
    await signIn(http, { email: 'a@b.co', password: 'p' });
    expect(calls[0]?.url).toBe('http://x.test/api/v1/auth/email/signin');
    expect(calls[0]?.headers.get('authorization')).toBe('Bearer abc');
  });

  it("uses the server's message and code when the body has them", async () => {
    const { fetchImpl } = fakeFetch(401, {
      message: 'Login failed. Please check your credentials.',
      code: 'invalid_credentials',
    });
    const http = createHttp({ baseUrl: 'http://x.test/api/v1', fetch: fetchImpl });
    const error = await signIn(http, { email: 'a@b.co', password: 'p' }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({
      status: 401,
      code: 'invalid_credentials',
      message: 'Login failed. Please check your credentials.',
    });
  });

  it("falls back to 'HTTP {status}: {statusText}'", async () => {
    const { fetchImpl } = fakeFetch(502, undefined, 'Bad Gateway');
    const http = createHttp({ baseUrl: 'http://x.test/api/v1', fetch: fetchImpl });
    const error = await signIn(http, { email: 'a@b.co', password: 'p' }).catch((e: unknown) => e);
    expect(error).toMatchObject({ status: 502, message: 'HTTP 502: Bad Gateway' });
  });
});
