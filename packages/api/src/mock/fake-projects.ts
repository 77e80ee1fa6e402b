/**
 * The fake's projects of the full calculator (docs/product.md#roles-and-permissions; the OpenAPI
 * document): own projects, others' as far as the pipeline lets the caller see them
 * (fake-pipeline.ts: all with canViewAllProjects), edits and deletes of others' with their
 * permissions, and the hourly limit of project writes (429 with `Retry-After`). A new project
 * starts its pipeline as a draft with its first history event.
 */
import type { Project } from '@solar/domain/contract';
import { errorBody } from '@solar/domain/errors';
import { calculatorMessages } from '@solar/domain/messages';
import {
  projectCreateRequestSchema,
  projectsQuerySchema,
  projectUpdateRequestSchema,
} from '@solar/domain/requests';
import { startPipeline, visibleProject } from './fake-pipeline.ts';
import { noContent, ok, parse, Refusal, refuse, reply, type FakeReply } from './reply.ts';
import type { FakeStore, FakeUser } from './store.ts';

/** The project calls of the fake; `auth` is the Authorization header. */
export interface FakeProjects {
  listProjects(auth: string | null, query: Record<string, string>): FakeReply;
  createProject(auth: string | null, body: unknown): FakeReply;
  getProject(auth: string | null, id: string): FakeReply;
  updateProject(auth: string | null, id: string, body: unknown): FakeReply;
  deleteProject(auth: string | null, id: string): FakeReply;
}

/** Project writes allowed per user and hour (as the server). */
const RATE_LIMIT_PER_HOUR = 100;
const HOUR_MS = 3_600_000;

/** The project calls over `store`. */
export function fakeProjects(store: FakeStore): FakeProjects {
  const { projects, projectActions, now } = store;

  function countProjectAction(user: FakeUser) {
    const windowStart = now() - HOUR_MS;
    const recent = (projectActions.get(user.id) ?? []).filter((t) => t > windowStart);
    if (recent.length >= RATE_LIMIT_PER_HOUR) {
      throw new Refusal({
        status: 429,
        body: errorBody(
          'rate_limited',
          calculatorMessages.rateLimitExceeded.defaultMessage.replace(
            '{max}',
            String(RATE_LIMIT_PER_HOUR),
          ),
        ),
        headers: { 'Retry-After': String(Math.ceil((recent[0]! + HOUR_MS - now()) / 1000)) },
      });
    }
    recent.push(now());
    projectActions.set(user.id, recent);
  }

  /** Visible as in the pipeline: own; others' as the caller's flags allow. */
  const readableProject = (user: FakeUser, id: string) => visibleProject(store, user, id).project;

  return {
    listProjects: (auth, query) =>
      reply(() => {
        const user = store.authenticate(auth);
        const { scope } = parse(projectsQuerySchema, query);
        if (scope === 'all' && !store.allowed(user, 'canViewAllProjects')) refuse(403, 'forbidden');
        return ok([...projects.values()].filter((p) => scope === 'all' || p.userId === user.id));
      }),
    createProject: (auth, body) =>
      reply(() => {
        const user = store.authenticate(auth);
        const input = parse(projectCreateRequestSchema, body);
        countProjectAction(user);
        const project: Project = {
          id: store.newId(),
          userId: user.id,
          location: input.location,
          configuration: input.configuration,
          isDraft: input.isDraft,
          createdAt: store.iso(),
          updatedAt: store.iso(),
        };
        projects.set(project.id, project);
        startPipeline(store, project, user);
        return ok(project, 201);
      }),
    getProject: (auth, id) =>
      reply(() => {
        const user = store.authenticate(auth);
        // Reading is not a project action.
        return ok(readableProject(user, id));
      }),
    updateProject: (auth, id, body) =>
      reply(() => {
        const user = store.authenticate(auth);
        const input = parse(projectUpdateRequestSchema, body);
        const project = readableProject(user, id);
        if (project.userId !== user.id && !store.allowed(user, 'canEditProjects'))
          refuse(403, 'forbidden');
        countProjectAction(user);
        const next: Project = {
          ...project,
          ...(input.location ? { location: input.location } : {}),
          ...(input.configuration === undefined ? {} : { configuration: input.configuration }),
          ...(input.isDraft === undefined ? {} : { isDraft: input.isDraft }),
          updatedAt: store.iso(),
        };
        projects.set(id, next);
        return ok(next);
      }),
    deleteProject: (auth, id) =>
      reply(() => {
        const user = store.authenticate(auth);
        const project = readableProject(user, id);
        if (project.userId !== user.id && !store.allowed(user, 'canDeleteProjects'))
          refuse(403, 'forbidden');
        countProjectAction(user);
        projects.delete(id);
        store.pipelines.delete(id);
        return noContent;
      }),
  };
}
