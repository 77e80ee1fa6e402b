/**
 * Storage of projects (the OpenAPI document). Each call is one SQL statement or one
 * transaction (creation writes the project and the first event of its history), so a refused or
 * failed call leaves nothing half-written. Rows come back as the contract's `Project` (times as ISO
 * 8601 strings in UTC).
 */
import type { Project, ProjectLocation } from '@solar/domain';
import { desc, eq } from 'drizzle-orm';
import type { Db } from '../db/database.ts';
import { projects, projectStatusEvents, type ProjectRow } from './schema.ts';

/** The fields of a new project, after the request schema's defaults. */
export interface NewProject {
  location: ProjectLocation;
  configuration: Record<string, unknown> | null;
  isDraft: boolean;
}

/** A partial update: absent fields are kept. */
export interface ProjectPatch {
  location?: ProjectLocation | undefined;
  configuration?: Record<string, unknown> | null | undefined;
  isDraft?: boolean | undefined;
}

export interface ProjectsRepository {
  /** Newest change first: one user's projects, or everybody's when `userId` is null. */
  list(userId: string | null): Promise<Project[]>;
  /** One project's row (with its pipeline status), or undefined (also for a non-UUID id). */
  getRow(id: string): Promise<ProjectRow | undefined>;
  /**
   * Inserts a project of `userId` in status draft with its first history event (from
   * nothing to draft, by `userId`) and returns it with its creation time.
   */
  create(userId: string, input: NewProject): Promise<Project>;
  /** Applies `patch` and bumps `updatedAt`; undefined when the project no longer exists. */
  update(id: string, patch: ProjectPatch): Promise<Project | undefined>;
  /** Deletes a project; false when it did not exist. */
  remove(id: string): Promise<boolean>;
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** Whether `id` can be a project id (a UUID); anything else is simply not found. */
export const isProjectId = (id: string): boolean => UUID.test(id);

/** The location as the contract shows it: `placeId` and `addressVerified` only when set. */
function locationOf(stored: ProjectLocation): ProjectLocation {
  const { address, latitude, longitude, placeId, addressVerified } = stored;
  return {
    address,
    latitude,
    longitude,
    ...(placeId === undefined ? {} : { placeId }),
    ...(addressVerified === false ? { addressVerified } : {}),
  };
}

/** A row as the contract's `Project`. */
export function toProject(row: ProjectRow): Project {
  return {
    id: row.id,
    userId: row.userId,
    location: locationOf(row.location),
    configuration: row.configuration ?? null,
    isDraft: row.isDraft,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

/** Creates the repository over a Drizzle database (PGlite or PostgreSQL). */
export function createProjectsRepository(db: Db): ProjectsRepository {
  return {
    async list(userId) {
      const query = db.select().from(projects);
      const rows = await (userId === null ? query : query.where(eq(projects.userId, userId)))
        .orderBy(desc(projects.updatedAt), desc(projects.id))
        .limit(1000);
      return rows.map(toProject);
    },
    async getRow(id) {
      if (!isProjectId(id)) return undefined;
      const [row] = await db.select().from(projects).where(eq(projects.id, id)).limit(1);
      return row;
    },
    async create(userId, input) {
      const row = await db.transaction(async (tx) => {
        const [created] = await tx
          .insert(projects)
          .values({
            userId,
            location: locationOf(input.location),
            configuration: input.configuration,
            isDraft: input.isDraft,
          })
          .returning();
        await tx.insert(projectStatusEvents).values({
          projectId: created!.id,
          fromStatus: null,
          toStatus: created!.status,
          action: null,
          actorId: userId,
          createdAt: created!.createdAt,
        });
        return created!;
      });
      return toProject(row);
    },
    async update(id, patch) {
      if (!isProjectId(id)) return undefined;
      const [row] = await db
        .update(projects)
        .set({
          ...(patch.location === undefined ? {} : { location: locationOf(patch.location) }),
          ...(patch.configuration === undefined ? {} : { configuration: patch.configuration }),
          ...(patch.isDraft === undefined ? {} : { isDraft: patch.isDraft }),
          updatedAt: new Date(),
        })
        .where(eq(projects.id, id))
        .returning();
      return row ? toProject(row) : undefined;
    },
    async remove(id) {
      if (!isProjectId(id)) return false;
      const rows = await db
        .delete(projects)
        .where(eq(projects.id, id))
        .returning({ id: projects.id });
      return rows.length > 0;
    },
  };
}
