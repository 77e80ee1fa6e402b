/**
 * Audit log resource (docs/product.md#audit-log; the OpenAPI document; shapes in domain
 * audit.ts): the filtered, paged log and its CSV export (canViewAuditLog, else 403), one
 * project's history (whoever may see the project, else 404) and one user's history
 * (canViewAuditLog). `from` and `to` are calendar days `YYYY-MM-DD` in UTC, both included.
 * Rejects with ApiError (400 `validation_failed` with the field's message for a bad filter).
 */
import type { AuditEvent, AuditEventQuery, AuditExportQuery } from '@solar/domain';
import type { UserListResponse } from '@solar/domain/contract';
import type { Transport } from '../transport.ts';

/** The audit list query as the client sends it: every field optional (server defaults). */
export type AuditEventParams = Partial<AuditEventQuery>;
/** The export's filters (no paging). */
export type AuditExportParams = Partial<AuditExportQuery>;
/** The paging of a history (1-based page; 1..100 rows, default 25). */
export type AuditHistoryParams = { pageNumber?: number; pageSize?: number };
/** One page of audit events (the same Page shape as `GET /admin/users`). */
export type AuditEventPage = UserListResponse<AuditEvent>;

/** The audit log calls. */
export interface AuditResource {
  /**
   * `GET /audit-events?actorId&targetType&targetId&action&from&to&pageNumber&pageSize` ->
   * 200 one page, newest first; 400 for a bad filter; 403 without canViewAuditLog.
   */
  list(params?: AuditEventParams): Promise<AuditEventPage>;
  /**
   * `GET /audit-events.csv?<the list's filters>` -> every matching row as a `text/csv` Blob
   * (UTF-8 with a byte order mark; header `at,actorId,actorName,action,targetType,targetId,
   * before,after`); 400; 403.
   */
  exportCsv(params?: AuditExportParams): Promise<Blob>;
  /** `GET /projects/{id}/history?pageNumber&pageSize` -> 200 one page; 404 when not visible. */
  projectHistory(id: string, params?: AuditHistoryParams): Promise<AuditEventPage>;
  /** `GET /users/{id}/history?pageNumber&pageSize` -> 200 one page; 403; 404 unknown user. */
  userHistory(id: string, params?: AuditHistoryParams): Promise<AuditEventPage>;
}

/** The query string of an audit request: absent and empty values are left out. */
export function auditSearchParams(params: object = {}): URLSearchParams {
  const search = new URLSearchParams();
  for (const [key, value] of Object.entries(params)) {
    if (value === undefined || value === null || value === '') continue;
    search.set(key, String(value));
  }
  return search;
}

/** Creates the audit log resource. */
export function auditResource(t: Transport): AuditResource {
  const page = (path: string, params: object | undefined) =>
    t.authed((http) =>
      http.get(path, { searchParams: auditSearchParams(params) }).json<AuditEventPage>(),
    );
  return {
    list: (params) => page('audit-events', params),
    exportCsv: (params) =>
      t.authed((http) =>
        http.get('audit-events.csv', { searchParams: auditSearchParams(params) }).blob(),
      ),
    projectHistory: (id, params) => page(`projects/${encodeURIComponent(id)}/history`, params),
    userHistory: (id, params) => page(`users/${encodeURIComponent(id)}/history`, params),
  };
}
