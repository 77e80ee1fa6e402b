/**
 * The audit log's HTTP shapes (docs/product.md#audit-log): what `GET /audit-events`, its CSV
 * export and the project and user histories answer and accept. Every change an administrator
 * or the pipeline makes writes one row: who (`actorId`), what (`action`, e.g. `user.update`,
 * `project.scheduleInspection`), which target (a user or a project) and when.
 *
 * Endpoints:
 * - `GET /audit-events?actorId&targetType&targetId&action&from&to&pageNumber&pageSize` ->
 *   200 `Page<AuditEvent>`, newest first; canViewAuditLog; 400 with field errors.
 * - `GET /audit-events.csv?<same filters>` -> `text/csv` of every matching row, newest first.
 * - `GET /projects/{id}/history` -> 200 `Page<AuditEvent>` of one project (whoever sees it).
 * - `GET /users/{id}/history` -> 200 `Page<AuditEvent>` of one user's account (canViewAuditLog).
 *
 * `from` and `to` are calendar days `YYYY-MM-DD` in UTC, both included.
 */
import { z } from './internal/zod.ts';
import { queryValue, strict, text } from './internal/fields.ts';
import { auditMessages as m, validationMessages as v } from './messages.ts';
import { isCalendarDate } from './pipeline-dates.ts';

/** What an audit row may be about. */
export const AUDIT_TARGET_TYPES = ['user', 'project'] as const;
/** One target type. */
export type AuditTargetType = (typeof AUDIT_TARGET_TYPES)[number];

/** The longest action filter, characters. */
export const AUDIT_ACTION_MAX = 100;

/** One audit row as the API answers it. */
export interface AuditEvent {
  readonly id: string;
  /** Who made the change; null for the system or a deleted account. */
  readonly actorId: string | null;
  /** The actor's name now (null when unknown). */
  readonly actorName: string | null;
  /** `<targetType>.<verb>`, e.g. `user.create`, `project.recordInspection`. */
  readonly action: string;
  /** Null for a row whose target is not known. */
  readonly targetType: AuditTargetType | null;
  readonly targetId: string | null;
  /** The target's audited fields before and after the change (null when none). */
  readonly before: unknown;
  readonly after: unknown;
  /** ISO 8601 instant. */
  readonly at: string;
}

/** The target type of an action (`user.update` -> `user`), null for any other prefix. */
export function auditTargetTypeOf(action: string): AuditTargetType | null {
  const prefix = action.split('.', 1)[0];
  return (AUDIT_TARGET_TYPES as readonly string[]).includes(prefix ?? '')
    ? (prefix as AuditTargetType)
    : null;
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const idField = (message: string) =>
  text(message)
    .trim()
    .regex(UUID, message)
    .transform((id) => id.toLowerCase());
const dayField = text(m.date.id).refine(isCalendarDate, m.date.id);

/** The paging of an audit list: as the user list (1-based page, 1..100 rows, default 25). */
export const auditPageQuery = {
  pageNumber: queryValue(z.int({ error: v.pageNumber.id }).min(1, v.pageNumber.id).default(1)),
  pageSize: queryValue(
    z.int({ error: v.pageSize.id }).min(1, v.pageSize.id).max(100, v.pageSize.id).default(25),
  ),
};

/** The filters of the audit log (all optional; `from` <= `to`; a target id needs its type). */
const auditFilters = {
  actorId: idField(m.actorId.id).optional(),
  targetType: queryValue(z.enum(AUDIT_TARGET_TYPES, { error: m.targetType.id }).optional()),
  targetId: idField(m.targetId.id).optional(),
  action: text(m.action.id)
    .trim()
    .max(AUDIT_ACTION_MAX, m.action.id)
    .optional()
    .transform((value) => (value === '' ? undefined : value)),
  from: dayField.optional(),
  to: dayField.optional(),
};

type FilterShape = { targetType?: unknown; targetId?: unknown; from?: string; to?: string };
const checkFilters = (q: FilterShape, ctx: z.core.$RefinementCtx) => {
  if (q.from && q.to && q.from > q.to) {
    ctx.addIssue({ code: 'custom', path: ['to'], message: m.period.id });
  }
  if (q.targetId !== undefined && q.targetType === undefined) {
    ctx.addIssue({ code: 'custom', path: ['targetType'], message: m.targetTypeRequired.id });
  }
};

/** `GET /audit-events` query: filters and paging (see the file comment). */
export const auditEventQuerySchema = strict({ ...auditFilters, ...auditPageQuery }).superRefine(
  checkFilters,
);
/** The audit list query after defaults. */
export type AuditEventQuery = z.output<typeof auditEventQuerySchema>;

/** `GET /audit-events.csv` query: the list's filters, no paging. */
export const auditExportQuerySchema = strict(auditFilters).superRefine(checkFilters);
/** The export query. */
export type AuditExportQuery = z.output<typeof auditExportQuerySchema>;

/** `GET /projects/{id}/history` and `GET /users/{id}/history` query: paging only. */
export const auditHistoryQuerySchema = strict(auditPageQuery);
/** The history query after defaults. */
export type AuditHistoryQuery = z.output<typeof auditHistoryQuerySchema>;

/** The CSV export's columns, in order (the header row). */
export const AUDIT_CSV_COLUMNS = [
  'at',
  'actorId',
  'actorName',
  'action',
  'targetType',
  'targetId',
  'before',
  'after',
] as const;
