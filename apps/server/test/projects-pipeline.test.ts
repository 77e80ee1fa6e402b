/**
 * The project pipeline over HTTP (domain pipeline.ts and
 * pipeline-contract.ts): a project goes from draft to installed with the roles of the
 * issue's "Done when" (the client requests a site visit, a roof inspector schedules and
 * records the inspection, the client accepts, a project manager schedules the
 * installation, an installer marks it installed); every change leaves a history event, an
 * audit row and a mail to the owner in their language; a stale transition is 409; bad
 * input is 400 with field messages and changes nothing; listeners hear committed changes
 * only; every write counts against the per-user project action limit. PGlite, and
 * PostgreSQL with TEST_DATABASE_URL.
 */
import { count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog } from '../src/db/schema.ts';
import type { PipelineEvent } from '../src/projects/events.ts';
import { createPipelineService } from '../src/projects/pipeline-service.ts';
import { projects, projectStatusEvents } from '../src/projects/schema.ts';
import { createProjectsService } from '../src/projects/service.ts';
import { databaseKinds, startTestServer, type TestServer } from './harness.ts';
import { decodeMail, outbox } from './helpers.ts';
import {
  bodyFor,
  call,
  projectOf,
  putInStatus,
  setLocale,
  transition,
  userOf,
  type PipelineUser,
} from './projects-pipeline-support.ts';

/** The decoded Subject of a raw mail (its encoded words unfolded first). */
const subjectOf = (raw: string) =>
  /Subject: (.*)/.exec(decodeMail(raw.replace(/\?=\r?\n[ \t]+=\?/g, '?==?')))?.[1]?.trim();

const iso = expect.stringMatching(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/);

