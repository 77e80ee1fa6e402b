/**
 * Reads of the project pipeline (domain pipeline-contract.ts): a project's
 * history, photos and owner as `ProjectPipeline` parts, and the pipeline list as
 * `Page<ProjectListItem>` (search over address, owner name and email; status filter; sort;
 * paging like the admin user list). Writes are pipeline-service.ts's and photos.ts's.
 */
import {
  PROJECT_STATUSES,
  roleToUserType,
  type AssignableStaff,
  type InspectionPhoto,
  type ProjectPipelineAssignees,
  type ProjectListItem,
  type ProjectPipelineQuery,
  type ProjectStatus,
  type ProjectStatusEvent,
} from '@solar/domain';
import { toPage } from '@solar/domain/paging';
import { and, asc, count, desc, eq, inArray, or, sql, type SQL } from 'drizzle-orm';
import type { Db } from '../db/database.ts';
import { users } from '../db/schema.ts';
import { pageWindow } from '../users/list.ts';
import { participatedBy } from './participants.ts';
import { projectPhotos, projects, projectStatusEvents, type ProjectRow } from './schema.ts';

/**
 * Project `id` read and locked for the rest of transaction `tx` (`FOR UPDATE`), so two
 * changes of one project run one after the other; undefined when there is none.
 */
export async function lockProject(tx: Db, id: string): Promise<ProjectRow | undefined> {
  const [row] = await tx.select().from(projects).where(eq(projects.id, id)).limit(1).for('update');
  return row;
}

/** A project's owner as the pipeline shows it. */
export interface ProjectOwner {
  id: string;
  name: string;
  email: string;
}

/** The owner of `userId` (every project has one: deleting a user deletes their projects). */
export async function ownerOf(db: Db, userId: string): Promise<ProjectOwner> {
  const [row] = await db
    .select({ id: users.id, name: users.name, email: users.email })
    .from(users)
    .where(eq(users.id, userId))
    .limit(1);
  if (!row) throw new Error(`project owner ${userId} is missing`);
  return row;
}

/**
 * The assigned roof inspector and installer of `row` with their names (null for none; an
 * account deleted since is none: its id is set null by the foreign key).
 */
export async function assigneesOf(
  db: Db,
  row: Pick<ProjectRow, 'roofInspectorId' | 'installerId'>,
): Promise<ProjectPipelineAssignees> {
  const ids = [row.roofInspectorId, row.installerId].filter((id): id is string => id !== null);
  const people =
    ids.length === 0
      ? []
      : await db
          .select({ id: users.id, name: users.name })
          .from(users)
          .where(inArray(users.id, ids));
  const person = (id: string | null) => (id && people.find((p) => p.id === id)) || null;
  return { roofInspector: person(row.roofInspectorId), installer: person(row.installerId) };
}

/**
 * The active roof inspectors and installers (`GET /staff`), each sorted by name (then id,
 * so equal names keep one order).
 */
export async function assignableStaff(db: Db): Promise<AssignableStaff> {
  const ofRole = (role: 'roof_inspector' | 'installer') =>
    db
      .select({ id: users.id, name: users.name, email: users.email })
      .from(users)
      .where(and(eq(users.userType, roleToUserType(role)), eq(users.isActive, true)))
      .orderBy(asc(sql`lower(${users.name})`), asc(users.id));
  const [roofInspectors, installers] = await Promise.all([
    ofRole('roof_inspector'),
    ofRole('installer'),
  ]);
  return { roofInspectors, installers };
}

/** A project's history, oldest first (the creation first among events of one instant). */
export async function historyOf(db: Db, projectId: string): Promise<ProjectStatusEvent[]> {
  const rows = await db
    .select({
      id: projectStatusEvents.id,
      from: projectStatusEvents.fromStatus,
      to: projectStatusEvents.toStatus,
      action: projectStatusEvents.action,
      actorName: users.name,
      note: projectStatusEvents.note,
      at: projectStatusEvents.createdAt,
    })
    .from(projectStatusEvents)
    .leftJoin(users, eq(users.id, projectStatusEvents.actorId))
    .where(eq(projectStatusEvents.projectId, projectId))
    .orderBy(
      asc(projectStatusEvents.createdAt),
      sql`(${projectStatusEvents.fromStatus} is not null)`,
      asc(projectStatusEvents.id),
    );
  return rows.map((row) => ({
    ...row,
    actorName: row.actorName ?? null,
    at: row.at.toISOString(),
  }));
}

/** A project's photos (metadata only), oldest first. */
export async function photosOf(db: Db, projectId: string): Promise<InspectionPhoto[]> {
  const rows = await db
    .select({
      id: projectPhotos.id,
      contentType: projectPhotos.contentType,
      size: projectPhotos.size,
      createdAt: projectPhotos.createdAt,
    })
    .from(projectPhotos)
    .where(eq(projectPhotos.projectId, projectId))
    .orderBy(asc(projectPhotos.createdAt), asc(projectPhotos.id));
  return rows.map((row) => ({ ...row, createdAt: row.createdAt.toISOString() }));
}

