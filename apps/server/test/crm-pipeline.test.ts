/**
 * The CRM link behind the real pipeline routes (docs/product.md#crm-link): with
 * the local Pipedrive fake configured, POST /projects/{id}/transitions by each role makes
 * the person and the deal and moves the deal through the stages to won; a site-visit
 * request answers at once while Pipedrive hangs. Without PIPEDRIVE_API_TOKEN the same
 * request queues nothing and sends nothing. PGlite, and PostgreSQL with TEST_DATABASE_URL.
 */
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { ADMIN, databaseKinds, startTestServer, type TestServer } from './harness.ts';
import { call, signIn } from './helpers.ts';
import { FAKE_STAGES, startPipedriveFake, type PipedriveFake, crmEnv } from './pipedrive-fake.ts';
import {
  bodyFor,
  projectOf,
  transition,
  userOf,
  type PipelineUser,
} from './projects-pipeline-support.ts';

async function dealOf(server: TestServer, projectId: string): Promise<number | null> {
  const result = await server.database.db.execute(
    sql`select pipedrive_deal_id as "dealId" from projects where id = ${projectId}::uuid`,
  );
  return (result as unknown as { rows: { dealId: number | null }[] }).rows[0]!.dealId;
}

describe.each(databaseKinds)('the CRM link behind the pipeline routes on %s', (kind) => {
  let fake: PipedriveFake;
  let server: TestServer;
  let client: PipelineUser;
  let inspector: PipelineUser;
  let manager: PipelineUser;
  let installer: PipelineUser;
  beforeAll(async () => {
    fake = await startPipedriveFake();
    server = await startTestServer(kind, crmEnv(fake));
    client = await userOf(server, 'client_residential', 'Айгуль Асанова');
    inspector = await userOf(server, 'roof_inspector');
    manager = await userOf(server, 'project_manager');
    installer = await userOf(server, 'installer');
  });
  afterAll(async () => {
    await server?.settleMail();
    await server?.close();
    await fake?.close();
  });

  it('makes the person and the deal, which follows every status to won', async () => {
    const id = await projectOf(server, client, 'Toktogul 12, Bishkek');
    const steps: [PipelineUser, Record<string, unknown>, number][] = [
      [client, { action: 'requestQuote' }, FAKE_STAGES.quote_requested],
      [inspector, bodyFor('scheduleInspection'), FAKE_STAGES.inspection_scheduled],
      [inspector, bodyFor('recordInspection'), FAKE_STAGES.inspected],
      [client, { action: 'acceptProposal' }, FAKE_STAGES.proposal_accepted],
      [manager, bodyFor('scheduleInstallation'), FAKE_STAGES.installation_scheduled],
      [installer, { action: 'markInstalled' }, FAKE_STAGES.installed],
    ];
    for (const [user, body, stage] of steps) {
      const answer = await transition(server, user, id, body);
      expect(answer.status, JSON.stringify(answer.body)).toBe(200);
      await vi.waitFor(
        async () => {
          const dealId = await dealOf(server, id);
          expect(fake.deals.get(dealId!)?.stage_id).toBe(stage);
        },
        { timeout: 10_000, interval: 50 },
      );
    }
    const deal = fake.deals.get((await dealOf(server, id))!)!;
    expect(deal).toMatchObject({ title: 'Solar: Toktogul 12, Bishkek', status: 'won' });
    expect(fake.persons.get(deal.person_id)).toMatchObject({
      name: 'Айгуль Асанова',
      emails: [{ value: client.email, primary: true, label: 'work' }],
    });
    const admin = await signIn(server, ADMIN);
    const detail = await call(server, 'GET', `/admin/users/${client.id}`, { token: admin.token });
    expect(detail.body.pipedrivePersonId).toBe(deal.person_id);
    expect(detail.body.crmConfigured).toBe(true);
  });

  it('answers a site-visit request at once while Pipedrive hangs', async () => {
    const id = await projectOf(server, client);
    fake.hang = true;
    try {
      const calls = fake.calls.length;
      const abandoned = fake.abandoned;
      const answer = await transition(server, client, id, { action: 'requestQuote' });
      expect(answer.status).toBe(200);
      expect(answer.body.status).toBe('quote_requested');
      // No call was given up on before the answer: the request did not wait for one.
      expect(fake.abandoned).toBe(abandoned);
      // The job is queued and under way against a Pipedrive that does not answer.
      await vi.waitFor(() => expect(fake.calls.length).toBeGreaterThan(calls));
      const other = await call(server, 'GET', `/projects/${id}/pipeline`, { token: client.token });
      expect(other.status).toBe(200);
    } finally {
      fake.hang = false;
    }
    await vi.waitFor(async () => expect(await dealOf(server, id)).not.toBeNull(), {
      timeout: 10_000,
      interval: 50,
    });
  });
});

describe('the pipeline without PIPEDRIVE_API_TOKEN', () => {
  it('queues nothing and sends nothing on a site-visit request', async () => {
    const fake = await startPipedriveFake();
    const server = await startTestServer('pglite', {
      PIPEDRIVE_BASE_URL: fake.baseUrl,
      PIPEDRIVE_DOMAIN: 'acme',
    });
    try {
      expect(server.app.crm).toBeUndefined();
      const owner = await userOf(server, 'client_residential');
      const id = await projectOf(server, owner);
      const answer = await transition(server, owner, id, { action: 'requestQuote' });
      expect(answer.status).toBe(200);
      await server.app.jobs.drain();
      const jobs = await server.database.db.execute(
        sql`select count(*)::int as n from jobs where kind like 'deal.%'`,
      );
      expect((jobs as unknown as { rows: { n: number }[] }).rows[0]!.n).toBe(0);
      expect(fake.calls).toEqual([]);
    } finally {
      await server.settleMail();
      await server.close();
      await fake.close();
    }
    // It starts a server of its own: as long as the suites' hooks may take.
  }, 60_000);
});
