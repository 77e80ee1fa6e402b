/**
 * The CRM outbox under failure: a failing Pipedrive is retried with
 * growing waits until it answers; one that keeps failing is given up, listed by
 * GET /admin/jobs and retried by POST /admin/jobs/{id}/retry (canManageUsers only);
 * a hanging Pipedrive never holds up a request nor the app's close; two server processes
 * on one database run each job once. On PGlite, and on PostgreSQL with TEST_DATABASE_URL.
 */
import { sql } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import type { PipelineEvent } from '../src/crm/types.ts';
import {
  ADMIN,
  databaseKinds,
  startTestServer,
  startTwinServers,
  type TestServer,
} from './harness.ts';
import { call, signIn, uniqueEmail } from './helpers.ts';
import { startPipedriveFake, type PipedriveFake, crmEnv as fakeCrmEnv } from './pipedrive-fake.ts';

const location = { address: 'Manas Avenue 5, Bishkek', latitude: 42.86, longitude: 74.6 };

const crmEnv = (fake: PipedriveFake, extra: Record<string, string> = {}) =>
  fakeCrmEnv(fake, { PIPEDRIVE_RETRY_BASE_MS: '200', PIPEDRIVE_RETRY_MAX_MS: '800', ...extra });

/** A client with a project; answers the quote-request event of it. */
async function quoteRequest(server: TestServer): Promise<PipelineEvent & { token: string }> {
  const admin = await signIn(server, ADMIN);
  const email = uniqueEmail('queue');
  const made = await call(server, 'POST', '/admin/users', {
    token: admin.token,
    body: {
      name: 'Nurlan Asanov',
      email,
      password: 'Secret123',
      userType: 4,
      emailConfirmed: true,
    },
  });
  expect(made.status).toBe(201);
  const { token, user } = await signIn(server, { email, password: 'Secret123' });
  const created = await call(server, 'POST', '/projects', { token, body: { location } });
  expect(created.status).toBe(201);
  return {
    projectId: created.body.id as string,
    ownerId: user.id,
    from: 'draft',
    to: 'quote_requested',
    action: 'requestQuote',
    at: new Date(),
    token,
  };
}

async function job(server: TestServer, projectId: string) {
  const result = await server.database.db.execute(sql`
    select attempts, last_error as "lastError", done_at as "doneAt" from jobs
    where payload->>'projectId' = ${projectId}`);
  return (
    result as unknown as {
      rows: { attempts: number; lastError: string | null; doneAt: Date | null }[];
    }
  ).rows[0];
}

