import { pipelineActionMessages } from '@solar/domain';
import { describe, expect, it } from 'vitest';
import { actionMessage, changedFields, valueText } from './audit-format.ts';
import {
  auditStateToParams,
  auditStateToSearch,
  DEFAULT_AUDIT_STATE,
  isAuditFiltered,
  parseAuditState,
} from './audit-state.ts';

const ID = '00000000-0000-4000-8000-00000000000a';

describe('audit change summary (docs/product.md#audit-log)', () => {
  it('lists only the fields whose value changed, in their order', () => {
    expect(
      changedFields(
        { name: 'Ada', isActive: true, userType: 4 },
        { name: 'Ada L', isActive: false, userType: 4 },
      ),
    ).toEqual([
      { field: 'name', before: 'Ada', after: 'Ada L' },
      { field: 'isActive', before: 'true', after: 'false' },
    ]);
  });
  it('lists every field set by a creation and objects as JSON', () => {
    expect(changedFields(null, { status: 'draft', inspection: { roofType: 'flat' } })).toEqual([
      { field: 'status', before: '', after: 'draft' },
      { field: 'inspection', before: '', after: '{"roofType":"flat"}' },
    ]);
    expect(changedFields(null, null)).toEqual([]);
    expect(valueText(undefined)).toBe('');
  });
  it('knows the recorded actions and leaves others to the raw text', () => {
    expect(actionMessage('user.update')).toEqual({ id: 'audit.action.user.update' });
    expect(actionMessage('project.scheduleInspection')).toEqual(
      pipelineActionMessages.scheduleInspection.history,
    );
    expect(actionMessage('project.somethingNew')).toBeNull();
  });
});

describe('audit log URL state', () => {
  it('round-trips every filter and leaves the defaults out', () => {
    const search = `page=2&size=50&actor=${ID}&type=user&target=${ID}&action=user.update&from=2026-03-01&to=2026-03-14`;
    const state = parseAuditState(search);
    expect(state).toEqual({
      page: 2,
      size: 50,
      actorId: ID,
      targetType: 'user',
      targetId: ID,
      action: 'user.update',
      from: '2026-03-01',
      to: '2026-03-14',
    });
    expect(auditStateToSearch(state)).toBe(search);
    expect(auditStateToSearch(DEFAULT_AUDIT_STATE)).toBe('');
    expect(auditStateToParams(state)).toMatchObject({ pageNumber: 2, pageSize: 50, actorId: ID });
    expect(isAuditFiltered(state)).toBe(true);
    expect(isAuditFiltered(DEFAULT_AUDIT_STATE)).toBe(false);
  });
  it('drops malformed values and a target id without its type', () => {
    expect(parseAuditState(`?page=0&size=7&actor=x&target=${ID}&from=soon&type=car`)).toEqual(
      DEFAULT_AUDIT_STATE,
    );
  });
});
