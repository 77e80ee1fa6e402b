/**
 * Projects resource (API-CONTRACT.md "Projects": the full calculator's saved projects and
 * drafts). More than 100 project actions per hour -> 429 `rate_limited`. Rejects with ApiError.
 */
import type { Project, ProjectCreateRequest, ProjectUpdateRequest } from '@solar/domain/contract';
import type { Transport } from '../transport.ts';

/** The project calls. */
export interface ProjectsResource {
  /** `GET /projects` (own) or `?scope=all` (canViewAllProjects, else 403) -> 200 Project[]. */
  list(params?: { scope?: 'own' | 'all' }): Promise<Project[]>;
  /** `POST /projects {location, configuration?, isDraft?}` -> 201 Project; 400, 429. */
  create(body: ProjectCreateRequest): Promise<Project>;
  /** `GET /projects/{id}` -> 200 Project; 404 unknown or not yours. */
  get(id: string): Promise<Project>;
  /** `PUT /projects/{id}` -> 200 Project; 400, 403, 404, 429. */
  update(id: string, body: ProjectUpdateRequest): Promise<Project>;
  /** `DELETE /projects/{id}` -> 204; 403, 404, 429. */
  remove(id: string): Promise<void>;
}

/** Creates the projects resource. */
export function projectsResource(t: Transport): ProjectsResource {
  const path = (id: string) => `projects/${encodeURIComponent(id)}`;
  return {
    list: ({ scope } = {}) =>
      t.authed((http) =>
        http.get('projects', { searchParams: scope ? { scope } : {} }).json<Project[]>(),
      ),
    create: (body) => t.authed((http) => http.post('projects', { json: body }).json<Project>()),
    get: (id) => t.authed((http) => http.get(path(id)).json<Project>()),
    update: (id, body) => t.authed((http) => http.put(path(id), { json: body }).json<Project>()),
    remove: async (id) => {
      await t.authed((http) => http.delete(path(id)));
    },
  };
}
