/**
 * Assigning a project's roof inspector and installer (`PUT /projects/{id}/assignees`): a
 * project manager (canViewAllProjects) assigns active accounts of the right roles, each
 * newly assigned person is mailed in their language through the outbox, the change is
 * audited, and `GET /projects/pipeline?assignedTo=me` lists the caller's assigned projects
 * first. PGlite, and PostgreSQL with TEST_DATABASE_URL.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { renderMail } from '../src/mail/templates.ts';
import { databaseKinds, startTestServer, type TestServer } from './harness.ts';
import { waitForMail } from './helpers.ts';
import {
  call,
  projectOf,
  putInStatus,
  setLocale,
  userOf,
  type PipelineUser,
} from './projects-pipeline-support.ts';

const contact = { publicUrl: 'https://solar.example' };
const link = 'https://solar.example/projects/p1';

describe('the assignment mail', () => {
  it.each([
    ['en', 'roofInspector', 'You are assigned the roof inspection of the solar project at Chui 1.'],
    ['es', 'installer', 'Se le ha asignado la instalación del proyecto solar en Chui 1.'],
    ['ru', 'roofInspector', 'Вам поручен осмотр крыши по солнечному проекту (Chui 1).'],
  ] as const)('is written in %s for the %s', (locale, duty, sentence) => {
    const mail = renderMail(
      'projectAssigned',
      locale,
      { name: 'Ina', duty, address: 'Chui 1', link },
      contact,
    );
    expect(mail.text).toContain(`${sentence}\n`);
    expect(mail.html).toContain(link);
    expect(mail.html).toContain(`lang="${locale}"`);
  });
});

describe.each(databaseKinds)('project assignees on %s', (kind) => {
  let server: TestServer;
  let client: PipelineUser;
  let manager: PipelineUser;
  let inspector: PipelineUser;
  let installer: PipelineUser;
  let projectId: string;

  beforeAll(async () => {
    server = await startTestServer(kind);
    client = await userOf(server, 'client_residential', 'Aida Client');
    manager = await userOf(server, 'project_manager', 'Max Manager');
    inspector = await userOf(server, 'roof_inspector', 'Ina Inspector');
    installer = await userOf(server, 'installer', 'Ivan Installer');
    await setLocale(server, installer, 'ru');
    projectId = await projectOf(server, client, 'Chui Avenue 1, Bishkek');
    await putInStatus(server, projectId, 'quote_requested');
  });
  afterAll(async () => {
    await server?.settleMail();
    await server?.close();
  });

  const assign = (user: PipelineUser, id: string, body: unknown) =>
    call(server, 'PUT', `/projects/${id}/assignees`, { token: user.token, body });

  it('assigns, audits and mails each newly assigned person in their language', async () => {
    const answer = await assign(manager, projectId, {
      roofInspectorId: inspector.id,
      installerId: installer.id,
    });
    expect(answer.status, JSON.stringify(answer.body)).toBe(200);
    expect(answer.body).toEqual({ roofInspectorId: inspector.id, installerId: installer.id });
    await waitForMail(server, inspector.email, /You are assigned the roof inspection/);
    await waitForMail(server, installer.email, /Вам поручен монтаж/);
    const history = await call(server, 'GET', `/projects/${projectId}/history`, {
      token: manager.token,
    });
    expect(history.body.items[0]).toMatchObject({
      action: 'project.assign',
      actorId: manager.id,
      before: { roofInspectorId: null, installerId: null },
      after: { roofInspectorId: inspector.id, installerId: installer.id },
    });
  });

  it('names the assignees in the project’s pipeline, for staff and the client', async () => {
    await assign(manager, projectId, { roofInspectorId: inspector.id, installerId: null });
    for (const reader of [manager, inspector, client]) {
      const pipeline = await call(server, 'GET', `/projects/${projectId}/pipeline`, {
        token: reader.token,
      });
      expect(pipeline.status).toBe(200);
      expect(pipeline.body.assignees).toEqual({
        roofInspector: { id: inspector.id, name: 'Ina Inspector' },
        installer: null,
      });
    }
    await assign(manager, projectId, { roofInspectorId: inspector.id, installerId: installer.id });
    const both = await call(server, 'GET', `/projects/${projectId}/pipeline`, {
      token: manager.token,
    });
    expect(both.body.assignees.installer).toEqual({ id: installer.id, name: 'Ivan Installer' });
  });

  it('lists the active roof inspectors and installers by name for managers only', async () => {
    const early = await userOf(server, 'roof_inspector', 'Anna Early');
    const gone = await userOf(server, 'installer', 'Aaron Gone');
    const admin = await call(server, 'POST', '/auth/email/signin', {
      body: { email: 'admin@example.com', password: 'Admin12345' },
    });
    await call(server, 'PUT', `/admin/users/${gone.id}/status`, {
      token: admin.body.token,
      body: { isActive: false },
    });
    const staff = await call(server, 'GET', '/staff', { token: manager.token });
    expect(staff.status).toBe(200);
    const inspectors = staff.body.roofInspectors as { id: string; name: string; email: string }[];
    const installers = staff.body.installers as { id: string; name: string }[];
    const byName = (list: { name: string }[]) =>
      [...list].sort((a, b) => a.name.toLowerCase().localeCompare(b.name.toLowerCase()));
    expect(inspectors).toEqual(byName(inspectors));
    expect(installers).toEqual(byName(installers));
    expect(inspectors).toContainEqual({ id: early.id, name: 'Anna Early', email: early.email });
    expect(inspectors.findIndex((p) => p.id === early.id)).toBeLessThan(
      inspectors.findIndex((p) => p.id === inspector.id),
    );
    expect(installers.map((p) => p.id)).toContain(installer.id);
    expect(installers.map((p) => p.id)).not.toContain(gone.id);
    expect(inspectors.map((p) => p.id)).not.toContain(installer.id);
    expect(inspectors.map((p) => p.id)).not.toContain(manager.id);
    expect((await call(server, 'GET', '/staff', { token: inspector.token })).status).toBe(403);
    expect((await call(server, 'GET', '/staff', { token: client.token })).status).toBe(403);
    expect((await call(server, 'GET', '/staff', {})).status).toBe(401);
  });

  it('refuses callers without canViewAllProjects, and hides unseen projects', async () => {
    const body = { roofInspectorId: null, installerId: null };
    expect((await assign(inspector, projectId, body)).status).toBe(403);
    expect((await assign(client, projectId, body)).status).toBe(403);
    const stranger = await userOf(server, 'client_commercial');
    expect((await assign(stranger, projectId, body)).status).toBe(404);
    expect((await call(server, 'PUT', `/projects/${projectId}/assignees`, { body })).status).toBe(
      401,
    );
  });

  it('refuses assignees of the wrong role, inactive or unknown, with field messages', async () => {
    const other = await userOf(server, 'roof_inspector', 'Oleg Inspector');
    const admin = await call(server, 'POST', '/auth/email/signin', {
      body: { email: 'admin@example.com', password: 'Admin12345' },
    });
    await call(server, 'PUT', `/admin/users/${other.id}/status`, {
      token: admin.body.token,
      body: { isActive: false },
    });
    const wrong = await assign(manager, projectId, {
      roofInspectorId: installer.id,
      installerId: other.id,
    });
    expect(wrong.status).toBe(400);
    expect(wrong.body).toMatchObject({
      code: 'validation_failed',
      errors: {
        roofInspectorId: 'Please choose an active roof inspector',
        installerId: 'Please choose an active installer',
      },
    });
    const inactive = await assign(manager, projectId, {
      roofInspectorId: other.id,
      installerId: null,
    });
    expect(inactive.body.errors).toEqual({
      roofInspectorId: 'Please choose an active roof inspector',
    });
    const malformed = await assign(manager, projectId, { roofInspectorId: 'x', installerId: null });
    expect(malformed.status).toBe(400);
    expect(malformed.body.errors.roofInspectorId).toBe('Please choose a user, or none');
    const missing = await assign(manager, projectId, { roofInspectorId: null });
    expect(missing.status).toBe(400);
    expect(Object.keys(missing.body.errors)).toEqual(['installerId']);
  });

  it('lists the caller’s assigned projects first with assignedTo=me', async () => {
    const later = await projectOf(server, client, 'Zzz Street 9, Osh');
    await putInStatus(server, later, 'quote_requested');
    const query = 'sortBy=address&descending=false&pageSize=100';
    const plain = await call(server, 'GET', `/projects/pipeline?${query}`, {
      token: inspector.token,
    });
    expect(plain.status).toBe(200);
    const mine = await call(server, 'GET', `/projects/pipeline?${query}&assignedTo=me`, {
      token: inspector.token,
    });
    expect(mine.status).toBe(200);
    expect(mine.body.totalCount).toBe(plain.body.totalCount);
    expect(mine.body.items[0].id).toBe(projectId);
    await assign(manager, projectId, { roofInspectorId: null, installerId: installer.id });
    await assign(manager, later, { roofInspectorId: inspector.id, installerId: null });
    const now = await call(server, 'GET', `/projects/pipeline?${query}&assignedTo=me`, {
      token: inspector.token,
    });
    expect(now.body.items[0].id).toBe(later);
    const bad = await call(server, 'GET', '/projects/pipeline?assignedTo=you', {
      token: inspector.token,
    });
    expect(bad.status).toBe(400);
    expect(bad.body.errors.assignedTo).toBe('Assigned to must be me');
  });
});
