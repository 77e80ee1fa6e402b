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
 * `from` and `to` are calendar days `YYYY-MM-DD` in UTC, both included. The query schemas
 * are in audit-requests.ts, so this module stays free of zod.
 */

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
