/**
 * Staff keep their own work (domain pipeline.ts canSeeProject, projects/participants.ts):
 * a roof inspector who recorded an inspection still opens the project and finds it in their
 * list after the client accepts the proposal and the project leaves the inspection queue;
 * staff who never acted on it do not. And schedules in the past are refused (domain
 * pipeline-contract.ts transitionDateErrors) with a field message, changing nothing.
 * PGlite, and PostgreSQL with TEST_DATABASE_URL.
 */
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { projectParticipants, projects } from '../src/projects/schema.ts';
import { databaseKinds, startTestServer, type TestServer } from './harness.ts';
import {
  bodyFor,
  call,
  projectOf,
  putInStatus,
  transition,
  userOf,
  type PipelineUser,
} from './projects-pipeline-support.ts';

describe.each(databaseKinds)('staff participation on %s', (kind) => {
  let server: TestServer;
  let client: PipelineUser;
  let inspector: PipelineUser;
  let otherInspector: PipelineUser;
  let manager: PipelineUser;

  beforeAll(async () => {
    server = await startTestServer(kind);
    client = await userOf(server, 'client_residential', 'Aida Client');
    inspector = await userOf(server, 'roof_inspector', 'Ina Inspector');
    otherInspector = await userOf(server, 'roof_inspector', 'Oleg Inspector');
    manager = await userOf(server, 'project_manager', 'Max Manager');
  });
  afterAll(async () => {
    await server?.settleMail();
    await server?.close();
  });

  const ok = async (answer: Promise<{ status: number; body: unknown }>) => {
    const settled = await answer;
    expect(settled.status, JSON.stringify(settled.body)).toBe(200);
    return settled;
  };
  const listed = async (user: PipelineUser) => {
    const answer = await ok(
      call(server, 'GET', '/projects/pipeline?pageSize=100', { token: user.token }),
    );
    return (answer.body as { items: { id: string }[] }).items.map((item) => item.id);
  };

  it('keeps the inspector reading the project after the client accepts', async () => {
    const id = await projectOf(server, client, 'Frunze 7, Bishkek');
    await ok(transition(server, client, id, bodyFor('requestQuote')));
    await ok(transition(server, inspector, id, bodyFor('scheduleInspection')));
    await ok(transition(server, inspector, id, bodyFor('recordInspection')));
    await ok(transition(server, client, id, bodyFor('acceptProposal')));

    for (const path of [`/projects/${id}`, `/projects/${id}/pipeline`, `/projects/${id}/history`]) {
      await ok(call(server, 'GET', path, { token: inspector.token }));
      const other = await call(server, 'GET', path, { token: otherInspector.token });
      expect(other.status).toBe(404);
    }
    const pipeline = await call(server, 'GET', `/projects/${id}/pipeline`, {
      token: inspector.token,
    });
    expect(pipeline.body).toMatchObject({ status: 'proposal_accepted', actions: [] });
    expect(await listed(inspector)).toContain(id);
    expect(await listed(otherInspector)).not.toContain(id);

    // Reading is all: the inspector may not take the manager's steps.
    const refused = await transition(server, inspector, id, bodyFor('scheduleInstallation'));
    expect(refused.status).toBe(403);
    await ok(transition(server, manager, id, bodyFor('scheduleInstallation')));
    expect(await listed(inspector)).toContain(id);
  });

  it('records each participant once, and never the owner', async () => {
    const id = await projectOf(server, client, 'Manas 22, Bishkek');
    await ok(transition(server, client, id, bodyFor('requestQuote')));
    await ok(transition(server, inspector, id, bodyFor('scheduleInspection')));
    await ok(transition(server, inspector, id, bodyFor('scheduleInspection')));
    const rows = await server.database.db
      .select({ userId: projectParticipants.userId })
      .from(projectParticipants)
      .where(eq(projectParticipants.projectId, id));
    expect(rows).toEqual([{ userId: inspector.id }]);
  });

  it('does not let a client who was once staff keep reading', async () => {
    const id = await projectOf(server, client, 'Lenin 5, Osh');
    await putInStatus(server, id, 'inspection_scheduled');
    const former = await userOf(server, 'client_commercial', 'Former Staff');
    await server.database.db
      .insert(projectParticipants)
      .values({ projectId: id, userId: former.id });
    await putInStatus(server, id, 'proposal_accepted');
    expect((await call(server, 'GET', `/projects/${id}`, { token: former.token })).status).toBe(
      404,
    );
    expect(await listed(former)).not.toContain(id);
  });

  it.each(['scheduleInspection', 'scheduleInstallation'] as const)(
    'refuses a %s in the past with a field message and changes nothing',
    async (action) => {
      const id = await projectOf(server, client, `Past ${action}`);
      await putInStatus(
        server,
        id,
        action === 'scheduleInspection' ? 'quote_requested' : 'proposal_accepted',
      );
      const staff = action === 'scheduleInspection' ? inspector : manager;
      const answer = await transition(server, staff, id, { action, date: '2020-01-01' });
      expect(answer.status).toBe(400);
      expect(answer.body).toMatchObject({
        code: 'validation_failed',
        message: 'Please choose today or a later date',
        errors: { date: 'Please choose today or a later date' },
      });
      const [row] = await server.database.db.select().from(projects).where(eq(projects.id, id));
      expect(row).toMatchObject({ inspectionDate: null, installationDate: null });
      expect(row!.status).toBe(
        action === 'scheduleInspection' ? 'quote_requested' : 'proposal_accepted',
      );
      await ok(transition(server, staff, id, { action, date: '2099-06-01' }));
    },
  );
});
