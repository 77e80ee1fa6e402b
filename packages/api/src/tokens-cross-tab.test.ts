/**
 * Refresh across tabs: two clients sharing one storage (two tabs of one
 * origin) and one lock manager refresh once between them, the second using the first one's
 * stored result instead of sending the old refresh token again; a fresh short-lived token
 * is not refreshed again on the next request.
 */
import { STORAGE_KEYS } from '@solar/domain/session';
import { describe, expect, it } from 'vitest';
import { createApiClient } from './client.ts';
import { TEST_USER as user, testAccessToken } from './mock/session-fixture.ts';
import { createSessionStore, memoryStorage } from './session.ts';
import type { RefreshLocks } from './tokens.ts';

const token = (iatMs: number, expMs: number, nonce: string) => testAccessToken(expMs, nonce, iatMs);

/** An in-memory exclusive lock manager: the subset of the Web Locks API the client uses. */
function memoryLocks(): RefreshLocks {
  const tails = new Map<string, Promise<unknown>>();
  return {
    request<T>(name: string, callback: () => Promise<T>): Promise<T> {
      const previous = tails.get(name) ?? Promise.resolve();
      const run = previous.then(callback, callback);
      tails.set(
        name,
        run.catch(() => undefined),
      );
      return run;
    },
  };
}

/** A server that rotates refresh tokens strictly (a reused token is refused). */
function strictServer(now: () => number) {
  let current = 'r1';
  let serial = 0;
  const sent: string[] = [];
  const fetchImpl = (async (input: RequestInfo | URL, init?: RequestInit) => {
    const request = new Request(input, init);
    if (request.url.endsWith('/auth/refresh')) {
      const { refreshToken } = (await request.json()) as { refreshToken: string };
      sent.push(refreshToken);
      // Answered on a later turn of the event loop, as a network answer is: calls made
      // meanwhile find the refresh under way.
      await new Promise((resolve) => setTimeout(resolve, 0));
      if (refreshToken !== current) {
        return Response.json(
          { message: 'refresh token reuse detected', code: 'unauthenticated' },
          { status: 401 },
        );
      }
      serial += 1;
      current = `r${serial + 1}`;
      return Response.json({
        token: token(now(), now() + 20_000, `t${serial}`),
        refreshToken: current,
        expiresAt: new Date(now() + 20_000).toISOString(),
      });
    }
    return Response.json({ ...user, emailConfirmed: true, createdAt: '2026-01-01T00:00:00.000Z' });
  }) as typeof fetch;
  return { fetchImpl, sent };
}

describe('refresh across tabs', () => {
  it.each([
    ['an in-memory lock manager', () => memoryLocks()],
    ["the platform's navigator.locks (the default)", () => undefined],
  ])('two tabs with an expired token send one refresh between them (%s)', async (_, makeLocks) => {
    const now = Date.now;
    const start = now();
    const storage = memoryStorage({
      [STORAGE_KEYS.user]: JSON.stringify(user),
      [STORAGE_KEYS.authToken]: token(start - 60_000, start - 1_000, 'old'),
      [STORAGE_KEYS.refreshToken]: 'r1',
    });
    const server = strictServer(now);
    const locks = makeLocks();
    const signedOut: string[] = [];
    const tab = (name: string) =>
      createApiClient({
        baseUrl: 'http://api.test/api/v1',
        storage,
        fetch: server.fetchImpl,
        ...(locks ? { locks } : {}),
        onSignedOut: () => signedOut.push(name),
      });
    const [a, b] = [tab('a'), tab('b')];
    const [meA, meB] = await Promise.all([a.profile.get(), b.profile.get()]);
    expect(meA.id).toBe('u1');
    expect(meB.id).toBe('u1');
    expect(server.sent).toEqual(['r1']);
    expect(signedOut).toEqual([]);
    expect(storage.getItem(STORAGE_KEYS.refreshToken)).toBe('r2');
  });

  it('a fresh token living less than the skew is not refreshed again on the next request', async () => {
    const start = Date.now();
    const storage = memoryStorage({
      [STORAGE_KEYS.user]: JSON.stringify(user),
      [STORAGE_KEYS.authToken]: token(start - 60_000, start - 1_000, 'old'),
      [STORAGE_KEYS.refreshToken]: 'r1',
    });
    const server = strictServer(Date.now);
    const api = createApiClient({
      baseUrl: 'http://api.test/api/v1',
      storage,
      fetch: server.fetchImpl,
      locks: memoryLocks(),
    });
    await api.profile.get();
    await api.profile.get();
    await api.profile.get();
    expect(server.sent).toEqual(['r1']);
  });
});

describe('one session across tabs', () => {
  function twoTabs() {
    const start = Date.now();
    const storage = memoryStorage({
      [STORAGE_KEYS.user]: JSON.stringify(user),
      [STORAGE_KEYS.authToken]: token(start - 60_000, start - 1_000, 'old'),
      [STORAGE_KEYS.refreshToken]: 'r1',
    });
    const server = strictServer(Date.now);
    const locks = memoryLocks();
    const tab = () =>
      createApiClient({
        baseUrl: 'http://api.test/api/v1',
        storage,
        fetch: server.fetchImpl,
        locks,
        onSignedOut: () => undefined,
      });
    return { storage, server, a: tab(), b: tab() };
  }

  it("a tab asking for a token after another tab's refresh takes the new pair into its snapshot", async () => {
    // No storage event reached tab a (they arrive asynchronously, or not at all here): its
    // snapshot, which its route guard reads, still holds the expired token.
    const { server, a, b } = twoTabs();
    await b.profile.get();
    const fresh = b.session.getSnapshot().accessToken;
    expect(a.session.getSnapshot().accessToken).not.toBe(fresh);
    let notified = 0;
    a.session.subscribe(() => (notified += 1));

    await expect(a.getAccessToken()).resolves.toBe(fresh);
    expect(a.session.getSnapshot().accessToken).toBe(fresh);
    expect(a.session.getSnapshot().refreshToken).toBe('r2');
    expect(notified).toBe(1);
    expect(server.sent).toEqual(['r1']);
  });

  it("the store follows another tab's writes as they are reported: refresh, role, sign-out", () => {
    const storage = memoryStorage({
      [STORAGE_KEYS.user]: JSON.stringify(user),
      [STORAGE_KEYS.authToken]: 'token-1',
      [STORAGE_KEYS.refreshToken]: 'r1',
    });
    const reporters = new Set<() => void>();
    const external = (onChange: () => void) => {
      reporters.add(onChange);
      return () => reporters.delete(onChange);
    };
    const report = () => reporters.forEach((onChange) => onChange());
    const tab = createSessionStore(storage, external);
    const other = createSessionStore(storage, external);
    let notified = 0;
    tab.subscribe(() => (notified += 1));

    other.setTokens({ token: 'token-2', refreshToken: 'r2', expiresAt: '2030-01-01T00:00:00Z' });
    report();
    expect(tab.getSnapshot()).toMatchObject({ accessToken: 'token-2', refreshToken: 'r2' });
    expect(notified).toBe(1);

    other.setUser({ ...user, role: 'project_manager' });
    report();
    expect(tab.getSnapshot().user?.role).toBe('project_manager');

    report(); // nothing changed: no notification
    expect(notified).toBe(2);

    other.clear();
    report();
    expect(tab.getSnapshot()).toEqual({ user: null, accessToken: null, refreshToken: null });
    expect(notified).toBe(3);
  });
});
