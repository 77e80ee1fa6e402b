/**
 * The audit log API (docs/product.md#audit-log; domain audit.ts): `GET /audit-events` for
 * canViewAuditLog only, filtered by actor, target, action and period, paged like the user
 * list, newest first; its CSV export with formula-like cells escaped; a project's history
 * for whoever sees the project and a user's history for admins; bad queries are 400 with a
 * field message. PGlite, and PostgreSQL with TEST_DATABASE_URL.
 */
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog } from '../src/db/schema.ts';
import { databaseKinds, startTestServer, type TestServer } from './harness.ts';
import { signIn } from './helpers.ts';
import {
  bodyFor,
  call,
  projectOf,
  transition,
  userOf,
  type PipelineUser,
} from './projects-pipeline-support.ts';
import { ADMIN } from './harness.ts';

const UNKNOWN = '00000000-0000-4000-8000-000000000000';

describe.each(databaseKinds)('the audit log on %s', (kind) => {
  let server: TestServer;
  let admin: { token: string; user: { id: string } };
  let client: PipelineUser;
  let inspector: PipelineUser;
  let manager: PipelineUser;
  let projectId: string;
  let otherProjectId: string;

  beforeAll(async () => {
    server = await startTestServer(kind);
    admin = await signIn(server, ADMIN);
    client = await userOf(server, 'client_residential', '=HYPERLINK("http://evil")');
    inspector = await userOf(server, 'roof_inspector', 'Ina Inspector');
    manager = await userOf(server, 'project_manager', 'Max Manager');
    projectId = await projectOf(server, client, 'Chui Avenue 1, Bishkek');
    otherProjectId = await projectOf(server, client, 'Manas 10, Bishkek');
    for (const action of ['requestQuote', 'scheduleInspection', 'recordInspection']) {
      const actor = action === 'requestQuote' ? client : inspector;
      const answer = await transition(server, actor, projectId, bodyFor(action));
      expect(answer.status, JSON.stringify(answer.body)).toBe(200);
    }
    expect((await transition(server, client, otherProjectId, bodyFor('requestQuote'))).status).toBe(
      200,
    );
  });
  afterAll(async () => {
    await server?.settleMail();
    await server?.close();
  });

  const events = (token: string, query = '') =>
    call(server, 'GET', `/audit-events${query ? `?${query}` : ''}`, { token });

  it('is for admins only', async () => {
    expect((await call(server, 'GET', '/audit-events')).status).toBe(401);
    for (const user of [client, inspector, manager]) {
      const answer = await events(user.token);
      expect(answer.status).toBe(403);
      expect(answer.body.code).toBe('forbidden');
    }
    expect((await events(admin.token)).status).toBe(200);
  });

  it('pages every row newest first in the user list shape', async () => {
    const all = await events(admin.token, 'pageSize=100');
    expect(all.status).toBe(200);
    expect(all.body).toMatchObject({ pageNumber: 1, pageSize: 100, hasPreviousPage: false });
    // 3 accounts created by the admin, the admin's seed, 3 + 1 project transitions.
    expect(all.body.totalCount).toBeGreaterThanOrEqual(7);
    const times = all.body.items.map((item: { at: string }) => item.at);
    expect([...times].sort().reverse()).toEqual(times);
    const two = await events(admin.token, 'pageSize=2&pageNumber=2');
    expect(two.body.items.map((i: { id: string }) => i.id)).toEqual(
      all.body.items.slice(2, 4).map((i: { id: string }) => i.id),
    );
    expect(two.body).toMatchObject({ totalPages: Math.ceil(all.body.totalCount / 2) });
    expect(two.body.hasPreviousPage).toBe(true);
  });

  it('filters by actor, target, action and period', async () => {
    const byInspector = await events(admin.token, `actorId=${inspector.id}`);
    expect(byInspector.body.items.map((i: { action: string }) => i.action)).toEqual([
      'project.recordInspection',
      'project.scheduleInspection',
    ]);
    expect(byInspector.body.items[0]).toMatchObject({
      actorId: inspector.id,
      actorName: 'Ina Inspector',
      targetType: 'project',
      targetId: projectId,
      before: { status: 'inspection_scheduled' },
      after: { status: 'inspected' },
    });

    const project = await events(admin.token, `targetType=project&targetId=${projectId}`);
    expect(project.body.totalCount).toBe(3);
    const users = await events(admin.token, 'targetType=user&pageSize=100');
    expect(users.body.items.every((i: { targetType: string }) => i.targetType === 'user')).toBe(
      true,
    );
    const created = await events(admin.token, `targetType=user&targetId=${client.id}`);
    expect(created.body.items.map((i: { action: string }) => i.action)).toEqual(['user.create']);

    const quotes = await events(admin.token, 'action=project.requestQuote');
    expect(quotes.body.totalCount).toBe(2);

    const today = new Date().toISOString().slice(0, 10);
    const inPeriod = await events(admin.token, `from=${today}&to=${today}&actorId=${client.id}`);
    expect(inPeriod.body.totalCount).toBe(2);
    const before = await events(admin.token, 'from=2000-01-01&to=2000-12-31');
    expect(before.body).toMatchObject({ totalCount: 0, items: [], totalPages: 0 });
  });

  it.each([
    ['actorId=someone', 'actorId', 'Actor must be a user id'],
    ['targetType=invoice', 'targetType', 'Target type must be user or project'],
    [`targetId=${UNKNOWN}`, 'targetType', 'Please give the target type with the target id'],
    ['targetType=user&targetId=1', 'targetId', 'Target must be a user or project id'],
    ['from=2026-02-30', 'from', 'Please enter a real date as YYYY-MM-DD'],
    ['from=2026-11-02&to=2026-11-01', 'to', 'The start of the period must be on or before its end'],
    ['pageSize=1000', 'pageSize', 'Page size must be a whole number from 1 to 100'],
    ['actorId=a&actorId=b', 'actorId', 'Actor must be a user id'],
    [`action=${'x'.repeat(101)}`, 'action', 'Action can be at most 100 characters'],
  ])('answers %s with 400 and a field message', async (query, field, message) => {
    for (const path of ['/audit-events', '/audit-events.csv']) {
      const answer = await call(server, 'GET', `${path}?${query}`, { token: admin.token });
      if (path.endsWith('.csv') && field === 'pageSize') {
        expect(answer.status).toBe(400);
        continue;
      }
      expect(answer.status, JSON.stringify(answer.body)).toBe(400);
      expect(answer.body.code).toBe('validation_failed');
      expect(answer.body.errors[field]).toBe(message);
    }
  });

  it('exports the same filter as CSV with formulas neutralised', async () => {
    const refused = await server.app.inject({
      method: 'GET',
      url: '/api/v1/audit-events.csv',
      headers: { authorization: `Bearer ${inspector.token}` },
    });
    expect(refused.statusCode).toBe(403);

    const response = await server.app.inject({
      method: 'GET',
      url: `/api/v1/audit-events.csv?targetType=user&targetId=${client.id}`,
      headers: { authorization: `Bearer ${admin.token}` },
    });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(response.headers['content-disposition']).toMatch(/^attachment; filename="audit-/);
    const lines = response.body
      .replace(/^\uFEFF/, '')
      .trim()
      .split('\r\n');
    expect(lines[0]).toBe('at,actorId,actorName,action,targetType,targetId,before,after');
    expect(lines).toHaveLength(2);
    expect(lines[1]).toContain(`,user.create,user,${client.id},`);
    // The client's name starts with "=": the JSON cell holds it, quoted; a cell that
    // starts with "=" itself is escaped with an apostrophe.
    expect(lines[1]).toContain('=HYPERLINK');

    await server.database.db
      .update(auditLog)
      .set({ action: '=cmd|calc' })
      .where(eq(auditLog.targetId, otherProjectId));
    const csv = await server.app.inject({
      method: 'GET',
      url: '/api/v1/audit-events.csv?action=%3Dcmd%7Ccalc',
      headers: { authorization: `Bearer ${admin.token}` },
    });
    const row = csv.body
      .replace(/^\uFEFF/, '')
      .trim()
      .split('\r\n')[1]!;
    expect(row).toContain(`,"'=cmd|calc",`);
    expect(row).not.toMatch(/,=cmd/);
  });

  it('exports every row past one batch, newest first, without repeats', async () => {
    const rows = Array.from({ length: 620 }, (_, i) => ({
      actorId: admin.user.id,
      action: 'user.bulk',
      targetId: client.id,
      after: { n: i },
      createdAt: new Date(Date.UTC(2026, 0, 1, 0, 0, 0, 0) + Math.floor(i / 3)),
    }));
    await server.database.db.insert(auditLog).values(rows);
    const response = await server.app.inject({
      method: 'GET',
      url: '/api/v1/audit-events.csv?action=user.bulk',
      headers: { authorization: `Bearer ${admin.token}` },
    });
    const lines = response.body
      .replace(/^\uFEFF/, '')
      .trim()
      .split('\r\n')
      .slice(1);
    expect(lines).toHaveLength(620);
    const numbers = lines.map((line: string) => Number(/""n"":(\d+)/.exec(line)?.[1]));
    expect(new Set(numbers).size).toBe(620);
    expect(Math.max(...numbers)).toBe(619);
    const times = lines.map((line: string) => line.split(',')[0]);
    expect([...times].sort().reverse()).toEqual(times);
    const page = await events(admin.token, 'action=user.bulk&pageSize=100&pageNumber=7');
    expect(page.body).toMatchObject({ totalCount: 620, pageNumber: 7, hasNextPage: false });
    expect(page.body.items).toHaveLength(20);
  });

  it("answers a project's history to whoever sees the project", async () => {
    const mine = await call(server, 'GET', `/projects/${projectId}/history`, {
      token: client.token,
    });
    expect(mine.status).toBe(200);
    expect(mine.body.items.map((i: { action: string }) => i.action)).toEqual([
      'project.recordInspection',
      'project.scheduleInspection',
      'project.requestQuote',
    ]);
    expect(
      (await call(server, 'GET', `/projects/${projectId}/history`, { token: manager.token }))
        .status,
    ).toBe(200);
    const stranger = await userOf(server, 'client_commercial');
    const hidden = await call(server, 'GET', `/projects/${projectId}/history`, {
      token: stranger.token,
    });
    expect(hidden.status).toBe(404);
    expect(
      (await call(server, 'GET', `/projects/${UNKNOWN}/history`, { token: admin.token })).status,
    ).toBe(404);
    const bad = await call(server, 'GET', `/projects/${projectId}/history?pageNumber=0`, {
      token: client.token,
    });
    expect(bad.status).toBe(400);
    expect(bad.body.errors.pageNumber).toBe('Page number must be a whole number of at least 1');
  });

  it("answers a user's history to admins: what they did and what was done to them", async () => {
    const history = await call(server, 'GET', `/users/${inspector.id}/history`, {
      token: admin.token,
    });
    expect(history.status).toBe(200);
    expect(history.body.items.map((i: { action: string }) => i.action)).toEqual([
      'project.recordInspection',
      'project.scheduleInspection',
      'user.create',
    ]);
    const own = await call(server, 'GET', `/users/${inspector.id}/history`, {
      token: inspector.token,
    });
    expect(own.status).toBe(403);
    expect(
      (await call(server, 'GET', `/users/${UNKNOWN}/history`, { token: admin.token })).status,
    ).toBe(404);
    expect(
      (await call(server, 'GET', '/users/not-an-id/history', { token: admin.token })).status,
    ).toBe(404);
    const bad = await call(server, 'GET', `/users/${inspector.id}/history?pageSize=x`, {
      token: admin.token,
    });
    expect(bad.status).toBe(400);
    expect(bad.body.errors.pageSize).toBeDefined();
  });
});