/** The peak power of a saved configuration, kW DC, or null when it has none. */
export function systemSizeOf(configuration: Record<string, unknown> | null): number | null {
  const kw = configuration?.systemSizeKw;
  return typeof kw === 'number' && Number.isFinite(kw) && kw > 0 ? kw : null;
}

/** The ORDER BY expression of each sortable column; text ignores case, status is pipeline order. */
const sortColumns: Record<ProjectPipelineQuery['sortBy'], SQL> = {
  address: sql`lower(${projects.location}->>'address')`,
  ownerName: sql`lower(${users.name})`,
  // The statuses are the domain's constants, not input: inlined.
  status: sql`case ${projects.status} ${sql.raw(
    PROJECT_STATUSES.map((s, i) => `when '${s}' then ${i}`).join(' '),
  )} end`,
  createdAt: sql`${projects.createdAt}`,
  updatedAt: sql`${projects.updatedAt}`,
};

/**
 * One page of the projects a caller sees: their own (`userId`) plus those in `statuses`
 * (pipeline.ts visibleStatuses of their role) and, `withParticipation` (pipeline staff),
 * those they took part in (participants.ts), narrowed by the query's search (a
 * case-insensitive substring of the address, the owner's name or email) and status; ties
 * broken by id so pages never overlap. With `assignedTo=me` the projects the caller is
 * assigned to (roof inspector or installer) come first.
 */
export async function listPipeline(
  db: Db,
  userId: string,
  statuses: readonly ProjectStatus[],
  q: ProjectPipelineQuery,
  withParticipation = false,
) {
  const visible =
    statuses.length === PROJECT_STATUSES.length
      ? undefined
      : or(
          eq(projects.userId, userId),
          statuses.length > 0 ? inArray(projects.status, [...statuses]) : undefined,
          withParticipation ? participatedBy(userId) : undefined,
        );
  const filters: (SQL | undefined)[] = [visible];
  if (q.searchTerm) {
    // LIKE with %, _ and \ taken literally.
    const pattern = `%${q.searchTerm.toLowerCase().replace(/[\\%_]/g, '\\$&')}%`;
    filters.push(
      sql`(lower(${projects.location}->>'address') like ${pattern} or lower(${users.name}) like ${pattern} or lower(${users.email}) like ${pattern})`,
    );
  }
  if (q.status) filters.push(eq(projects.status, q.status));
  const where = and(...filters);
  // The owner is joined in only when the search or the sort reads it: every project has
  // one (a non-null foreign key), so the join never drops a row.
  const withOwner = q.searchTerm !== undefined || q.sortBy === 'ownerName';
  const scope = () => {
    const from = db.select({ id: projects.id }).from(projects);
    return withOwner ? from.innerJoin(users, eq(users.id, projects.userId)) : from;
  };
  const [total] = await db.select({ n: count() }).from(scope().where(where).as('visible'));
  const totalCount = total?.n ?? 0;
  const window = pageWindow(totalCount, q.pageNumber, q.pageSize);
  let items: ProjectListItem[] = [];
  if (window) {
    const direction = q.descending !== window.reversed ? desc : asc;
    // assignedTo=me: the caller's assigned projects first (0), then the others (1).
    const assigned = sql`(case when ${projects.roofInspectorId} = ${userId} or ${projects.installerId} = ${userId} then 0 else 1 end)`;
    const mineFirst =
      q.assignedTo === 'me' ? [window.reversed ? desc(assigned) : asc(assigned)] : [];
    const order = [...mineFirst, direction(sortColumns[q.sortBy]), direction(projects.id)];
    // A deferred join, as in the admin user list (docs/decisions/037-deferred-join-paging.md):
    // the page's ids first, read from the nearer end of the order, then only their rows.
    const page = scope()
      .where(where)
      .orderBy(...order)
      .limit(window.limit)
      .offset(window.offset)
      .as('page');
    const rows = await db
      .select({ project: projects, ownerName: users.name, ownerEmail: users.email })
      .from(projects)
      .innerJoin(page, eq(projects.id, page.id))
      .innerJoin(users, eq(users.id, projects.userId))
      .orderBy(...order);
    if (window.reversed) rows.reverse();
    items = rows.map(({ project, ownerName, ownerEmail }) =>
      toListItem(project, ownerName, ownerEmail),
    );
  }
  return toPage<ProjectListItem>(items, totalCount, q.pageNumber, q.pageSize);
}

/** A row and its owner as a list item. */
function toListItem(row: ProjectRow, ownerName: string, ownerEmail: string): ProjectListItem {
  return {
    id: row.id,
    address: row.location.address,
    status: row.status,
    ownerId: row.userId,
    ownerName,
    ownerEmail,
    systemSizeKw: systemSizeOf(row.configuration ?? null),
    inspectionDate: row.inspectionDate,
    installationDate: row.installationDate,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}
