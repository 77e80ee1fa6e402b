/**
 * The staff who took part in a project (project_participants, schema.ts): written in the
 * transaction of their pipeline action or roof photo, read by the access rules (access.ts
 * ProjectFacts.participant), so staff keep reading their own work after the project moves
 * out of their queue (domain pipeline.ts canSeeProject).
 */
import { and, eq, sql, type SQL } from 'drizzle-orm';
import type { Db } from '../db/database.ts';
import { projectParticipants, projects } from './schema.ts';

/**
 * Records `userId` as a participant of project `projectId` inside transaction `tx`, unless
 * they own it (an owner sees their projects anyway); a second time changes nothing.
 */
export async function addParticipant(
  tx: Db,
  project: { id: string; userId: string },
  userId: string,
): Promise<void> {
  if (project.userId === userId) return;
  await tx
    .insert(projectParticipants)
    .values({ projectId: project.id, userId })
    .onConflictDoNothing();
}

/** Whether `userId` took part in project `projectId`. */
export async function isParticipant(db: Db, projectId: string, userId: string): Promise<boolean> {
  const [row] = await db
    .select({ userId: projectParticipants.userId })
    .from(projectParticipants)
    .where(
      and(eq(projectParticipants.projectId, projectId), eq(projectParticipants.userId, userId)),
    )
    .limit(1);
  return row !== undefined;
}

/** A condition on `projects`: `userId` took part in the project (for list queries). */
export function participatedBy(userId: string): SQL {
  return sql`exists (select 1 from ${projectParticipants} where ${projectParticipants.projectId} = ${projects.id} and ${projectParticipants.userId} = ${userId})`;
}
