/**
 * The CRM link end to end: a real app on a fresh database with
 * PIPEDRIVE_BASE_URL pointing at the local Pipedrive fake. Pipeline events (the projects
 * service's listener calls) queue jobs in the jobs table; the app's worker runs them: the
 * person is created or updated by email and its id stored, the deal created in the
 * quote-requested stage, moved with later statuses, won when installed and lost when
 * cancelled; failures are retried with backoff, and jobs that give up are listed by
 * GET /admin/jobs. Without PIPEDRIVE_API_TOKEN nothing is queued or sent. A hanging
 * Pipedrive never holds up a request. On PGlite, and on PostgreSQL with TEST_DATABASE_URL.
 */
import { sql } from 'drizzle-orm';
import type { ProjectStatus } from '@solar/domain';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { createJobQueue } from '../src/jobs/queue.ts';
import type { PipelineEvent } from '../src/crm/types.ts';
import { ADMIN, databaseKinds, startTestServer, type TestServer } from './harness.ts';
import { call, signIn, uniqueEmail } from './helpers.ts';
import { FAKE_STAGES, startPipedriveFake, type PipedriveFake, crmEnv } from './pipedrive-fake.ts';

const location = { address: 'Chui Avenue 1, Bishkek', latitude: 42.87, longitude: 74.59 };

interface Client {
  token: string;
  userId: string;
  email: string;
}

async function clientUser(server: TestServer, name = 'Aida Bekova'): Promise<Client> {
  const admin = await signIn(server, ADMIN);
  const email = uniqueEmail('crm');
  const created = await call(server, 'POST', '/admin/users', {
    token: admin.token,
    body: { name, email, password: 'Secret123', userType: 4, emailConfirmed: true },
  });
  expect(created.status, JSON.stringify(created.body)).toBe(201);
  const session = await signIn(server, { email, password: 'Secret123' });
  return { token: session.token, userId: session.user.id, email };
}

async function project(server: TestServer, owner: Client): Promise<string> {
  const created = await call(server, 'POST', '/projects', {
    token: owner.token,
    body: { location },
  });
  expect(created.status).toBe(201);
  return created.body.id as string;
}

/** What the projects service tells its listeners after a committed change. */
function event(projectId: string, owner: Client, from: ProjectStatus | null, to: ProjectStatus) {
  const e: PipelineEvent = {
    projectId,
    ownerId: owner.userId,
    from,
    to,
    action: null,
    at: new Date(),
  };
  return e;
}

async function jobRows(server: TestServer) {
  const result = await server.database.db.execute(
    sql`select kind, attempts, last_error, done_at from jobs where kind like 'deal.%' order by created_at`,
  );
  return (result as unknown as { rows: Record<string, unknown>[] }).rows;
}

async function links(server: TestServer, projectId: string) {
  const result = await server.database.db.execute(sql`
    select u.pipedrive_person_id as "personId", p.pipedrive_deal_id as "dealId"
    from projects p join users u on u.id = p.user_id where p.id = ${projectId}::uuid`);
  return (result as unknown as { rows: { personId: number | null; dealId: number | null }[] })
    .rows[0]!;
}

