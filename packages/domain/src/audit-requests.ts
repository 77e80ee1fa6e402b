/**
 * The audit log's query schemas (docs/product.md#audit-log; the OpenAPI document): filters
 * and paging of `GET /audit-events`, its CSV export and the project and user histories. Each
 * issue's message is a message id of messages.ts. Apart from audit.ts so that module (read
 * by the audit screen on render) stays free of zod.
 */
import { z } from './internal/zod.ts';
import { queryValue, strict, text } from './internal/fields.ts';
import { auditMessages as m, validationMessages as v } from './messages.ts';
import { AUDIT_ACTION_MAX, AUDIT_TARGET_TYPES } from './audit.ts';
import { isCalendarDate } from './pipeline-dates.ts';

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
