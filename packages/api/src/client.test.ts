/**
 * The client's HTTP rules (docs/product.md#errors-and-messages; the OpenAPI document): base
 * /api/v1, bearer on authenticated calls, none on sign-in, error vocabulary, the 403 'Authorization
 * Error' event, the session stored on sign-in and cleared on sign-out, and the first slice's names.
 */
import { describe, expect, it, vi } from 'vitest';
import { createApiClient } from './client.ts';
import { ApiError } from './errors.ts';
import { fakeJwt } from './mock/jwt.ts';
import { TEST_USER as user, testAccessToken } from './mock/session-fixture.ts';
import { memoryStorage } from './session.ts';

const freshToken = testAccessToken(Date.now() + 900_000, 'x');

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

const signedInStorage = () =>
  memoryStorage({ user: JSON.stringify(user), authToken: freshToken, refreshToken: 'r1' });

describe('api client', () => {
  it('sends the stored bearer token on authenticated calls under the base URL', async () => {
    const { fetchImpl, calls } = fakeFetch(200, { items: [] });
    const api = createApiClient({
      baseUrl: 'http://x.test/api/v1',
      fetch: fetchImpl,
      storage: signedInStorage(),
    });
    await api.adminUsers.list({ pageNumber: 2, searchTerm: '', userType: 0 });
    expect(calls[0]!.url).toBe('http://x.test/api/v1/admin/users?pageNumber=2&userType=0');
    expect(calls[0]!.headers.get('authorization')).toBe(`Bearer ${freshToken}`);
  });

  it('sign-in sends no token, stores the session; sign-out posts the refresh token and clears it', async () => {
    const auth = {
      token: freshToken,
      refreshToken: 'r9',
      expiresAt: '2030-01-01T00:00:00.000Z',
      user,
    };
    const { fetchImpl, calls } = fakeFetch(200, auth);
    const storage = memoryStorage({ authToken: 'stale.token.value' });
    const api = createApiClient({ baseUrl: 'http://x.test/api/v1', fetch: fetchImpl, storage });
    const listener = vi.fn();
    api.session.subscribe(listener);
    await api.auth.signIn({ email: 'a@b.co', password: 'secret' });
    expect(calls[0]!.headers.get('authorization')).toBeNull();
    expect(storage.getItem('user')).toBe(JSON.stringify(user));
    expect(storage.getItem('refreshToken')).toBe('r9');
    expect(api.session.getSnapshot()).toEqual({
      user,
      accessToken: freshToken,
      refreshToken: 'r9',
    });
    expect(listener).toHaveBeenCalled();

    storage.setItem('googleIdToken', 'g');
    await api.auth.signOut();
    expect(calls[1]!.url).toBe('http://x.test/api/v1/auth/signout');
    expect(await calls[1]!.json()).toEqual({ refreshToken: 'r9' });
    for (const key of ['user', 'authToken', 'refreshToken', 'googleIdToken'])
      expect(storage.getItem(key)).toBeNull();
  });

  it("uses the server's message, code and field errors", async () => {
    const { fetchImpl } = fakeFetch(400, {
      message: 'Name is required',
      code: 'validation_failed',
      errors: { name: 'Name is required' },
    });
    const api = createApiClient({
      baseUrl: 'http://x.test/api/v1',
      fetch: fetchImpl,
      storage: signedInStorage(),
    });
    const error = await api.profile.update({ name: '', email: 'a@b.co' }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({
      status: 400,
      code: 'validation_failed',
      message: 'Name is required',
      fieldErrors: { name: 'Name is required' },
    });
  });

  it("falls back to 'HTTP {status}: {statusText}' without a message", async () => {
    const { fetchImpl } = fakeFetch(502, undefined, 'Bad Gateway');
    const api = createApiClient({ baseUrl: 'http://x.test/api/v1', fetch: fetchImpl });
    expect(await api.config.get().catch((e: unknown) => e)).toMatchObject({
      status: 502,
      message: 'HTTP 502: Bad Gateway',
    });
  });

  it("a 403 raises the 'Authorization Error' event with 'You are not authorized to do that'", async () => {
    const { fetchImpl } = fakeFetch(403, { message: 'Forbidden', code: 'forbidden' });
    const onAuthorizationError = vi.fn();
    const api = createApiClient({
      baseUrl: 'http://x.test/api/v1',
      fetch: fetchImpl,
      storage: signedInStorage(),
      onAuthorizationError,
    });
    const error = await api.adminUsers.list().catch((e: unknown) => e);
    expect(error).toMatchObject({
      status: 403,
      code: 'forbidden',
      message: 'You are not authorized to do that',
      title: { defaultMessage: 'Authorization Error' },
    });
    expect(onAuthorizationError).toHaveBeenCalledWith(error);
  });

  it('other failures do not raise the authorization event', async () => {
    const { fetchImpl } = fakeFetch(404, { message: 'User not found', code: 'not_found' });
    const onAuthorizationError = vi.fn();
    const api = createApiClient({
      baseUrl: 'http://x.test/api/v1',
      fetch: fetchImpl,
      storage: signedInStorage(),
      onAuthorizationError,
    });
    await api.adminUsers.get('x').catch(() => undefined);
    expect(onAuthorizationError).not.toHaveBeenCalled();
  });

  it('a network failure is status 0, code network, with the original message', async () => {
    const fetchImpl = (async () => {
      throw new TypeError('Failed to fetch');
    }) as typeof fetch;
    const api = createApiClient({ baseUrl: 'http://x.test/api/v1', fetch: fetchImpl });
    expect(await api.config.health().catch((e: unknown) => e)).toMatchObject({
      status: 0,
      code: 'network',
    });
  });

  it('the start-up rule clears a stored user whose token expired', () => {
    const expired = fakeJwt({ sub: 'u1', role: 'Admin', exp: 1000 }, 'e');
    const storage = memoryStorage({
      user: JSON.stringify(user),
      authToken: expired,
      refreshToken: 'r1',
    });
    const api = createApiClient({ storage });
    expect(api.session.restore(Date.now())).toEqual({
      user: null,
      accessToken: null,
      refreshToken: null,
    });
  });

  it('the start-up rule gives a stored user without role the token role, lowercased', () => {
    const token = fakeJwt(
      { sub: 'u1', role: 'Admin', exp: Math.floor(Date.now() / 1000) + 60 },
      'e',
    );
    const storage = memoryStorage({
      user: JSON.stringify({ ...user, role: null }),
      authToken: token,
    });
    expect(createApiClient({ storage }).session.restore(Date.now()).user).toMatchObject({
      role: 'admin',
    });
  });
});