describe.each(databaseKinds)('the project pipeline on %s', (kind) => {
  let server: TestServer;
  let client: PipelineUser;
  let inspector: PipelineUser;
  let manager: PipelineUser;
  let installer: PipelineUser;

  beforeAll(async () => {
    server = await startTestServer(kind);
    client = await userOf(server, 'client_residential', 'Айгуль Client');
    inspector = await userOf(server, 'roof_inspector', 'Ivan Inspector');
    manager = await userOf(server, 'project_manager', 'Maria Manager');
    installer = await userOf(server, 'installer', 'Ilya Installer');
    await setLocale(server, client, 'ru');
  });
  afterAll(async () => {
    await server?.settleMail();
    await server?.close();
  });

  const db = () => server.database.db;
  const snapshot = async (id: string) => ({
    project: (await db().select().from(projects).where(eq(projects.id, id)))[0],
    events: (
      await db()
        .select({ n: count() })
        .from(projectStatusEvents)
        .where(eq(projectStatusEvents.projectId, id))
    )[0]!.n,
    audit: (await db().select({ n: count() }).from(auditLog).where(eq(auditLog.targetId, id)))[0]!
      .n,
  });

  it('goes from draft to installed with the roles of "Done when", each seeing each status', async () => {
    const id = await projectOf(server, client, 'Toktogul 12, Bishkek');
    const start = await call(server, 'GET', `/projects/${id}/pipeline`, { token: client.token });
    expect(start.status).toBe(200);
    expect(start.body).toEqual({
      projectId: id,
      status: 'draft',
      inspectionDate: null,
      installationDate: null,
      inspection: null,
      photos: [],
      history: [
        {
          id: expect.any(String),
          from: null,
          to: 'draft',
          action: null,
          actorName: client.name,
          note: null,
          at: iso,
        },
      ],
      actions: ['requestQuote', 'cancel'],
      owner: { id: client.id, name: client.name, email: client.email },
      assignees: { roofInspector: null, installer: null },
    });
    // A draft is private: the inspector cannot see it yet.
    const hidden = await call(server, 'GET', `/projects/${id}/pipeline`, {
      token: inspector.token,
    });
    expect(hidden.status).toBe(404);

    const steps: [PipelineUser, Record<string, unknown>, string][] = [
      [client, { action: 'requestQuote', note: 'Mornings are best' }, 'quote_requested'],
      [inspector, bodyFor('scheduleInspection'), 'inspection_scheduled'],
      [inspector, bodyFor('recordInspection'), 'inspected'],
      [client, { action: 'acceptProposal' }, 'proposal_accepted'],
      [manager, { action: 'scheduleInstallation', date: '2027-01-20' }, 'installation_scheduled'],
      [installer, { action: 'markInstalled' }, 'installed'],
    ];
    for (const [user, body, status] of steps) {
      const answer = await transition(server, user, id, body);
      expect(answer.status, `${user.role} ${JSON.stringify(answer.body)}`).toBe(200);
      expect(answer.body.status).toBe(status);
      // The client sees every status of their project.
      const seen = await call(server, 'GET', `/projects/${id}/pipeline`, { token: client.token });
      expect(seen.body.status).toBe(status);
    }

    const end = await call(server, 'GET', `/projects/${id}/pipeline`, { token: client.token });
    expect(end.body).toMatchObject({
      status: 'installed',
      inspectionDate: '2054-12-15',
      installationDate: '2027-01-20',
      inspection: { roofType: 'flat', roofAreaM2: 80, shadingNotes: 'A poplar on the west side' },
      actions: [],
    });
    // The history, oldest first: who did what, from which status to which.
    expect(
      end.body.history.map((e: Record<string, unknown>) => [e.from, e.to, e.action, e.actorName]),
    ).toEqual([
      [null, 'draft', null, client.name],
      ['draft', 'quote_requested', 'requestQuote', client.name],
      ['quote_requested', 'inspection_scheduled', 'scheduleInspection', inspector.name],
      ['inspection_scheduled', 'inspected', 'recordInspection', inspector.name],
      ['inspected', 'proposal_accepted', 'acceptProposal', client.name],
      ['proposal_accepted', 'installation_scheduled', 'scheduleInstallation', manager.name],
      ['installation_scheduled', 'installed', 'markInstalled', installer.name],
    ]);
    expect(end.body.history[1].note).toBe('Mornings are best');
    const times = end.body.history.map((e: { at: string }) => Date.parse(e.at));
    expect([...times].sort((a, b) => a - b)).toEqual(times);

    // One audit row per change, like the admin's user changes.
    const audit = await db()
      .select()
      .from(auditLog)
      .where(eq(auditLog.targetId, id))
      .orderBy(auditLog.createdAt);
    expect(audit.map((row) => [row.action, row.actorId])).toEqual([
      ['project.requestQuote', client.id],
      ['project.scheduleInspection', inspector.id],
      ['project.recordInspection', inspector.id],
      ['project.acceptProposal', client.id],
      ['project.scheduleInstallation', manager.id],
      ['project.markInstalled', installer.id],
    ]);
    expect(audit[1]).toMatchObject({
      before: { status: 'quote_requested', inspectionDate: null },
      after: { status: 'inspection_scheduled', inspectionDate: '2054-12-15' },
      clientAddress: expect.any(String),
    });

    // A mail to the owner per change, in Russian (their language), linking the project.
    await server.settleMail();
    const mails = (await outbox(server)).filter((m) => m.raw.includes(`To: ${client.email}`));
    const about = mails.filter((m) => m.text.includes(`/projects/${id}`));
    expect(about).toHaveLength(6);
    // Compared as a set. Each names its status (subject and text).
    const named = [
      'Запрошен выезд на объект',
      'Осмотр назначен',
      'Крыша осмотрена',
      'Предложение принято',
      'Монтаж назначен',
      'Установлено',
    ].map((status) =>
      about.filter(
        (m) =>
          m.text.includes(`(Toktogul 12, Bishkek): ${status}.`) &&
          subjectOf(m.raw)?.startsWith('Ваш солнечный'),
      ),
    );
    expect(named.map((found) => found.length)).toEqual([1, 1, 1, 1, 1, 1]);
    for (const mail of about) {
      expect(mail.text).toContain(`Открыть проект: ${server.config.publicUrl}/projects/${id}`);
    }
    // The two scheduling mails give the day, written in Russian.
    const [inspection] = named[1]!;
    expect(inspection!.text).toContain('Осмотр крыши назначен на вторник, 15 декабря 2054 г.\n');
    const [installation] = named[4]!;
    expect(installation!.text).toContain('Монтаж назначен на среда, 20 января 2027 г.\n');
    expect(inspection!.text).toContain('<html lang="ru">');
  });

  it('mails an owner in Spanish, and in English when they chose nothing', async () => {
    const maria = await userOf(server, 'client_commercial', 'María');
    await setLocale(server, maria, 'es');
    const john = await userOf(server, 'client_residential', 'John');
    for (const owner of [maria, john]) {
      const id = await projectOf(server, owner);
      expect((await transition(server, owner, id, { action: 'cancel' })).status).toBe(200);
    }
    await server.settleMail();
    const mailsTo = async (user: PipelineUser) =>
      (await outbox(server)).filter(
        (m) => m.raw.includes(`To: ${user.email}`) && m.text.includes('/projects/'),
      );
    const [spanish] = await mailsTo(maria);
    expect(subjectOf(spanish!.raw)).toBe('Su proyecto solar: Cancelado');
    expect(spanish!.text).toContain('ahora está en: Cancelado.');
    const [english] = await mailsTo(john);
    expect(subjectOf(english!.raw)).toBe('Your solar project: Cancelled');
    expect(english!.text).toContain('Open your project: ');
  });

  it('answers 409 invalid_transition to a stale transition, and writes nothing for it', async () => {
    const other = await userOf(server, 'roof_inspector', 'Second Inspector');
    const id = await projectOf(server, client);
    await putInStatus(server, id, 'inspection_scheduled');
    // Two inspectors record the same inspection at the same moment: one wins.
    const answers = await Promise.all(
      [inspector, other].map((user) => transition(server, user, id, bodyFor('recordInspection'))),
    );
    expect(answers.map((a) => a.status).sort()).toEqual([200, 409]);
    const after = await snapshot(id);
    const stale = await transition(server, other, id, bodyFor('recordInspection'));
    expect(stale.status).toBe(409);
    expect(stale.body).toEqual({
      code: 'invalid_transition',
      message: 'This project has moved on since you opened it. Refresh to see its status.',
    });
    expect(await snapshot(id)).toEqual(after);
    expect(after.events).toBe(2);
    expect(after.audit).toBe(1);
  });

  it.each([
    [{}, 'action', 'Action must be one of'],
    [{ action: 'fly' }, 'action', 'Action must be one of'],
    [{ action: 'scheduleInspection' }, 'date', 'Please choose a date'],
    [{ action: 'scheduleInspection', date: '2026-02-30' }, 'date', 'Please enter a real date'],
    [{ action: 'scheduleInspection', date: '15.12.2026' }, 'date', 'Please enter a real date'],
    [{ action: 'recordInspection' }, 'inspection', 'Please record the roof type'],
    [
      { action: 'recordInspection', inspection: { roofType: 'flat', roofAreaM2: 0 } },
      'inspection.roofAreaM2',
      'Roof area must be a number from 1 to 100,000',
    ],
    [
      { action: 'recordInspection', inspection: { roofType: 'straw', roofAreaM2: 40 } },
      'inspection.roofType',
      'Please choose the roof type',
    ],
    [{ action: 'requestQuote', note: 'a\u0000b' }, 'note', ''],
    [{ action: 'requestQuote', note: 'x'.repeat(2001) }, 'note', 'Notes can be at most 2,000'],
    [{ action: 'requestQuote', extra: 1 }, 'extra', ''],
  ])('refuses %j with 400 on its field, changing nothing', async (body, field, text) => {
    const id = await projectOf(server, client);
    await putInStatus(server, id, 'quote_requested');
    const before = await snapshot(id);
    // The manager may take every action but markInstalled: only validation can refuse.
    const answer = await transition(server, manager, id, body);
    expect(answer.status, JSON.stringify(answer.body)).toBe(400);
    expect(answer.body.code).toBe('validation_failed');
    expect(answer.body.errors[field]).toEqual(expect.stringContaining(text));
    expect(await snapshot(id)).toEqual(before);
  });

  it('answers 404 for an unknown id and for one that is not an id', async () => {
    for (const id of ['3f2a9c1e-4b7d-4e8f-9a6b-1c2d3e4f5a6b', 'not-an-id']) {
      expect(
        (await call(server, 'GET', `/projects/${id}/pipeline`, { token: client.token })).status,
      ).toBe(404);
      expect((await transition(server, manager, id, { action: 'cancel' })).status).toBe(404);
    }
  });

  it('tells listeners of committed changes only; a failing listener fails nothing', async () => {
    const heard: PipelineEvent[] = [];
    const errors: string[] = [];
    const listeners = [
      { statusChanged: (event: PipelineEvent) => void heard.push(event) },
      {
        statusChanged: async () => {
          throw new Error('CRM down');
        },
      },
    ];
    const log = {
      error: (details: Record<string, unknown>) => void errors.push(String(details.err)),
    };
    const owner = {
      userId: client.id,
      role: 'client_residential' as const,
      exp: Date.now() / 1000 + 600,
    };
    const created = await createProjectsService(db(), Date.now, { listeners, log }).create(owner, {
      location: { address: 'Listener Street 1', latitude: 42.8, longitude: 74.6 },
      configuration: null,
      isDraft: true,
    });
    const pipeline = createPipelineService({ db: db(), listeners, log });
    const actor = { ...owner, clientAddress: '127.0.0.1' };
    const moved = await pipeline.transition(actor, created.id, { action: 'requestQuote' });
    expect(moved.status).toBe('quote_requested');
    await expect(
      pipeline.transition(actor, created.id, { action: 'requestQuote' }),
    ).rejects.toMatchObject({ statusCode: 409 });
    expect(heard).toEqual([
      {
        projectId: created.id,
        ownerId: client.id,
        from: null,
        to: 'draft',
        action: null,
        at: expect.any(Date),
      },
      {
        projectId: created.id,
        ownerId: client.id,
        from: 'draft',
        to: 'quote_requested',
        action: 'requestQuote',
        at: expect.any(Date),
      },
    ]);
    expect(errors).toEqual(['CRM down', 'CRM down']);
  });
});

describe('every pipeline write counts as a project action', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer('pglite', { PROJECTS_RATE_LIMIT: '3' });
  });
  afterAll(async () => {
    await server?.settleMail();
    await server?.close();
  });

  it('the fourth write of the hour is 429; reads and refused input are not counted', async () => {
    const owner = await userOf(server, 'client_residential');
    const id = await projectOf(server, owner); // 1
    expect((await transition(server, owner, id, { action: 'nope' })).status).toBe(400);
    expect((await transition(server, owner, id, { action: 'requestQuote' })).status).toBe(200); // 2
    expect(
      (await call(server, 'GET', `/projects/${id}/pipeline`, { token: owner.token })).status,
    ).toBe(200);
    expect((await call(server, 'GET', '/projects/pipeline', { token: owner.token })).status).toBe(
      200,
    );
    expect((await transition(server, owner, id, { action: 'cancel' })).status).toBe(200); // 3
    const limited = await transition(server, owner, id, { action: 'cancel' });
    expect(limited.status).toBe(429);
    expect(limited.body.code).toBe('rate_limited');
    expect(limited.headers['retry-after']).toEqual(expect.any(String));
  });
});
