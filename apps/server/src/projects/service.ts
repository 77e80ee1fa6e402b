/**
 * Every project operation of a caller (docs/product.md#roles-and-permissions; the OpenAPI
 * document): the access rule of access.ts applied to each (404 for a project the caller may not
 * see, 403 for one they see but may not change or delete) and the write itself (repository.ts: one
 * statement or transaction each). A creation is the first event of the project's pipeline
 * history; the listeners (events.ts) hear it after the commit. The pipeline's own writes
 * are pipeline-service.ts's. The per-user action limit stays on the routes.
 */
import { apiMessages } from '@solar/domain';
import type { Project } from '@solar/domain';
import type { Db } from '../db/database.ts';
import { HttpError } from '../http-errors.ts';
import {
  canListAllProjects,
  projectAccess,
  type ProjectAction,
  type ProjectCaller,
} from './access.ts';
import { isParticipant } from './participants.ts';
import { notifyListeners, type ListenerLog, type PipelineListener } from './events.ts';
import {
  createProjectsRepository,
  toProject,
  type NewProject,
  type ProjectPatch,
} from './repository.ts';

/** 404 `not_found` for a project that does not exist or that the caller may not see. */
export const notFound = () => new HttpError(404, 'not_found', 'Project not found');
/** 403 `forbidden`. */
export const forbidden = () =>
  new HttpError(403, 'forbidden', apiMessages.notAuthorized.defaultMessage);

/** What the service tells of its writes: listeners of pipeline events and where they fail. */
export interface ProjectsServiceOptions {
  listeners?: readonly PipelineListener[];
  log?: ListenerLog;
}

const silent: ListenerLog = { error: () => {} };

/** The projects service over `db`; `now` is the clock of the token expiry check (epoch ms). */
export function createProjectsService(
  db: Db,
  now: () => number = Date.now,
  { listeners = [], log = silent }: ProjectsServiceOptions = {},
) {
  const repo = createProjectsRepository(db);

  /** Project `id` if `caller` may do `action` with it; else 404 or 403. */
  async function authorized(caller: ProjectCaller, id: string, action: ProjectAction) {
    const row = await repo.getRow(id);
    if (!row) throw notFound();
    const participant =
      caller.userId !== row.userId && (await isParticipant(db, row.id, caller.userId));
    const verdict = projectAccess(
      caller,
      { ownerId: row.userId, status: row.status, participant },
      action,
      now(),
    );
    if (verdict === 'not_found') throw notFound();
    if (verdict === 'forbidden') throw forbidden();
    return toProject(row);
  }

  return {
    /** The caller's projects, or everybody's (`all`: canViewAllProjects, else 403). */
    async list(caller: ProjectCaller, scope: 'own' | 'all'): Promise<Project[]> {
      if (scope !== 'all') return repo.list(caller.userId);
      if (!canListAllProjects(caller, now())) throw forbidden();
      return repo.list(null);
    },

    /** One project the caller may see (owner, or pipeline visibility); 404 otherwise. */
    get: (caller: ProjectCaller, id: string): Promise<Project> => authorized(caller, id, 'read'),

    /**
     * A new project owned by the caller, in status draft with its first history event;
     * the listeners hear `{from: null, to: 'draft'}` after the commit.
     */
    async create(caller: ProjectCaller, input: NewProject): Promise<Project> {
      const project = await repo.create(caller.userId, input);
      await notifyListeners(
        listeners,
        {
          projectId: project.id,
          ownerId: project.userId,
          from: null,
          to: 'draft',
          action: null,
          at: new Date(project.createdAt),
        },
        log,
      );
      return project;
    },

    /** Updates a project the caller may edit (absent fields kept); 403, 404. */
    async update(caller: ProjectCaller, id: string, patch: ProjectPatch): Promise<Project> {
      await authorized(caller, id, 'edit');
      const updated = await repo.update(id, patch);
      if (!updated) throw notFound();
      return updated;
    },

    /** Deletes a project the caller may delete; 403, 404. */
    async remove(caller: ProjectCaller, id: string): Promise<void> {
      await authorized(caller, id, 'delete');
      if (!(await repo.remove(id))) throw notFound();
    },
  };
}

/** The service's type. */
export type ProjectsService = ReturnType<typeof createProjectsService>;
