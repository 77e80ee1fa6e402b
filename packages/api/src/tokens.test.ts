/**
 * Token refresh (docs/product.md#accounts-and-sessions and #errors-and-messages) with fake timers:
 * single flight, sign-out on a refused refresh, session kept on a network failure, missing refresh
 * token.
 */
import { STORAGE_KEYS } from '@solar/domain/session';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createApiClient } from './client.ts';
import { ApiError } from './errors.ts';
import { TEST_USER as user, testAccessToken as token } from './mock/session-fixture.ts';
import { memoryStorage } from './session.ts';

const START = Date.parse('2026-03-01T10:00:00Z');

type RefreshBehaviour = 'ok' | 'refused' | 'network';

function setup(
  options: { refresh?: RefreshBehaviour; refreshToken?: string | null; accessExpMs?: number } = {},
) {
  const storage = memoryStorage({
    [STORAGE_KEYS.user]: JSON.stringify(user),
    [STORAGE_KEYS.authToken]: token(options.accessExpMs ?? START - 1000, 'old'),
    ...(options.refreshToken === null
      ? {}
      : { [STORAGE_KEYS.refreshToken]: options.refreshToken ?? 'r1' }),
  });
  const fresh = token(START + 900_000, 'new');
  const calls = { refresh: 0, api: [] as (string | null)[] };
  const fetchImpl = (async (input: RequestInfo | URL, init?: RequestInit) => {
    const request = new Request(input, init);
    if (request.url.endsWith('/auth/refresh')) {
      calls.refresh += 1;
      await new Promise((resolve) => setTimeout(resolve, 100));
      if (options.refresh === 'network') throw new TypeError('fetch failed');
      if (options.refresh === 'refused') {
        return Response.json(
          { message: 'Refresh token is invalid', code: 'unauthenticated' },
          { status: 401 },
        );
      }
      return Response.json({
        token: fresh,
        refreshToken: 'r2',
        expiresAt: new Date(START + 900_000).toISOString(),
      });
    }
    calls.api.push(request.headers.get('authorization'));
    return Response.json({ ...user, emailConfirmed: true, createdAt: '2026-01-01T00:00:00.000Z' });
  }) as typeof fetch;
  const onSignedOut = vi.fn();
  const api = createApiClient({
    baseUrl: 'http://api.test/api/v1',
    storage,
    fetch: fetchImpl,
    onSignedOut,
  });
  return { api, storage, calls, fresh, onSignedOut };
}

beforeEach(() => {
  vi.useFakeTimers();
  vi.setSystemTime(START);
});
afterEach(() => vi.useRealTimers());

describe('token refresh', () => {
  it('ten concurrent calls with an expired token cause exactly one refresh, then all send the new token', async () => {
    const { api, calls, fresh, storage } = setup();
    const all = Promise.all(Array.from({ length: 10 }, () => api.profile.get()));
    await vi.advanceTimersByTimeAsync(150);
    await all;
    expect(calls.refresh).toBe(1);
    expect(calls.api).toEqual(Array.from({ length: 10 }, () => `Bearer ${fresh}`));
    expect(storage.getItem('authToken')).toBe(fresh);
    expect(storage.getItem('refreshToken')).toBe('r2');
  });

  it('refreshes a token that expires within the skew, and not a fresh one', async () => {
    const almost = setup({ accessExpMs: START + 10_000 });
    const first = almost.api.profile.get();
    await vi.advanceTimersByTimeAsync(150);
    await first;
    expect(almost.calls.refresh).toBe(1);

    const fine = setup({ accessExpMs: START + 600_000 });
    await fine.api.profile.get();
    expect(fine.calls.refresh).toBe(0);
  });

  it('a refused refresh signs out and redirects with the spec message', async () => {
    const { api, storage, onSignedOut, calls } = setup({ refresh: 'refused' });
    const result = api.profile.get().catch((e: unknown) => e);
    await vi.advanceTimersByTimeAsync(150);
    const error = await result;
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({
      status: 401,
      message: 'Token expired and refresh failed. Please sign in again.',
    });
    expect(onSignedOut).toHaveBeenCalledTimes(1);
    expect(onSignedOut).toHaveBeenCalledWith({
      reason: 'refresh_failed',
      message: 'Token expired and refresh failed. Please sign in again.',
    });
    for (const key of ['user', 'authToken', 'refreshToken'])
      expect(storage.getItem(key)).toBeNull();
    expect(api.session.getSnapshot().user).toBeNull();
    expect(calls.api).toEqual([]);
  });

  it('a network failure during refresh keeps the session and rejects with the network error', async () => {
    const { api, storage, onSignedOut } = setup({ refresh: 'network' });
    const result = api.profile.get().catch((e: unknown) => e);
    await vi.advanceTimersByTimeAsync(150);
    expect(await result).toMatchObject({ status: 0, code: 'network' });
    expect(onSignedOut).not.toHaveBeenCalled();
    expect(storage.getItem('refreshToken')).toBe('r1');
    expect(api.session.getSnapshot().user).toMatchObject({ id: 'u1' });
  });

  it("without a refresh token the call fails with 'No refresh token available' and signs out", async () => {
    const { api, onSignedOut, calls } = setup({ refreshToken: null });
    const error = await api.profile.get().catch((e: unknown) => e);
    expect(error).toMatchObject({ status: 401, message: 'No refresh token available' });
    expect(calls.refresh).toBe(0);
    expect(onSignedOut).toHaveBeenCalledWith({
      reason: 'no_refresh_token',
      message: 'No refresh token available',
    });
  });

  it('a later call after a refresh uses the stored new token without refreshing again', async () => {
    const { api, calls, fresh } = setup();
    const first = api.profile.get();
    await vi.advanceTimersByTimeAsync(150);
    await first;
    await api.profile.get();
    expect(calls.refresh).toBe(1);
    expect(calls.api.at(-1)).toBe(`Bearer ${fresh}`);
  });
});