describe.each(databaseKinds)('the CRM outbox on %s', (kind) => {
  let fake: PipedriveFake;
  let server: TestServer;
  beforeAll(async () => {
    fake = await startPipedriveFake();
    server = await startTestServer(kind, crmEnv(fake));
  });
  afterAll(async () => {
    await server?.close();
    await fake?.close();
  });
  afterEach(() => {
    fake.hang = false;
    fake.failNext(0);
  });

  it('retries a failed job after growing waits, then succeeds', async () => {
    const e = await quoteRequest(server);
    fake.failNext(2, 502);
    const first = fake.calls.length;
    await server.app.crm!.listener.statusChanged(e);
    await vi.waitFor(async () => expect((await job(server, e.projectId))?.doneAt).not.toBeNull(), {
      timeout: 10_000,
      interval: 50,
    });
    expect(await job(server, e.projectId)).toMatchObject({ attempts: 2, lastError: null });
    // Calls of the three tries: each try's first call is the person search.
    const tries = fake.calls.slice(first).filter((c) => c.path === '/api/v2/persons/search');
    expect(tries).toHaveLength(3);
    // Waits of at least half the ceiling: 100 ms after the first failure, 200 after the second.
    expect(tries[1]!.at - tries[0]!.at).toBeGreaterThanOrEqual(100);
    expect(tries[2]!.at - tries[1]!.at).toBeGreaterThanOrEqual(200);
    expect(fake.callsTo('POST', '/api/v2/deals').length).toBeGreaterThan(0);
  });

  it('gives a job up after the last attempt and shows it to admins only', async () => {
    const e = await quoteRequest(server);
    fake.failNext(1000, 500);
    await server.app.crm!.listener.statusChanged(e);
    await vi.waitFor(async () => expect((await job(server, e.projectId))?.attempts).toBe(3), {
      timeout: 10_000,
      interval: 50,
    });
    fake.failNext(0);
    const admin = await signIn(server, ADMIN);
    const failed = await call(server, 'GET', '/admin/jobs?state=failed', {
      token: admin.token,
    });
    expect(failed.status).toBe(200);
    const item = failed.body.items.find(
      (i: { payload: { projectId: string } }) => i.payload.projectId === e.projectId,
    );
    expect(item).toMatchObject({
      kind: 'deal.create',
      state: 'failed',
      attempts: 3,
      lastError: expect.stringContaining('HTTP 500'),
      nextAttemptAt: expect.any(String),
      createdAt: expect.any(String),
    });
    const pending = await call(server, 'GET', '/admin/jobs?state=pending', {
      token: admin.token,
    });
    expect(pending.body.items.map((i: { id: string }) => i.id)).not.toContain(item.id);
    // Given up means given up: no further calls for it.
    const calls = fake.calls.length;
    await server.app.jobs.drain();
    expect(fake.calls.length).toBe(calls);

    // Once Pipedrive works again, an admin gives the job a fresh set of attempts.
    const retried = await call(server, 'POST', `/admin/jobs/${item.id}/retry`, {
      token: admin.token,
    });
    expect(retried.status).toBe(200);
    expect(retried.body).toMatchObject({ id: item.id, state: 'pending', attempts: 0 });
    await vi.waitFor(async () => expect((await job(server, e.projectId))?.doneAt).not.toBeNull(), {
      timeout: 10_000,
      interval: 50,
    });
    const again = await call(server, 'POST', `/admin/jobs/${item.id}/retry`, {
      token: admin.token,
    });
    expect(again.status).toBe(404);
    expect(
      (await call(server, 'POST', '/admin/jobs/nope/retry', { token: admin.token })).status,
    ).toBe(400);

    const client = await call(server, 'GET', '/admin/jobs', { token: e.token });
    expect(client.status).toBe(403);
    const clientRetry = await call(server, 'POST', `/admin/jobs/${item.id}/retry`, {
      token: e.token,
    });
    expect(clientRetry.status).toBe(403);
    expect((await call(server, 'GET', '/admin/jobs')).status).toBe(401);
    const bad = await call(server, 'GET', '/admin/jobs?state=lost', { token: admin.token });
    expect(bad.status).toBe(400);
  });

  it('never makes a request wait for a hanging Pipedrive', async () => {
    const e = await quoteRequest(server);
    fake.hang = true;
    const calls = fake.calls.length;
    const abandoned = fake.abandoned;
    await server.app.crm!.listener.statusChanged(e);
    // The event is handed on without waiting for a call (none was given up on yet).
    expect(fake.abandoned).toBe(abandoned);
    await vi.waitFor(() => expect(fake.calls.length).toBeGreaterThan(calls));
    // A job is in flight against a Pipedrive that does not answer; requests still answer.
    const list = await call(server, 'GET', '/projects', { token: e.token });
    expect(list.status).toBe(200);
    // The call's time limit (1 s) ends the attempt; the job waits for its retry.
    await vi.waitFor(
      async () =>
        expect(await job(server, e.projectId)).toMatchObject({
          attempts: 1,
          lastError: expect.stringContaining('did not answer'),
        }),
      { timeout: 5000, interval: 50 },
    );
    fake.hang = false;
    await vi.waitFor(async () => expect((await job(server, e.projectId))?.doneAt).not.toBeNull(), {
      timeout: 10_000,
      interval: 50,
    });
  });
});

describe.each(databaseKinds)('two server processes on %s', (kind) => {
  it('run each job once, and close without waiting for a hanging call', async () => {
    const fake = await startPipedriveFake();
    // A call's time limit (120 s) beyond the test's (30 s): a close that waited for the
    // hanging call would fail the test.
    const twins = await startTwinServers(kind, crmEnv(fake, { PIPEDRIVE_TIMEOUT_MS: '120000' }));
    const [a, b] = twins.servers;
    try {
      const events = [];
      for (let i = 0; i < 6; i++) events.push(await quoteRequest(i % 2 ? a : b));
      for (const [i, e] of events.entries())
        await (i % 2 ? b : a).app.crm!.listener.statusChanged(e);
      await vi.waitFor(() => expect(fake.deals.size).toBe(6), { timeout: 15_000, interval: 50 });
      await Promise.all([a.app.jobs.drain(), b.app.jobs.drain()]);
      expect(fake.callsTo('POST', '/api/v2/deals')).toHaveLength(6);

      fake.hang = true;
      const calls = fake.calls.length;
      await a.app.crm!.listener.statusChanged({
        ...events[0]!,
        from: 'quote_requested',
        to: 'inspected',
      });
      await vi.waitFor(() => expect(fake.calls.length).toBeGreaterThan(calls));
      const abandoned = fake.abandoned;
      await a.app.close();
      await b.app.close();
      // Closing gave up the hanging call instead of waiting for it.
      await vi.waitFor(() => expect(fake.abandoned).toBeGreaterThan(abandoned));
    } finally {
      await twins.close();
      await fake.close();
    }
  });
});
