/**
 * Projects resource (the OpenAPI document: the full calculator's saved projects and
 * drafts: their pipeline, roof photos and proposal PDF, shapes in domain
 * pipeline-contract.ts). More than 100 project actions per hour -> 429 `rate_limited`.
 * Rejects with ApiError.
 */
import type {
  AssignableStaff,
  InspectionPhoto,
  Locale,
  ProjectAssignees,
  ProjectListItem,
  ProjectPipeline,
  ProjectPipelineQuery,
  ProjectTransitionRequest,
} from '@solar/domain';
import type {
  Project,
  ProjectCreateRequest,
  ProjectUpdateRequest,
  UserListResponse,
} from '@solar/domain/contract';
import type { Transport } from '../transport.ts';

/** The pipeline list query as the client sends it: every field optional (server defaults). */
export type ProjectPipelineParams = Partial<ProjectPipelineQuery>;

/** One page of the pipeline list (the same Page shape as `GET /admin/users`). */
export type ProjectPipelinePage = UserListResponse<ProjectListItem>;

/** The project calls. */
export interface ProjectsResource {
  /** `GET /projects` (own) or `?scope=all` (canViewAllProjects, else 403) -> 200 Project[]. */
  list(params?: { scope?: 'own' | 'all' }): Promise<Project[]>;
  /** `POST /projects {location, configuration?, isDraft?}` -> 201 Project; 400, 429. */
  create(body: ProjectCreateRequest): Promise<Project>;
  /** `GET /projects/{id}` -> 200 Project; 404 unknown or not visible to the caller. */
  get(id: string): Promise<Project>;
  /** `PUT /projects/{id}` -> 200 Project; 400, 403, 404, 429. */
  update(id: string, body: ProjectUpdateRequest): Promise<Project>;
  /** `DELETE /projects/{id}` -> 204; 403, 404, 429. */
  remove(id: string): Promise<void>;
  /**
   * `GET /projects/pipeline?pageNumber&pageSize&sortBy&descending&searchTerm&status` -> 200
   * one page of the projects the caller may see; 400 for a bad value.
   */
  pipelineList(params?: ProjectPipelineParams): Promise<ProjectPipelinePage>;
  /** `GET /projects/{id}/pipeline` -> 200 ProjectPipeline (with the caller's actions); 404. */
  pipeline(id: string): Promise<ProjectPipeline>;
  /**
   * `POST /projects/{id}/transitions {action, date?, inspection?, note?}` -> 200 the new
   * ProjectPipeline; 400 field errors; 403 `forbidden`; 404; 409 `invalid_transition`.
   */
  transition(id: string, body: ProjectTransitionRequest): Promise<ProjectPipeline>;
  /**
   * `PUT /projects/{id}/assignees {roofInspectorId, installerId}` (each a user id or null)
   * -> 200 the same; 400 field errors (not an active account of that role); 403 without
   * canViewAllProjects; 404 (docs/product.md#project-assignment).
   */
  assign(id: string, body: ProjectAssignees): Promise<ProjectAssignees>;
  /**
   * `GET /staff` -> 200 the active roof inspectors and installers, each sorted by name;
   * 403 without canViewAllProjects.
   */
  staff(): Promise<AssignableStaff>;
  /**
   * `POST /projects/{id}/photos` multipart field `file` (JPEG, PNG or WebP under 10 MB) ->
   * 201 InspectionPhoto; 403; 409 `too_many_photos`; 413; 415.
   */
  uploadPhoto(id: string, file: Blob, fileName?: string): Promise<InspectionPhoto>;
  /** `GET /projects/{id}/photos/{photoId}` -> the image bytes (needs the bearer token); 404. */
  photo(id: string, photoId: string, options?: { signal?: AbortSignal }): Promise<Blob>;
  /**
   * `GET /projects/{id}/proposal.pdf?locale=` -> the proposal as `application/pdf` in that
   * language; 404; 409 `no_configuration` when there is nothing to propose yet.
   */
  proposalPdf(id: string, locale: Locale): Promise<Blob>;
}

/** The query string of a pipeline list request: absent and empty values are left out. */
export function pipelineListSearchParams(params: ProjectPipelineParams = {}): URLSearchParams {
  const search = new URLSearchParams();
  for (const [key, value] of Object.entries(params)) {
    if (value === undefined || value === null || value === '') continue;
    search.set(key, String(value));
  }
  return search;
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
    pipelineList: (params) =>
      t.authed((http) =>
        http
          .get('projects/pipeline', { searchParams: pipelineListSearchParams(params) })
          .json<ProjectPipelinePage>(),
      ),
    pipeline: (id) => t.authed((http) => http.get(`${path(id)}/pipeline`).json<ProjectPipeline>()),
    transition: (id, body) =>
      t.authed((http) =>
        http.post(`${path(id)}/transitions`, { json: body }).json<ProjectPipeline>(),
      ),
    assign: (id, body) =>
      t.authed((http) =>
        http.put(`${path(id)}/assignees`, { json: body }).json<ProjectAssignees>(),
      ),
    staff: () => t.authed((http) => http.get('staff').json<AssignableStaff>()),
    uploadPhoto: (id, file, fileName = 'photo') => {
      const body = new FormData();
      body.set('file', file, fileName);
      return t.authed((http) => http.post(`${path(id)}/photos`, { body }).json<InspectionPhoto>());
    },
    photo: (id, photoId, { signal } = {}) =>
      t.authed((http) =>
        http
          .get(`${path(id)}/photos/${encodeURIComponent(photoId)}`, signal ? { signal } : {})
          .blob(),
      ),
    proposalPdf: (id, locale) =>
      t.authed((http) => http.get(`${path(id)}/proposal.pdf`, { searchParams: { locale } }).blob()),
  };
}
