/**
 * The fake's audit log (docs/product.md#audit-log; shapes in domain audit.ts): the rows the
 * fake records when an administrator changes an account (fake-users.ts) or a project moves
 * or gets a photo (fake-pipeline.ts, fake-pipeline-files.ts), and the four reads the server
 * answers: the filtered, paged log and its CSV export (canViewAuditLog: 401, 403, checked
 * before the query), a project's history (whoever may see the project, else 404) and a
 * user's history (canViewAuditLog; 404 unknown user). Newest first, ties by id.
 *
 * Row ids come from their own sequence (`00000000-0000-4000-a000-<n>`), not the store's,
 * so recording rows never shifts the ids stories and screenshots depend on.
 */
import { AUDIT_CSV_COLUMNS, auditTargetTypeOf, type AuditEvent } from '@solar/domain/audit';
import {
  auditEventQuerySchema,
  auditExportQuerySchema,
  auditHistoryQuerySchema,
  type AuditExportQuery,
} from '@solar/domain/audit-requests';
import { toPage } from '@solar/domain/paging';
import type { FakeUser } from './store.ts';
import { visibleProject } from './fake-pipeline.ts';
import { ok, parse, refuse, reply, type FakeReply } from './reply.ts';
import type { FakeStore } from './store.ts';

/** One stored audit row: the actor by id (their name is read when answering). */
export interface FakeAuditRow {
  readonly id: string;
  readonly actorId: string | null;
  readonly action: string;
  readonly targetId: string | null;
  readonly before: unknown;
  readonly after: unknown;
  /** ISO 8601 instant. */
  readonly at: string;
}

/** The audit calls of the fake; `auth` is the Authorization header. */
export interface FakeAudit {
  /** `GET /audit-events`: 200 `Page<AuditEvent>` newest first; 400; 401; 403. */
  listAuditEvents(auth: string | null, query: Record<string, string>): FakeReply;
  /** `GET /audit-events.csv`: 200 `text/csv` (BOM, header row, every match); 400; 401; 403. */
  exportAuditEvents(auth: string | null, query: Record<string, string>): FakeReply;
  /** `GET /projects/{id}/history`: 200 `Page<AuditEvent>`; 400; 401; 404 not visible. */
  projectHistory(auth: string | null, id: string, query: Record<string, string>): FakeReply;
  /** `GET /users/{id}/history`: 200 `Page<AuditEvent>`; 400; 401; 403; 404. */
  userHistory(auth: string | null, id: string, query: Record<string, string>): FakeReply;
}

/** The audited fields of an account, as the server records them. */
export const userAuditView = (user: FakeUser) => ({
  name: user.name,
  email: user.email,
  userType: user.userType,
  isActive: user.isActive,
  emailConfirmed: user.emailConfirmed,
  authMethod: user.authMethod,
  locale: user.locale,
});

/** Appends one audit row (at the store's clock unless `at` is given). */
export function recordAudit(
  store: FakeStore,
  row: Omit<FakeAuditRow, 'id' | 'at'> & { readonly at?: string },
): void {
  const hex = (store.audit.length + 1).toString(16).padStart(12, '0');
  store.audit.push({ ...row, id: `00000000-0000-4000-a000-${hex}`, at: row.at ?? store.iso() });
}

type Filters = Partial<AuditExportQuery> & { involving?: string };

const DAY_MS = 86_400_000;
const dayStart = (day: string, days = 0) => Date.parse(`${day}T00:00:00Z`) + days * DAY_MS;

function matches(row: FakeAuditRow, f: Filters): boolean {
  const at = Date.parse(row.at);
  const userTarget = row.action.startsWith('user.');
  return (
    (!f.actorId || row.actorId === f.actorId) &&
    (!f.targetType || row.action.startsWith(`${f.targetType}.`)) &&
    (!f.targetId || row.targetId === f.targetId) &&
    (!f.action || row.action === f.action) &&
    (!f.from || at >= dayStart(f.from)) &&
    (!f.to || at < dayStart(f.to, 1)) &&
    (!f.involving || row.actorId === f.involving || (userTarget && row.targetId === f.involving))
  );
}

