/**
 * Contract tests: the audit log (docs/product.md#audit-log; the OpenAPI document): the
 * filtered, paged log, its CSV export and the histories of one project and one user, and
 * who may read each.
 */
import { AUDIT_CSV_COLUMNS } from '@solar/domain/audit';
import { describe, expect, it } from 'vitest';
import { type ContractKit } from './kit.ts';
import { pipelineKit } from './pipeline-kit.ts';

/** The log's filters, paging, period, refusals and CSV; the two histories. */
export function auditContract(kit: ContractKit): void {
  const { nullable, iso, id, admin, roleUser, freshUser, failure, raw } = kit;
  const pk = pipelineKit(kit);
  describe('audit log', () => {
    const eventShape = {
      id,
      actorId: nullable(expect.any(String)),
      actorName: nullable(expect.any(String)),
      action: expect.any(String),
      targetType: nullable(expect.stringMatching(/^(user|project)$/)),
      targetId: nullable(expect.any(String)),
      before: nullable(expect.any(Object)),
      after: nullable(expect.any(Object)),
      at: iso,
    };
    /** A user made by the administrator, then renamed: rows user.create and user.update. */
    async function changedUser() {
      const made = await roleUser(4, 'Audit Before');
      const { api, response } = await admin();
      await api.adminUsers.update(made.user.id, {
        name: 'Audit After',
        email: made.email,
        userType: 4,
        emailConfirmed: true,
        isActive: true,
      });
      return { api, adminId: response.user.id, target: made };
    }

    it('GET /audit-events filters by target and action, newest first, with before and after', async () => {
      const { api, adminId, target } = await changedUser();
      const all = await api.audit.list({ targetType: 'user', targetId: target.user.id });
      expect(all).toMatchObject({ pageNumber: 1, pageSize: 25, totalCount: 2, totalPages: 1 });
      for (const event of all.items) expect(event).toEqual({ ...eventShape });
      expect(all.items.map((e) => e.action)).toEqual(['user.update', 'user.create']);
      expect(all.items[1]).toMatchObject({
        actorId: adminId,
        actorName: expect.any(String),
        targetType: 'user',
        targetId: target.user.id,
        before: null,
        after: expect.objectContaining({ name: 'Audit Before' }),
      });
      const updates = await api.audit.list({
        targetType: 'user',
        targetId: target.user.id,
        action: 'user.update',
      });
      expect(updates.items).toHaveLength(1);
      expect(updates.items[0]).toMatchObject({
        before: expect.objectContaining({ name: 'Audit Before' }),
        after: expect.objectContaining({ name: 'Audit After' }),
      });
      const byActor = await api.audit.list({ actorId: adminId, pageSize: 100 });
      expect(byActor.items.every((e) => e.actorId === adminId)).toBe(true);
      expect(byActor.items.map((e) => e.targetId)).toContain(target.user.id);
    });
    it('pages never overlap and the period is calendar days in UTC, both ends included', async () => {
      const { api, target } = await changedUser();
      const filter = { targetType: 'user' as const, targetId: target.user.id };
      const first = await api.audit.list({ ...filter, pageSize: 1, pageNumber: 1 });
      const second = await api.audit.list({ ...filter, pageSize: 1, pageNumber: 2 });
      expect(first).toMatchObject({ totalCount: 2, totalPages: 2, hasNextPage: true });
      expect(second).toMatchObject({ pageNumber: 2, hasPreviousPage: true, hasNextPage: false });
      expect(first.items[0]!.id).not.toBe(second.items[0]!.id);
      expect(first.items[0]!.at >= second.items[0]!.at).toBe(true);
      const today = new Date().toISOString().slice(0, 10);
      const inPeriod = await api.audit.list({ ...filter, from: today, to: today });
      expect(inPeriod.totalCount).toBe(2);
      const before = await api.audit.list({ ...filter, to: '2000-01-01' });
      expect(before).toMatchObject({ totalCount: 0, items: [] });
      const after = await api.audit.list({ ...filter, from: '2999-01-01' });
      expect(after.totalCount).toBe(0);
    });
    it('answers 400 on its field for a bad from, a reversed period or an id without a type', async () => {
      const { api } = await admin();
      const bad = await failure(api.audit.list({ from: '2024-02-30' }));
      expect(bad).toMatchObject({ status: 400, code: 'validation_failed' });
      expect(bad.fieldErrors).toHaveProperty('from');
      const reversed = await failure(api.audit.list({ from: '2024-05-02', to: '2024-05-01' }));
      expect(reversed.fieldErrors).toHaveProperty('to');
      const typeless = await failure(
        api.audit.list({ targetId: '00000000-0000-4000-8000-000000000001' }),
      );
      expect(typeless.fieldErrors).toHaveProperty('targetType');
      const csv = await failure(api.audit.exportCsv({ from: 'yesterday' }));
      expect(csv.status).toBe(400);
    });
    it('refuses a client (403) and an anonymous caller (401) the log, its export and a user history', async () => {
      const { api, user, response } = await freshUser();
      expect((await failure(api.audit.list())).status).toBe(403);
      expect((await failure(api.audit.exportCsv())).status).toBe(403);
      expect((await failure(api.audit.userHistory(user.id))).status).toBe(403);
      expect((await raw('GET', 'audit-events', { token: response.token })).status).toBe(403);
      expect((await raw('GET', 'audit-events')).status).toBe(401);
      expect((await raw('GET', 'audit-events.csv')).status).toBe(401);
    });
    it('GET /audit-events.csv answers text/csv: a byte order mark, the header row, the rows', async () => {
      const { api, target } = await changedUser();
      const blob = await api.audit.exportCsv({ targetType: 'user', targetId: target.user.id });
      const { response } = await admin();
      const rawAnswer = await raw(
        'GET',
        `audit-events.csv?targetType=user&targetId=${target.user.id}`,
        {
          token: response.token,
        },
      );
      expect(rawAnswer.status).toBe(200);
      expect(rawAnswer.headers.get('content-type')).toMatch(/^text\/csv/);
      const text = (await blob.text()).replace(/^\uFEFF/, '');
      const lines = text.trimEnd().split('\r\n');
      expect(lines[0]).toBe(AUDIT_CSV_COLUMNS.join(','));
      expect(lines).toHaveLength(3);
      expect(lines[1]).toContain('user.update');
      expect(lines[2]).toContain('user.create');
      const bytes = new Uint8Array(await blob.arrayBuffer());
      expect([...bytes.slice(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    });
    it('GET /projects/{id}/history answers whoever sees the project, 404 to others', async () => {
      const owner = await pk.client('Audit Owner');
      const project = await pk.project(owner);
      await pk.advance(project.id, [[owner, { action: 'requestQuote' }]]);
      const page = await owner.api.audit.projectHistory(project.id);
      expect(page.items).toHaveLength(1);
      expect(page.items[0]).toEqual(eventShape);
      expect(page.items[0]).toMatchObject({
        action: 'project.requestQuote',
        actorId: owner.user.id,
        targetType: 'project',
        targetId: project.id,
        after: expect.objectContaining({ status: 'quote_requested' }),
      });
      const stranger = await pk.client('Audit Stranger');
      expect((await failure(stranger.api.audit.projectHistory(project.id))).status).toBe(404);
      const bad = await failure(owner.api.audit.projectHistory(project.id, { pageSize: 101 }));
      expect(bad.status).toBe(400);
    });
    it('GET /users/{id}/history answers an administrator the rows of that account; 404 unknown', async () => {
      const { api, target } = await changedUser();
      const page = await api.audit.userHistory(target.user.id);
      expect(page.items.map((e) => e.action)).toEqual(['user.update', 'user.create']);
      const unknown = await failure(api.audit.userHistory('00000000-0000-4000-8000-0000000fffff'));
      expect(unknown.status).toBe(404);
    });
  });
}
