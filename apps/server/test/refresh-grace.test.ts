/**
 * Refresh-token grace (`POST /auth/refresh` in the OpenAPI document): a refresh token
 * presented again within REFRESH_TOKEN_GRACE seconds of its rotation (two tabs refreshing
 * at once) gets the same successor, not a new branch and not a revoked family; presented
 * after the grace it is a reuse and revokes the family. The server's clock is the test's.
 */
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { refreshTokens } from '../src/db/schema.ts';
import { ADMIN, databaseKinds, startTestServer, type TestServer } from './harness.ts';
import { call, signIn } from './helpers.ts';

describe.each(databaseKinds)('refresh grace on %s', (kind) => {
  let server: TestServer;
  let nowMs = Date.now();
  beforeAll(async () => {
    server = await startTestServer(kind, { REFRESH_TOKEN_GRACE: '10' }, { now: () => nowMs });
  });
  afterAll(async () => {
    await server?.close();
  });

  const refresh = (refreshToken: string) =>
    call(server, 'POST', '/auth/refresh', { body: { refreshToken } });

  it('answers a replay within the grace with the same successor, and the family goes on', async () => {
    nowMs = Date.now();
    const session = await signIn(server, ADMIN);
    const first = await refresh(session.refreshToken);
    expect(first.status).toBe(200);
    nowMs += 9_000;
    const replay = await refresh(session.refreshToken);
    expect(replay.status, JSON.stringify(replay.body)).toBe(200);
    expect(replay.body.refreshToken).toBe(first.body.refreshToken);
    expect(replay.body.token).toEqual(expect.any(String));
    const rows = await server.database.db
      .select()
      .from(refreshTokens)
      .where(eq(refreshTokens.userId, session.user.id));
    const family = rows.filter((row) => row.familyId === rows.at(-1)!.familyId);
    // The first token and its one successor: no new branch, nothing revoked.
    expect(family.filter((row) => row.revokedAt)).toEqual([]);
    const next = await refresh(first.body.refreshToken);
    expect(next.status).toBe(200);
  });

  it('treats a replay after the grace as reuse: 401 and the family revoked', async () => {
    nowMs = Date.now();
    const session = await signIn(server, ADMIN);
    const first = await refresh(session.refreshToken);
    expect(first.status).toBe(200);
    nowMs += 11_000;
    const replay = await refresh(session.refreshToken);
    expect(replay.status).toBe(401);
    expect(replay.body.code).toBe('unauthenticated');
    expect((await refresh(first.body.refreshToken)).status).toBe(401);
  });

  it('treats a replay within the grace as reuse once the successor was itself rotated', async () => {
    nowMs = Date.now();
    const session = await signIn(server, ADMIN);
    const first = await refresh(session.refreshToken);
    nowMs += 1_000;
    const second = await refresh(first.body.refreshToken);
    expect(second.status).toBe(200);
    nowMs += 1_000;
    expect((await refresh(session.refreshToken)).status).toBe(401);
    expect((await refresh(second.body.refreshToken)).status).toBe(401);
  });

  it('answers two refreshes sent at once with the same successor', async () => {
    nowMs = Date.now();
    const session = await signIn(server, ADMIN);
    const [a, b] = await Promise.all([
      refresh(session.refreshToken),
      refresh(session.refreshToken),
    ]);
    expect([a.status, b.status]).toEqual([200, 200]);
    expect(a.body.refreshToken).toBe(b.body.refreshToken);
    expect((await refresh(a.body.refreshToken)).status).toBe(200);
  });
});