/** A CSV cell as papaparse writes it with `escapeFormulae` (quoted when needed). */
function csvCell(value: unknown): string {
  let text =
    value === null || value === undefined
      ? ''
      : typeof value === 'string'
        ? value
        : JSON.stringify(value);
  let quote = /[",\r\n]/.test(text) || /^\s|\s$/.test(text);
  if (/^[=+\-@\t\r]/.test(text)) {
    text = `'${text}`;
    quote = true;
  }
  return quote ? `"${text.replaceAll('"', '""')}"` : text;
}

/** The audit calls over `store`. */
export function fakeAudit(store: FakeStore): FakeAudit {
  const event = (row: FakeAuditRow): AuditEvent => ({
    id: row.id,
    actorId: row.actorId,
    actorName: (row.actorId && store.users.get(row.actorId)?.name) || null,
    action: row.action,
    targetType: auditTargetTypeOf(row.action),
    targetId: row.targetId,
    before: row.before ?? null,
    after: row.after ?? null,
    at: row.at,
  });
  const select = (filters: Filters) =>
    store.audit
      .filter((row) => matches(row, filters))
      .sort((a, b) => b.at.localeCompare(a.at) || b.id.localeCompare(a.id))
      .map(event);
  const page = (filters: Filters, paging: { pageNumber: number; pageSize: number }) => {
    const rows = select(filters);
    const start = (paging.pageNumber - 1) * paging.pageSize;
    return ok(
      toPage(
        rows.slice(start, start + paging.pageSize),
        rows.length,
        paging.pageNumber,
        paging.pageSize,
      ),
    );
  };
  return {
    listAuditEvents: (auth, query) =>
      reply(() => {
        store.requireFlag(auth, 'canViewAuditLog');
        const { pageNumber, pageSize, ...filters } = parse(auditEventQuerySchema, query);
        return page(filters, { pageNumber, pageSize });
      }),
    exportAuditEvents: (auth, query) =>
      reply(() => {
        store.requireFlag(auth, 'canViewAuditLog');
        const filters = parse(auditExportQuerySchema, query);
        const lines = [
          AUDIT_CSV_COLUMNS.join(','),
          ...select(filters).map((e) => AUDIT_CSV_COLUMNS.map((c) => csvCell(e[c])).join(',')),
        ];
        const day = store.iso().slice(0, 10);
        return {
          status: 200,
          body: new TextEncoder().encode(`\uFEFF${lines.join('\r\n')}\r\n`),
          headers: {
            'content-type': 'text/csv; charset=utf-8',
            'content-disposition': `attachment; filename="audit-${day}.csv"`,
          },
        };
      }),
    projectHistory: (auth, id, query) =>
      reply(() => {
        const user = store.authenticate(auth);
        const paging = parse(auditHistoryQuerySchema, query);
        const { project } = visibleProject(store, user, id);
        return page({ targetType: 'project', targetId: project.id }, paging);
      }),
    userHistory: (auth, id, query) =>
      reply(() => {
        store.requireFlag(auth, 'canViewAuditLog');
        const paging = parse(auditHistoryQuerySchema, query);
        const user = store.users.get(id);
        if (!user) refuse(404, 'not_found', 'User not found');
        return page({ involving: user.id }, paging);
      }),
  };
}

const HOUR_MS = 3_600_000;

/**
 * Account rows for the demo seed (the pipeline's rows come from its transitions): the
 * administrator created Maksat Ibraimov 30 days before the clock, renamed Farida Usenova and marked
 * her email unconfirmed 5 days before and deactivated Elnura Toktogulova 2 days before. Rows of
 * people the store lacks are left out.
 */
export function seedAuditRows(store: FakeStore): void {
  const admin = [...store.users.values()].find((u) => u.userType === 0);
  const at = (hours: number) => new Date(store.now() - hours * HOUR_MS).toISOString();
  const person = (email: string) => [...store.users.values()].find((u) => u.email === email);
  const maksat = person('maksat@example.com');
  const farida = person('farida@example.com');
  const elnura = person('elnura@example.com');
  if (!admin) return;
  if (maksat) {
    recordAudit(store, {
      actorId: admin.id,
      action: 'user.create',
      targetId: maksat.id,
      before: null,
      after: userAuditView(maksat),
      at: at(30 * 24),
    });
  }
  if (farida) {
    const after = userAuditView(farida);
    recordAudit(store, {
      actorId: admin.id,
      action: 'user.update',
      targetId: farida.id,
      before: { ...after, name: 'Farida Usenova-Asanova', emailConfirmed: true },
      after,
      at: at(5 * 24),
    });
  }
  if (elnura) {
    const after = userAuditView(elnura);
    recordAudit(store, {
      actorId: admin.id,
      action: 'user.status',
      targetId: elnura.id,
      before: { ...after, isActive: true },
      after,
      at: at(2 * 24),
    });
  }
}
