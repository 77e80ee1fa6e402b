/**
 * Who may do what with a project (docs/product.md#roles-and-permissions; the OpenAPI document): the
 * owner may do everything with their own projects. Others see a project when the pipeline lets
 * their role see its status (domain pipeline.ts canSeeProject: canViewAllProjects every status,
 * canScheduleInspections the inspection queue, canInstallEquipment the installation queue), and
 * then need canEditProjects to edit and canDeleteProjects to delete. A project the caller may not
 * see is answered exactly like an unknown id (404), so its existence is not revealed; one they see
 * but may not change is 403. A pipeline action their role may take but the project's status does
 * not allow is 409.
 */
import {
  can,
  canAddInspectionPhotos,
  canSeeProject,
  canTakeAction,
  isSignedIn,
  permissionsFor,
  PIPELINE_RULES,
  type PipelineAction,
  type ProjectStatus,
  type RoleKey,
} from '@solar/domain';

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

/** A pipeline verdict: also 409 when the role may but the status does not allow it. */
export type PipelineAccess = ProjectAccess | 'invalid_transition';

/** The project facts the rules read. */
export interface ProjectFacts {
  ownerId: string;
  status: ProjectStatus;
  /** The caller took part in the project (participants.ts); staff then keep reading it. */
  participant?: boolean;
}

const FLAG = { edit: 'canEditProjects', delete: 'canDeleteProjects' } as const;

/** The caller's role while their token is valid at `nowMs`, else none (no permissions). */
const liveRole = (caller: ProjectCaller, nowMs: number): RoleKey | null =>
  isSignedIn({ role: caller.role, expiresAt: caller.exp }, nowMs) ? caller.role : null;

/**
 * Whether the caller may see the project at all (its owner, pipeline.ts visibility, or
 * staff who took part in it).
 */
export function seesProject(caller: ProjectCaller, project: ProjectFacts, nowMs: number): boolean {
  const isOwner = caller.userId === project.ownerId;
  return canSeeProject(liveRole(caller, nowMs), isOwner, project.status, project.participant);
}

/** The rule above for `action` on `project` at `nowMs` (epoch ms). */
export function projectAccess(
  caller: ProjectCaller,
  project: ProjectFacts,
  action: ProjectAction,
  nowMs: number,
): ProjectAccess {
  if (caller.userId === project.ownerId) return 'allow';
  if (!seesProject(caller, project, nowMs)) return 'not_found';
  if (action === 'read') return 'allow';
  return can({ role: caller.role, expiresAt: caller.exp }, FLAG[action], nowMs)
    ? 'allow'
    : 'forbidden';
}

/**
 * Whether the caller may take pipeline `action` on `project` now: 404 when they may not
 * see it; 403 when neither ownership nor a flag of the action's rule lets them take it;
 * 409 `invalid_transition` when they may but the status is not one it starts from.
 */
export function transitionAccess(
  caller: ProjectCaller,
  project: ProjectFacts,
  action: PipelineAction,
  nowMs: number,
): PipelineAccess {
  if (!seesProject(caller, project, nowMs)) return 'not_found';
  const role = liveRole(caller, nowMs);
  const isOwner = caller.userId === project.ownerId;
  if (canTakeAction(role, isOwner, project.status, action)) return 'allow';
  const rule = PIPELINE_RULES[action];
  const granted = permissionsFor(role);
  const roleMay = (isOwner && rule.owner) || rule.flags.some((flag) => granted[flag]);
  return roleMay ? 'invalid_transition' : 'forbidden';
}

/**
 * Whether the caller may add a roof photo: 404 unseen; 403 without canScheduleInspections;
 * 409 `invalid_transition` unless the inspection is scheduled or recorded.
 */
export function photoAccess(
  caller: ProjectCaller,
  project: ProjectFacts,
  nowMs: number,
): PipelineAccess {
  if (!seesProject(caller, project, nowMs)) return 'not_found';
  const role = liveRole(caller, nowMs);
  if (canAddInspectionPhotos(role, project.status)) return 'allow';
  return permissionsFor(role).canScheduleInspections ? 'invalid_transition' : 'forbidden';
}

/** Whether the caller may list everybody's projects (`GET /projects?scope=all`). */
export function canListAllProjects(caller: ProjectCaller, nowMs: number): boolean {
  return can({ role: caller.role, expiresAt: caller.exp }, 'canViewAllProjects', nowMs);
}
