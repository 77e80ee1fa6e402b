/**
 * Who may do what with a project (API-CONTRACT.md "Projects"; spec section 6): the owner
 * may do everything with their own projects; others need canViewAllProjects to read,
 * canEditProjects to edit and canDeleteProjects to delete. A project the caller may not
 * even read is answered exactly like an unknown id (404), so its existence is not revealed;
 * one they may read but not change is 403.
 */
import { can, type RoleKey } from '@solar/domain';

/** What the caller wants to do with one project. */
export type ProjectAction = 'read' | 'edit' | 'delete';

/** The caller, as far as these rules need it (`exp` is the token expiry, epoch seconds). */
export interface ProjectCaller {
  userId: string;
  role: RoleKey;
  exp: number;
}

/** The verdict: go ahead, 403, or 404. */
export type ProjectAccess = 'allow' | 'forbidden' | 'not_found';

const FLAG = {
  read: 'canViewAllProjects',
  edit: 'canEditProjects',
  delete: 'canDeleteProjects',
} as const;

/** The rule above for `action` on a project owned by `ownerId` at `nowMs` (epoch ms). */
export function projectAccess(
  caller: ProjectCaller,
  ownerId: string,
  action: ProjectAction,
  nowMs: number,
): ProjectAccess {
  if (caller.userId === ownerId) return 'allow';
  const session = { role: caller.role, expiresAt: caller.exp };
  if (!can(session, FLAG.read, nowMs)) return 'not_found';
  return can(session, FLAG[action], nowMs) ? 'allow' : 'forbidden';
}

/** Whether the caller may list everybody's projects (`GET /projects?scope=all`). */
export function canListAllProjects(caller: ProjectCaller, nowMs: number): boolean {
  return can({ role: caller.role, expiresAt: caller.exp }, FLAG.read, nowMs);
}
