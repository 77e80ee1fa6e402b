/**
 * The audit log screen's state in the URL query (docs/product.md#audit-log), so a reload, the
 * back button or a shared link brings the same rows back:
 *
 *   ?page=2&size=25&actor=<user id>&type=project&target=<project id>&action=user.update
 *     &from=2026-03-01&to=2026-03-14
 *
 * Defaults (page 1, 25 rows, no filter) are left out. A malformed value falls back to "no
 * filter" instead of failing (a target id without its type is dropped, as the server would
 * refuse it); a reversed period is sent as it is, and the server's 400 names the field.
 */
import type { AuditEventParams } from '@solar/api';
import { AUDIT_TARGET_TYPES, isPageSize, type AuditTargetType, type PageSize } from '@solar/domain';

/** What the screen shows: page, size and the filters (null: not filtered by it). */
export interface AuditLogState {
  readonly page: number;
  readonly size: PageSize;
  /** The person who made the changes (a user id). */
  readonly actorId: string | null;
  readonly targetType: AuditTargetType | null;
  /** One target's id (only with `targetType`). */
  readonly targetId: string | null;
  /** One action, e.g. `user.update`. */
  readonly action: string | null;
  /** Calendar days `YYYY-MM-DD` (UTC), both included. */
  readonly from: string | null;
  readonly to: string | null;
}

/** The log's default page size (the server's default). */
export const AUDIT_PAGE_SIZE: PageSize = 25;

/** The screen with nothing chosen. */
export const DEFAULT_AUDIT_STATE: AuditLogState = {
  page: 1,
  size: AUDIT_PAGE_SIZE,
  actorId: null,
  targetType: null,
  targetId: null,
  action: null,
  from: null,
  to: null,
};

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const DAY = /^\d{4}-\d{2}-\d{2}$/;
const ACTION = /^[a-z]+\.[A-Za-z_]+$/;

const pick = (value: string | null, pattern: RegExp) =>
  value !== null && pattern.test(value) ? value : null;

/** Reads the state from a query string (with or without the leading '?'). */
export function parseAuditState(search: string): AuditLogState {
  const query = new URLSearchParams(search);
  const page = Number(query.get('page'));
  const size = Number(query.get('size'));
  const type = query.get('type');
  const targetType = (AUDIT_TARGET_TYPES as readonly (string | null)[]).includes(type)
    ? (type as AuditTargetType)
    : null;
  return {
    page: Number.isInteger(page) && page >= 1 ? page : 1,
    size: isPageSize(size) ? size : AUDIT_PAGE_SIZE,
    actorId: pick(query.get('actor'), UUID),
    targetType,
    targetId: targetType ? pick(query.get('target'), UUID) : null,
    action: pick(query.get('action'), ACTION),
    from: pick(query.get('from'), DAY),
    to: pick(query.get('to'), DAY),
  };
}

/** The query string of a state ('' for the defaults), without the leading '?'. */
export function auditStateToSearch(state: AuditLogState): string {
  const query = new URLSearchParams();
  if (state.page > 1) query.set('page', String(state.page));
  if (state.size !== AUDIT_PAGE_SIZE) query.set('size', String(state.size));
  if (state.actorId) query.set('actor', state.actorId);
  if (state.targetType) query.set('type', state.targetType);
  if (state.targetType && state.targetId) query.set('target', state.targetId);
  if (state.action) query.set('action', state.action);
  if (state.from) query.set('from', state.from);
  if (state.to) query.set('to', state.to);
  return query.toString();
}

/** The filters of a state as the API takes them (absent when not chosen), without paging. */
export function auditStateToFilters(state: AuditLogState): AuditEventParams {
  return {
    ...(state.actorId ? { actorId: state.actorId } : {}),
    ...(state.targetType ? { targetType: state.targetType } : {}),
    ...(state.targetType && state.targetId ? { targetId: state.targetId } : {}),
    ...(state.action ? { action: state.action } : {}),
    ...(state.from ? { from: state.from } : {}),
    ...(state.to ? { to: state.to } : {}),
  };
}

/** The `GET /audit-events` query of a state. */
export function auditStateToParams(state: AuditLogState): AuditEventParams {
  return { pageNumber: state.page, pageSize: state.size, ...auditStateToFilters(state) };
}

/** True when any filter narrows the log (picks the empty state). */
export function isAuditFiltered(state: AuditLogState): boolean {
  return Object.keys(auditStateToFilters(state)).length > 0;
}

/** The filters cleared, back to page 1 (the size kept). */
export const CLEARED_FILTERS: Partial<AuditLogState> = {
  page: 1,
  actorId: null,
  targetType: null,
  targetId: null,
  action: null,
  from: null,
  to: null,
};
