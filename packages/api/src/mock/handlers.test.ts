/// <reference types="node" />
/**
 * The mock backend in Node (msw/node): scenario switches for stories, the token-by-token
 * stream that outlives a disconnect, the user's stop stored as an interrupted reply, the demo seed, and the rule
 * that the package root never reaches the mock.
 */
import { readFileSync } from 'node:fs';
import { setupServer } from 'msw/node';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { createApiClient } from '../client.ts';
import { memoryStorage } from '../session.ts';
import { createMockApi, scenarios } from './handlers.ts';

const baseUrl = 'http://mock.test/api/v1';
const admin = { email: 'admin@solar.local', password: 'Admin123!' };
const mock = createMockApi({
  baseUrl,
  seed: 'demo',
  now: () => Date.parse('2026-03-01T10:00:00Z') + performance.now(),
});
const server = setupServer(...mock.list);
const client = () =>
  createApiClient({ baseUrl, storage: memoryStorage(), onSignedOut: () => undefined });

beforeAll(() => server.listen({ onUnhandledFrame: 'error' }));
afterEach(() => {
  mock.scenario = {};
});
afterAll(() => server.close());

describe('mock backend', () => {
  it('the demo seed has users of every role for the admin list, sorted and paged', async () => {
    const api = client();
    await api.auth.signIn(admin);
    const page = await api.adminUsers.list({ pageSize: 5, sortBy: 'name', descending: false });
    expect(page).toMatchObject({
      pageNumber: 1,
      pageSize: 5,
      totalCount: 13,
      totalPages: 3,
      hasNextPage: true,
    });
    expect(page.items.map((u) => u.name)).toEqual([...page.items.map((u) => u.name)].sort());
    expect(
      new Set((await api.adminUsers.list({ pageSize: 100 })).items.map((u) => u.userType)),
    ).toEqual(new Set([0, 1, 2, 3, 4, 5, 6]));
  });

  it('the demo client has a conversation and a portfolio', async () => {
    const api = client();
    await api.auth.signIn({ email: 'daniyar@example.com', password: 'Password1' });
    const list = await api.chat.conversations();
    expect(list.conversations).toHaveLength(1);
    expect(await api.chat.portfolio()).toMatchObject({
      electricityConsumption: { monthlyKwh: 450, monthlyBill: 670 },
    });
  });

  it('an error scenario answers the contract error body for one group only', async () => {
    const api = client();
    await api.auth.signIn(admin);
    mock.scenario = scenarios.groupError('users', 500);
    expect(await api.adminUsers.list().catch((e: unknown) => e)).toMatchObject({
      status: 500,
      code: 'internal',
    });
    await expect(api.chat.portfolio()).resolves.toBeDefined();
  });

  it('a group loading scenario holds that group only', async () => {
    const api = client();
    await api.auth.signIn({ email: 'daniyar@example.com', password: 'Password1' });
    mock.scenario = scenarios.groupLoading('projects');
    let settled = false;
    void api.projects.pipelineList().finally(() => {
      settled = true;
    });
    // Asked after the list, the portfolio (chat group) answers while the list still waits.
    await expect(api.chat.portfolio()).resolves.toBeDefined();
    expect(settled).toBe(false);
  });

  it('the slow scenario delays answers', async () => {
    const api = client();
    mock.scenario = { delayMs: 120 };
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    try {
      let answered = false;
      const answer = api.config.get().then(() => (answered = true));
      await vi.advanceTimersByTimeAsync(119);
      expect(answered).toBe(false);
      await vi.advanceTimersByTimeAsync(1);
      await answer;
      expect(answered).toBe(true);
    } finally {
      vi.useRealTimers();
    }
  });

  it('streams token by token with the configured delay and stores the reply', async () => {
    const api = client();
    await api.auth.signUp({
      name: 'Stream Tester',
      email: 'stream@example.com',
      password: 'Password1',
      confirmPassword: 'Password1',
    });
    mock.scenario = { tokenDelayMs: 5 };
    // The reply's pace on a fake clock: a token comes only once the clock has passed 5 ms
    // since the one before.
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    const chunks = [];
    const after4Ms: boolean[] = [];
    try {
      const stream = api.chat.stream({ message: 'Hello there', conversationId: null });
      const reader = stream[Symbol.asyncIterator]();
      for (;;) {
        const next = reader.next();
        let arrived = false;
        void next.then(() => (arrived = true));
        await vi.advanceTimersByTimeAsync(chunks.length === 0 ? 0 : 4);
        after4Ms.push(arrived);
        if (!arrived) await vi.advanceTimersByTimeAsync(1);
        const { value, done } = await next;
        if (done) break;
        chunks.push(value);
      }
    } finally {
      vi.useRealTimers();
    }
    // Every token after the first waited for the clock.
    expect(after4Ms.slice(1, chunks.length - 1)).not.toContain(true);
    expect(chunks.length).toBeGreaterThan(3);
    const history = await api.chat.history(chunks[0]!.conversationId);
    expect(history.messages.at(-1)).toMatchObject({
      role: 'assistant',
      content: chunks.at(-1)!.completeMessage,
      interrupted: false,
    });
  });

  it('a client that disconnects leaves the reply running: it is stored in full', async () => {
    const api = client();
    await api.auth.signUp({
      name: 'Leave Tester',
      email: 'leave@example.com',
      password: 'Password1',
      confirmPassword: 'Password1',
    });
    mock.scenario = { tokenDelayMs: 5 };
    const leave = new AbortController();
    let conversationId = '';
    for await (const chunk of api.chat.stream(
      { message: 'Tell me everything', conversationId: null },
      { signal: leave.signal },
    )) {
      conversationId = chunk.conversationId;
      leave.abort();
    }
    await expect
      .poll(async () => (await api.chat.history(conversationId)).messages.at(-1))
      .toMatchObject({ role: 'assistant', interrupted: false });
    const stored = (await api.chat.history(conversationId)).messages.at(-1)!;
    expect(stored.content).toMatch(/characters received\)$/);
  });

  it("the user's stop mid-stream is stored as an interrupted partial reply", async () => {
    const api = client();
    await api.auth.signUp({
      name: 'Stop Tester',
      email: 'stop@example.com',
      password: 'Password1',
      confirmPassword: 'Password1',
    });
    mock.scenario = { tokenDelayMs: 20 };
    const chunks = [];
    for await (const chunk of api.chat.stream({
      message: 'Tell me everything',
      conversationId: null,
    })) {
      chunks.push(chunk);
      if (chunks.length === 2) await api.chat.stop(chunk.conversationId);
    }
    const last = chunks.at(-1)!;
    expect(last).toMatchObject({ isComplete: true, isError: false });
    const history = await api.chat.history(last.conversationId);
    expect(history.messages.at(-1)).toMatchObject({
      role: 'assistant',
      interrupted: true,
      content: last.completeMessage,
    });
    expect(last.completeMessage).toBe(chunks.map((c) => c.textDelta).join(''));
    expect(last.completeMessage!.length).toBeGreaterThan(0);
    expect(last.completeMessage).not.toMatch(/characters received/);
  });

  it('the stream error scenario sends an error chunk then complete', async () => {
    const api = client();
    await api.auth.signUp({
      name: 'Error Tester',
      email: 'error@example.com',
      password: 'Password1',
      confirmPassword: 'Password1',
    });
    mock.scenario = { ...scenarios.streamError(), tokenDelayMs: 0 };
    const chunks = [];
    for await (const chunk of api.chat.stream({
      message: 'Hello there my friend',
      conversationId: null,
    }))
      chunks.push(chunk);
    expect(chunks.at(-2)).toMatchObject({
      isError: true,
      textDelta: 'Sorry, an error occurred. Please try again.',
    });
    expect(chunks.at(-1)).toMatchObject({ isComplete: true, isError: true });
  });

  it('an empty seed has only the administrator', async () => {
    const empty = createMockApi({ baseUrl: 'http://empty.test/api/v1', seed: 'empty' });
    expect([...empty.fake.users.values()].map((u) => u.email)).toEqual(['admin@solar.local']);
  });

  it("the jobs 'failed' option seeds failed mails and CRM jobs on demo data; a retry takes one off the list", async () => {
    const jobsBase = 'http://jobs.test/api/v1';
    const jobs = createMockApi({ baseUrl: jobsBase, jobs: 'failed' });
    server.use(...jobs.list);
    const api = createApiClient({
      baseUrl: jobsBase,
      storage: memoryStorage(),
      onSignedOut: () => undefined,
    });
    await api.auth.signIn(admin);
    const { items } = await api.jobs.failed();
    expect(items.map((j) => [j.kind, j.state])).toEqual([
      ['mail', 'failed'],
      ['mail', 'failed'],
      ['deal.move', 'failed'],
      ['deal.create', 'failed'],
    ]);
    const projects = (await api.projects.list({ scope: 'all' })).map((p) => p.id);
    for (const job of items) {
      if (job.kind !== 'mail') expect(projects).toContain(job.payload.projectId);
      else if (job.payload.projectId) expect(projects).toContain(job.payload.projectId);
    }
    expect(await api.jobs.retry(items[0]!.id)).toMatchObject({ state: 'pending', attempts: 0 });
    expect((await api.jobs.failed()).items.map((j) => j.id)).toEqual(
      items.slice(1).map((j) => j.id),
    );
  });
});

describe('production path', () => {
  it('the package root reaches no mock code and no msw', () => {
    const seen = new Set<string>();
    const visit = (url: URL) => {
      if (seen.has(url.href)) return;
      seen.add(url.href);
      const source = readFileSync(url, 'utf8');
      expect(source).not.toMatch(/from ['"]msw/);
      for (const [, spec] of source.matchAll(/from ['"](\.[^'"]+)['"]/g))
        visit(new URL(spec!, url));
    };
    visit(new URL('../index.ts', import.meta.url));
    expect(seen.size).toBeGreaterThan(5);
    expect([...seen].filter((href) => href.includes('/mock/'))).toEqual([]);
  });
});
