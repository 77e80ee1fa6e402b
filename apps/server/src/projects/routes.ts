/**
 * Project routes (the OpenAPI document: the full calculator's saved projects and
 * drafts). Every route needs a signed-in user (401 otherwise). Creating, saving and
 * deleting each count as one project action of that user: more than 100 in any hour is 429
 * `rate_limited` with `Retry-After` (a call refused by validation, 400, is not counted).
 * Reading (the list, one project) is not an action and is never limited. Access follows access.ts:
 * the owner, or canViewAllProjects to read, canEditProjects to edit, canDeleteProjects to
 * delete; another user's project is 404 unless the caller may read it, then 403.
 *
 * The pipeline's routes (pipeline-routes.ts: list, status, transitions, photos) are
 * registered here too, so their writes count against the same limit.
 *
 * Settings: `PROJECTS_RATE_LIMIT` (100 actions) per `PROJECTS_RATE_WINDOW_MS` (3600000).
 */
import {
  auditHistoryQuerySchema,
  projectCreateRequestSchema,
  projectsQuerySchema,
  projectUpdateRequestSchema,
  RATE_LIMIT,
} from '@solar/domain';
import type { preHandlerAsyncHookHandler, preHandlerHookHandler } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Redis } from 'ioredis';
import { z } from 'zod';
import { listAuditEvents } from '../audit/repository.ts';
import { auditEventPageSchema } from '../audit/schemas.ts';
import { named } from '../openapi.ts';
import { requireAuth } from '../auth/guard.ts';
import { intSetting, readEnv } from '../calculator/env.ts';
import type { Db } from '../db/database.ts';
import type { MailOutbox } from '../mail/outbox.ts';
import type { PipelineListener } from './events.ts';
import { createPhotoService } from './photos.ts';
import { pipelineRoutes } from './pipeline-routes.ts';
import { createPipelineService } from './pipeline-service.ts';
import { createActionLimiter } from './rate-limit.ts';
import { createProjectsService } from './service.ts';

export interface ProjectsRoutesOptions {
  db: Db;
  /** The bearer-token preHandler of auth/guard.ts (sets `request.auth`). */
  authenticate: preHandlerHookHandler;
  /** The process environment (PROJECTS_RATE_LIMIT, PROJECTS_RATE_WINDOW_MS). */
  env?: Record<string, string | undefined>;
  /** The clock, epoch ms (tests move it to show the window sliding). */
  now?: () => number;
  /** REDIS_URL's client: the action limit is counted there, across server processes. */
  redis?: Redis | undefined;
  /** The outbox of the owner's status mail (none: no mail is sent). */
  mail?: MailOutbox | undefined;
  /** Told of every committed status change (events.ts), e.g. the CRM link. */
  listeners?: readonly PipelineListener[];
}

const projectsEnvSchema = z.object({
  PROJECTS_RATE_LIMIT: intSetting(1, 100_000, RATE_LIMIT.maxActions),
  PROJECTS_RATE_WINDOW_MS: intSetting(1000, 86_400_000, RATE_LIMIT.windowMs),
});

/** The project settings from the environment; throws ConfigError on a bad value. */
export function loadProjectsConfig(env: Record<string, string | undefined>) {
  const e = readEnv(projectsEnvSchema, env);
  return { rateLimit: { maxActions: e.PROJECTS_RATE_LIMIT, windowMs: e.PROJECTS_RATE_WINDOW_MS } };
}

const locationSchema = z.object({
  address: z.string(),
  latitude: z.number().nullable().describe('Degrees; null for an address as typed, not verified'),
  longitude: z.number().nullable().describe('Degrees; null for an address as typed, not verified'),
  placeId: z.string().optional(),
  addressVerified: z
    .literal(false)
    .optional()
    .describe('false: typed by the user while no geocoder could check it'),
});
/** The contract's `Project` (response documentation and serialization). */
export const projectSchema = named(
  z.object({
    id: z.string(),
    userId: z.string(),
    location: locationSchema,
    configuration: z.record(z.string(), z.unknown()).nullable(),
    isDraft: z.boolean(),
    createdAt: z.string(),
    updatedAt: z.string(),
  }),
  'Project',
);
const idParams = z.object({ id: z.string().max(100) });
const tags = ['projects'];
const security = [{ bearer: [] }];