describe.each(databaseKinds)('the CRM link on %s', (kind) => {
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

  const crm = () => server.app.crm!;
  const done = async (n: number) =>
    vi.waitFor(
      async () => {
        const rows = await jobRows(server);
        expect(rows.filter((r) => r.done_at !== null).length).toBeGreaterThanOrEqual(n);
      },
      { timeout: 10_000, interval: 50 },
    );

  it('creates the person and a deal in the quote-requested stage, and stores both ids', async () => {
    const owner = await clientUser(server);
    const id = await project(server, owner);
    const before = (await jobRows(server)).length;
    await crm().listener.statusChanged(event(id, owner, 'draft', 'quote_requested'));
    await done(before + 1);

    const { personId, dealId } = await links(server, id);
    expect(fake.persons.get(personId!)).toMatchObject({
      name: 'Aida Bekova',
      emails: [{ value: owner.email, primary: true, label: 'work' }],
    });
    expect(fake.deals.get(dealId!)).toMatchObject({
      title: 'Solar: Chui Avenue 1, Bishkek',
      person_id: personId,
      stage_id: FAKE_STAGES.quote_requested,
      status: 'open',
    });
    const admin = await signIn(server, ADMIN);
    const detail = await call(server, 'GET', `/admin/users/${owner.userId}`, {
      token: admin.token,
    });
    expect(detail.body.pipedrivePersonId).toBe(personId);
  });

  it('moves the deal with later statuses, wins it when installed and loses a cancelled one', async () => {
    const owner = await clientUser(server);
    const id = await project(server, owner);
    const steps: ProjectStatus[] = ['quote_requested', 'inspection_scheduled', 'inspected'];
    let from: ProjectStatus = 'draft';
    for (const to of steps) {
      await crm().listener.statusChanged(event(id, owner, from, to));
      from = to;
    }
    await vi.waitFor(async () => {
      const { dealId } = await links(server, id);
      expect(fake.deals.get(dealId!)?.stage_id).toBe(FAKE_STAGES.inspected);
    });
    const { dealId } = await links(server, id);
    const moves = fake.callsTo('PATCH', `/api/v2/deals/${dealId}`).map((c) => c.body);
    expect(moves).toEqual([
      { status: 'open', stage_id: FAKE_STAGES.inspection_scheduled },
      { status: 'open', stage_id: FAKE_STAGES.inspected },
    ]);

    await crm().listener.statusChanged(event(id, owner, 'installation_scheduled', 'installed'));
    await vi.waitFor(() => expect(fake.deals.get(dealId!)?.status).toBe('won'));
    expect(fake.deals.get(dealId!)?.stage_id).toBe(FAKE_STAGES.installed);

    const other = await project(server, owner);
    await crm().listener.statusChanged(event(other, owner, 'draft', 'quote_requested'));
    await crm().listener.statusChanged(event(other, owner, 'quote_requested', 'cancelled'));
    await vi.waitFor(async () => {
      const lost = fake.deals.get((await links(server, other)).dealId!);
      expect(lost).toMatchObject({ status: 'lost', lost_reason: 'Cancelled in Solar' });
    });
    // One person for both projects: found by the stored id, updated, never created twice.
    expect(fake.deals.get((await links(server, other)).dealId!)?.person_id).toBe(
      fake.deals.get(dealId!)?.person_id,
    );
  });

  it('updates a person Pipedrive already has with that email instead of creating one', async () => {
    const owner = await clientUser(server, 'Bakyt Usenov');
    fake.persons.set(7, {
      id: 7,
      name: 'B. Usenov',
      emails: [{ value: owner.email, primary: true, label: 'home' }],
    });
    const creates = fake.callsTo('POST', '/api/v2/persons').length;
    const id = await project(server, owner);
    await crm().listener.statusChanged(event(id, owner, 'draft', 'quote_requested'));
    await vi.waitFor(async () => expect((await links(server, id)).dealId).not.toBeNull());
    expect((await links(server, id)).personId).toBe(7);
    expect(fake.persons.get(7)).toMatchObject({
      name: 'Bakyt Usenov',
      emails: [{ value: owner.email, primary: true, label: 'home' }],
    });
    expect(fake.callsTo('POST', '/api/v2/persons').length).toBe(creates);
  });

  it('keeps the emails sales staff added to a linked person, adding the owner’s when missing', async () => {
    const owner = await clientUser(server, 'Cholpon Abdieva');
    const first = await project(server, owner);
    await crm().listener.statusChanged(event(first, owner, 'draft', 'quote_requested'));
    await vi.waitFor(async () => expect((await links(server, first)).dealId).not.toBeNull());
    const { personId } = await links(server, first);
    // Sales staff add two addresses of their own in Pipedrive, one of them primary.
    const staffAdded = [
      { value: 'cholpon.office@example.kg', primary: true, label: 'work' },
      { value: 'cholpon@home.example.kg', primary: false, label: 'home' },
    ];
    fake.persons.get(personId!)!.emails.push(...staffAdded);
    for (const e of fake.persons.get(personId!)!.emails) e.primary = e === staffAdded[0];

    const second = await project(server, owner);
    await crm().listener.statusChanged(event(second, owner, 'draft', 'quote_requested'));
    await vi.waitFor(async () => expect((await links(server, second)).dealId).not.toBeNull());
    expect(fake.persons.get(personId!)!.emails).toEqual([
      { value: owner.email, primary: false, label: 'work' },
      ...staffAdded,
    ]);
    // The owner's address was there: only the name went to Pipedrive.
    expect(fake.callsTo('PATCH', `/api/v2/persons/${personId}`).at(-1)!.body).toEqual({
      name: 'Cholpon Abdieva',
    });

    // Staff removed the owner's address: it comes back, added to theirs, not instead of them.
    fake.persons.get(personId!)!.emails = [...staffAdded];
    const third = await project(server, owner);
    await crm().listener.statusChanged(event(third, owner, 'draft', 'quote_requested'));
    await vi.waitFor(async () => expect((await links(server, third)).dealId).not.toBeNull());
    expect(fake.persons.get(personId!)!.emails).toEqual([
      ...staffAdded,
      { value: owner.email, primary: false, label: 'work' },
    ]);
  });

  it('runs jobs of one ordering key in the order queued, even when queued in one transaction', async () => {
    // One transaction: every row gets the same created_at (now()), so only the queue's own
    // sequence can tell their order; 12 jobs, as 12 projects' steps would be.
    const { db } = server.database;
    const ran: number[] = [];
    const queue = createJobQueue({ db, pollMs: 50, log: server.app.log });
    queue.handle('test.ordered', {
      run: async (job) => {
        ran.push(Number(job.payload.n));
      },
      retry: { baseMs: 10, maxMs: 10, maxAttempts: 1 },
      leaseMs: 10_000,
      label: 'ordered test job',
    });
    const key = `test:${uniqueEmail('order')}`;
    await db.transaction(async (tx) => {
      for (let n = 0; n < 12; n += 1) {
        await queue.enqueue('test.ordered', { n }, { executor: tx, orderingKey: key });
      }
    });
    await queue.drain();
    expect(ran).toEqual([0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11]);
  });

  it('deletes jobs done more than 30 days ago, and keeps newer ones', async () => {
    const { db } = server.database;
    await db.execute(sql`insert into jobs (kind, payload, done_at) values
      ('deal.move', '{"projectId":"old"}', now() - interval '31 days'),
      ('deal.move', '{"projectId":"recent"}', now() - interval '29 days')`);
    // A fresh worker prunes on its first round (this app's worker did at start).
    const queue = createJobQueue({ db, pollMs: 50, log: server.app.log });
    await queue.drain();
    const left = await db.execute(
      sql`select payload->>'projectId' as id from jobs where payload->>'projectId' in ('old', 'recent')`,
    );
    expect((left as unknown as { rows: { id: string }[] }).rows).toEqual([{ id: 'recent' }]);
  });

  it('a draft cancelled before any quote request sends nothing', async () => {
    const owner = await clientUser(server);
    const id = await project(server, owner);
    const calls = fake.calls.length;
    await crm().listener.statusChanged(event(id, owner, null, 'draft'));
    await crm().listener.statusChanged(event(id, owner, 'draft', 'cancelled'));
    await vi.waitFor(async () => {
      const rows = await jobRows(server);
      expect(rows.every((r) => r.done_at !== null)).toBe(true);
    });
    expect(fake.calls.length).toBe(calls);
  });
});
