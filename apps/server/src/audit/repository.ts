/**
 * Reads of the audit log (audit_log, db/schema.ts; domain audit.ts): one page of the rows a
 * filter selects, newest first (ties broken by id, so pages never overlap), and every such
 * row for the CSV export, read in batches. A row's target type is the prefix of its action
 * (`user.update` -> user), so a target filter is its id and that prefix. The period is
 * calendar days in UTC, both ends included: `from` 00:00 to the day after `to` 00:00.
 */
import {
  auditTargetTypeOf,
  AUDIT_CSV_COLUMNS,
  type AuditEvent,
  type AuditExportQuery,
  type AuditTargetType,
} from '@solar/domain';
import { toPage } from '@solar/domain/paging';
import { and, count, desc, eq, gte, like, lt, or, sql, type SQL } from 'drizzle-orm';
import Papa from 'papaparse';
import type { Db } from '../db/database.ts';
import { auditLog, users } from '../db/schema.ts';
import { pageWindow } from '../users/list.ts';

/**
 * The filters of a read (domain auditExportQuerySchema's output), and for a user's history
 * `involving`: the rows that user made or that changed their account.
 */
export type AuditFilters = Partial<AuditExportQuery> & { involving?: string };

/** Paging of a read: 1-based page, rows a page. */
export interface AuditPaging {
  pageNumber: number;
  pageSize: number;
}

const DAY_MS = 86_400_000;

/** `YYYY-MM-DD` as that day's first instant in UTC (plus `days`). */
const dayStart = (day: string, days = 0) =>
  new Date(Date.parse(`${day}T00:00:00Z`) + days * DAY_MS);

/** `like` pattern of the actions of one target type. */
const actionsOf = (type: AuditTargetType) => `${type}.%`;

/** The WHERE of `filters` (undefined: every row). */
function whereOf(filters: AuditFilters): SQL | undefined {
  const parts: (SQL | undefined)[] = [];
  if (filters.actorId) parts.push(eq(auditLog.actorId, filters.actorId));
  if (filters.targetType) parts.push(like(auditLog.action, actionsOf(filters.targetType)));
  if (filters.targetId) parts.push(eq(auditLog.targetId, filters.targetId));
  if (filters.action) parts.push(eq(auditLog.action, filters.action));
  if (filters.from) parts.push(gte(auditLog.createdAt, dayStart(filters.from)));
  if (filters.to) parts.push(lt(auditLog.createdAt, dayStart(filters.to, 1)));
  if (filters.involving) {
    parts.push(
      or(
        eq(auditLog.actorId, filters.involving),
        and(eq(auditLog.targetId, filters.involving), like(auditLog.action, actionsOf('user'))),
      ),
    );
  }
  return parts.length > 0 ? and(...parts) : undefined;
}

const columns = {
  id: auditLog.id,
  actorId: auditLog.actorId,
  actorName: users.name,
  action: auditLog.action,
  targetId: auditLog.targetId,
  before: auditLog.before,
  after: auditLog.after,
  createdAt: auditLog.createdAt,
};

type Row = {
  id: string;
  actorId: string | null;
  actorName: string | null;
  action: string;
  targetId: string | null;
  before: unknown;
  after: unknown;
  createdAt: Date;
};

const toEvent = (row: Row): AuditEvent => ({
  id: row.id,
  actorId: row.actorId,
  actorName: row.actorName ?? null,
  action: row.action,
  targetType: auditTargetTypeOf(row.action),
  targetId: row.targetId,
  before: row.before ?? null,
  after: row.after ?? null,
  at: row.createdAt.toISOString(),
});

/** One page of the rows `filters` select, newest first, in the user list's Page shape. */
export async function listAuditEvents(db: Db, filters: AuditFilters, paging: AuditPaging) {
  const where = whereOf(filters);
  const [total] = await db.select({ n: count() }).from(auditLog).where(where);
  const totalCount = total?.n ?? 0;
  const window = pageWindow(totalCount, paging.pageNumber, paging.pageSize);
  let items: AuditEvent[] = [];
  if (window) {
    const newest = window.reversed
      ? [sql`${auditLog.createdAt} asc`, sql`${auditLog.id} asc`]
      : [desc(auditLog.createdAt), desc(auditLog.id)];
    const rows = await db
      .select(columns)
      .from(auditLog)
      .leftJoin(users, eq(users.id, auditLog.actorId))
      .where(where)
      .orderBy(...newest)
      .limit(window.limit)
      .offset(window.offset);
    if (window.reversed) rows.reverse();
    items = rows.map(toEvent);
  }
  return toPage<AuditEvent>(items, totalCount, paging.pageNumber, paging.pageSize);
}

/** Rows read a batch by the export. */
export const EXPORT_BATCH = 500;

/** A cell as text: JSON for objects, ISO for the time, empty for null. */
const cell = (value: unknown) =>
  value === null || value === undefined
    ? ''
    : typeof value === 'string'
      ? value
      : JSON.stringify(value);

/**
 * The CSV of every row `filters` select, newest first, as chunks of text: a UTF-8 byte order
 * mark and the header ({@link AUDIT_CSV_COLUMNS}) first, then batches of
 * {@link EXPORT_BATCH} rows read after the last one (keyset: time, then id), so a large log
 * is never held at once. Cells that start like a spreadsheet formula (`=`, `+`, `-`, `@`,
 * tab, carriage return) are escaped with a leading `'` (papaparse `escapeFormulae`), as the
 * users list's export does.
 */
export async function* exportAuditCsv(db: Db, filters: AuditFilters): AsyncGenerator<string> {
  const options = { escapeFormulae: true, newline: '\r\n' } as const;
  yield `\uFEFF${Papa.unparse([[...AUDIT_CSV_COLUMNS]], options)}\r\n`;
  const where = whereOf(filters);
  // The cursor keeps the time as PostgreSQL's text (microseconds; a Date has ms only).
  let after: { at: string; id: string } | undefined;
  for (;;) {
    const rows = await db
      .select({ ...columns, cursor: sql<string>`${auditLog.createdAt}::text` })
      .from(auditLog)
      .leftJoin(users, eq(users.id, auditLog.actorId))
      .where(
        and(
          where,
          after
            ? or(
                sql`${auditLog.createdAt} < ${after.at}::timestamptz`,
                and(
                  sql`${auditLog.createdAt} = ${after.at}::timestamptz`,
                  lt(auditLog.id, after.id),
                ),
              )
            : undefined,
        ),
      )
      .orderBy(desc(auditLog.createdAt), desc(auditLog.id))
      .limit(EXPORT_BATCH);
    if (rows.length === 0) return;
    const lines = rows.map((row) => {
      const event = toEvent(row);
      return AUDIT_CSV_COLUMNS.map((column) => cell(event[column]));
    });
    yield `${Papa.unparse(lines, options)}\r\n`;
    if (rows.length < EXPORT_BATCH) return;
    const last = rows[rows.length - 1]!;
    after = { at: last.cursor, id: last.id };
  }
}