export const projectsRoutes: FastifyPluginAsyncZod<ProjectsRoutesOptions> = async (
  app,
  { db, authenticate, env = process.env, now = Date.now, redis, mail, listeners = [] },
) => {
  const config = loadProjectsConfig(env);
  const log = app.log;
  const service = createProjectsService(db, now, { listeners, log });
  const limiter = createActionLimiter(config.rateLimit, now, redis);
  const countAction: preHandlerAsyncHookHandler = async (request) => {
    await limiter.consume(requireAuth(request).userId);
  };
  await app.register(pipelineRoutes, {
    pipeline: createPipelineService({ db, now, mail, listeners, log }),
    photos: createPhotoService(db, now),
    authenticate,
    countAction,
  });

  /**
   * GET /projects?scope=own|all -> 200 Project[] (newest change first, at most 1000);
   * `all` needs canViewAllProjects (403 otherwise); 400 for another scope.
   */
  app.get(
    '/projects',
    {
      preValidation: authenticate,
      schema: {
        querystring: projectsQuerySchema,
        response: { 200: z.array(projectSchema) },
        tags,
        security,
        operationId: 'listProjects',
        summary: "The caller's projects, or everybody's with scope=all",
        answers: { 200: { description: 'The projects, newest first' } },
        errors: [400, 401, 403, 503],
      },
    },
    async (request) => service.list(requireAuth(request), request.query.scope),
  );

  /**
   * POST /projects {location, configuration?, isDraft?} -> 201 Project owned by the caller
   * (configuration null and isDraft true by default); 400 bad location or configuration.
   */
  app.post(
    '/projects',
    {
      preValidation: authenticate,
      preHandler: countAction,
      schema: {
        body: projectCreateRequestSchema,
        response: { 201: projectSchema },
        tags,
        security,
        operationId: 'createProject',
        summary: 'Save a project or draft',
        answers: { 201: { description: 'The saved project' } },
        errors: [400, 401, 413, 415, 429, 503],
      },
    },
    async (request, reply) => {
      const project = await service.create(requireAuth(request), request.body);
      return reply.code(201).send(project);
    },
  );

  /**
   * GET /projects/{id} -> 200 Project; 404 unknown or not visible to the caller (its owner,
   * or a role that sees its pipeline status).
   */
  app.get(
    '/projects/:id',
    {
      preValidation: authenticate,
      schema: {
        params: idParams,
        response: { 200: projectSchema },
        tags,
        security,
        operationId: 'getProject',
        summary: 'One project',
        answers: { 200: { description: 'The project' } },
        errors: [400, 401, 404, 503],
      },
    },
    async (request) => service.get(requireAuth(request), request.params.id),
  );

  /**
   * GET /projects/{id}/history?pageNumber&pageSize -> 200 Page<AuditEvent>: the audit rows
   * of the project, newest first (its pipeline actions and photos, who made them and the
   * fields before and after); whoever may see the project (404 otherwise); 400 bad page.
   */
  app.get(
    '/projects/:id/history',
    {
      preValidation: authenticate,
      schema: {
        params: idParams,
        querystring: auditHistoryQuerySchema,
        tags,
        security,
        operationId: 'getProjectHistory',
        summary: "One project's audit history",
        answers: {
          200: {
            description: 'One page of the audit events of the project, newest first',
            body: auditEventPageSchema,
          },
        },
        errors: [400, 401, 404, 503],
      },
    },
    async (request) => {
      const project = await service.get(requireAuth(request), request.params.id);
      return listAuditEvents(db, { targetType: 'project', targetId: project.id }, request.query);
    },
  );

  /**
   * PUT /projects/{id} {location?, configuration?, isDraft?} -> 200 Project (absent fields
   * kept, updatedAt bumped); 400, 403 readable but not editable, 404.
   */
  app.put(
    '/projects/:id',
    {
      preValidation: authenticate,
      preHandler: countAction,
      schema: {
        params: idParams,
        body: projectUpdateRequestSchema,
        response: { 200: projectSchema },
        tags,
        security,
        operationId: 'updateProject',
        summary: 'Update a project',
        answers: { 200: { description: 'The updated project' } },
        errors: [400, 401, 403, 404, 413, 415, 429, 503],
      },
    },
    async (request) => service.update(requireAuth(request), request.params.id, request.body),
  );

  /** DELETE /projects/{id} -> 204; 403 readable but not deletable, 404. */
  app.delete(
    '/projects/:id',
    {
      preValidation: authenticate,
      preHandler: countAction,
      schema: {
        params: idParams,
        tags,
        security,
        operationId: 'deleteProject',
        summary: 'Delete a project',
        answers: { 204: { description: 'The project and its photos are deleted (no body)' } },
        errors: [400, 401, 403, 404, 413, 415, 429, 503],
      },
    },
    async (request, reply) => {
      await service.remove(requireAuth(request), request.params.id);
      return reply.code(204).send();
    },
  );
};
