import { describe, expect, it } from 'vitest';
import {
  auditEventQuerySchema,
  auditExportQuerySchema,
  auditHistoryQuerySchema,
} from './audit-requests.ts';
import { auditTargetTypeOf } from './audit.ts';
import { can } from './permissions.ts';
import { ROLE_KEYS } from './roles.ts';

const NOW = Date.parse('2026-11-22T12:00:00Z');
const LATER = NOW / 1000 + 900;
const ID = '0b8e2c1a-5d4f-4e3b-9a2c-1f0e9d8c7b6a';

/** The field errors of a failed parse: `{ path: message id }`. */
function fieldErrors(result: {
  success: boolean;
  error?: { issues: { path: PropertyKey[]; message: string }[] };
}) {
  return Object.fromEntries(
    (result.error?.issues ?? []).map((issue) => [issue.path.join('.'), issue.message]),
  );
}

describe('canViewAuditLog', () => {
  it.each(ROLE_KEYS)('is granted to %s only when admin', (role) => {
    expect(can({ role, expiresAt: LATER }, 'canViewAuditLog', NOW)).toBe(role === 'admin');
  });
});

describe('the audit list query', () => {
  it('has defaults and takes every filter', () => {
    expect(auditEventQuerySchema.parse({})).toEqual({ pageNumber: 1, pageSize: 25 });
    expect(
      auditEventQuerySchema.parse({
        actorId: ID.toUpperCase(),
        targetType: 'project',
        targetId: ID,
        action: ' project.recordInspection ',
        from: '2026-11-01',
        to: '2026-11-01',
        pageNumber: '2',
        pageSize: '100',
      }),
    ).toEqual({
      actorId: ID,
      targetType: 'project',
      targetId: ID,
      action: 'project.recordInspection',
      from: '2026-11-01',
      to: '2026-11-01',
      pageNumber: 2,
      pageSize: 100,
    });
  });

  it.each([
    [{ actorId: 'nobody' }, { actorId: 'audit.actorId' }],
    [{ targetType: 'conversation' }, { targetType: 'audit.targetType' }],
    [{ targetType: 'user', targetId: '42' }, { targetId: 'audit.targetId' }],
    [{ targetId: ID }, { targetType: 'audit.targetTypeRequired' }],
    [{ action: 'x'.repeat(101) }, { action: 'audit.action' }],
    [{ from: '2026-02-30' }, { from: 'audit.date' }],
    [{ to: '30.11.2026' }, { to: 'audit.date' }],
    [{ from: '2026-11-02', to: '2026-11-01' }, { to: 'audit.period' }],
    [{ pageSize: '101' }, { pageSize: 'validation.pageSize' }],
    [{ pageNumber: '0' }, { pageNumber: 'validation.pageNumber' }],
    [{ sortBy: 'id' }, { '': 'validation.unknownField' }],
  ])('refuses %o with a field message', (query, errors) => {
    expect(fieldErrors(auditEventQuerySchema.safeParse(query))).toEqual(errors);
  });

  it('exports with the same filters and no paging', () => {
    expect(auditExportQuerySchema.parse({ action: 'user.update' })).toEqual({
      action: 'user.update',
    });
    expect(auditExportQuerySchema.safeParse({ pageNumber: '1' }).success).toBe(false);
    expect(
      fieldErrors(auditExportQuerySchema.safeParse({ from: '2026-12-01', to: '2026-11-01' })),
    ).toEqual({ to: 'audit.period' });
  });

  it('pages a history and nothing else', () => {
    expect(auditHistoryQuerySchema.parse({ pageSize: '10' })).toEqual({
      pageNumber: 1,
      pageSize: 10,
    });
    expect(auditHistoryQuerySchema.safeParse({ actorId: ID }).success).toBe(false);
  });
});

describe('auditTargetTypeOf', () => {
  it('reads the prefix of the action', () => {
    expect(auditTargetTypeOf('user.create')).toBe('user');
    expect(auditTargetTypeOf('project.addPhoto')).toBe('project');
    expect(auditTargetTypeOf('system.start')).toBeNull();
  });
});
