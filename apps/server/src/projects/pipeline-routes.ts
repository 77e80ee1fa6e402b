/**
 * Project pipeline routes (the endpoints of domain pipeline-contract.ts).
 * Every route needs a signed-in user (401). Visibility and actions follow pipeline.ts via
 * access.ts: a project the caller may not see is 404 like an unknown id; an action the role
 * may not take is 403; one the project's status does not allow is 409
 * `invalid_transition`. Each write (a transition, a photo) counts as one project action of
 * the caller for the per-user limit of routes.ts (429); a call refused by validation (400)
 * is not counted. Registered by projectsRoutes, inside its plugin, so the limit is shared.
 */
import {
  projectAssigneesRequestSchema,
  projectPipelineQuerySchema,
  projectTransitionRequestSchema,
} from '@solar/domain';
import fastifyMultipart from '@fastify/multipart';
import type { preHandlerAsyncHookHandler, preHandlerHookHandler } from 'fastify';
import type { FastifyPluginAsyncZod, ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { requireAuth } from '../auth/guard.ts';
import {
  closeIfStillSending,
  IMAGE_MULTIPART_OPTIONS,
  imageFileBody,
  refuseOversizedBody,
} from '../calculator/upload.ts';
import { readPhoto, type PhotoService } from './photos.ts';
import type { PipelineService } from './pipeline-service.ts';
import {
  assignableStaffSchema,
  inspectionPhotoSchema,
  projectAssigneesSchema,
  projectPageSchema,
  projectPipelineSchema,
} from './pipeline-schemas.ts';

export interface PipelineRoutesOptions {
  pipeline: PipelineService;
  photos: PhotoService;
  /** The bearer-token preHandler of auth/guard.ts (sets `request.auth`). */
  authenticate: preHandlerHookHandler;
  /** Counts one project action of the caller (429 past the limit). */
  countAction: preHandlerAsyncHookHandler;
}

const idParams = z.object({ id: z.string().max(100) });
const photoParams = z.object({ id: z.string().max(100), photoId: z.string().max(100) });
const tags = ['projects'];
const security = [{ bearer: [] }];

export const pipelineRoutes: FastifyPluginAsyncZod<PipelineRoutesOptions> = async (
  app,
  { pipeline, photos, authenticate, countAction },
) => {
  /**
   * GET /projects/pipeline?pageNumber&pageSize&sortBy&descending&searchTerm&status -> 200
   * Page<ProjectListItem>: the caller's projects plus those their role sees; search is a
   * case-insensitive substring of the address, owner name or email; 400 bad values.
   */
  app.get(
    '/projects/pipeline',
    {
      preValidation: authenticate,
      schema: {
        querystring: projectPipelineQuerySchema,
        response: { 200: projectPageSchema },
        tags,
        security,
        operationId: 'listProjectPipeline',
        summary: 'The projects the caller sees, with their pipeline status',
        answers: { 200: { description: 'One page of projects with their status' } },
        errors: [400, 401, 503],
      },
    },
    async (request) => pipeline.list(requireAuth(request), request.query),
  );

  /** GET /projects/{id}/pipeline -> 200 ProjectPipeline (status, history, photos, actions); 404. */
  app.get(
    '/projects/:id/pipeline',
    {
      preValidation: authenticate,
      schema: {
        params: idParams,
        response: { 200: projectPipelineSchema },
        tags,
        security,
        operationId: 'getProjectPipeline',
        summary: "A project's status, history, inspection, photos and the caller's actions",
        answers: { 200: { description: "The project's pipeline" } },
        errors: [400, 401, 404, 503],
      },
    },
    async (request) => pipeline.get(requireAuth(request), request.params.id),
  );

  /**
   * GET /staff -> 200 AssignableStaff: the active roof inspectors and installers, each
   * sorted by name (docs/product.md#project-assignment); 401; 403 without
   * canViewAllProjects.
   */
  app.get(
    '/staff',
    {
      preValidation: authenticate,
      schema: {
        response: { 200: assignableStaffSchema },
        tags,
        security,
        operationId: 'listAssignableStaff',
        summary: 'The accounts a project manager may assign to a project',
        answers: { 200: { description: 'The active roof inspectors and installers' } },
        errors: [401, 403, 503],
      },
    },
    async (request) => pipeline.staff(requireAuth(request)),
  );

  /**
   * PUT /projects/{id}/assignees {roofInspectorId, installerId} (each a user id or null) ->
   * 200 the same; canViewAllProjects (403); 404 unseen; 400 when one is not an active
   * account of its role; 429. A newly assigned person gets a mail in their language.
   */
  app.put(
    '/projects/:id/assignees',
    {
      preValidation: authenticate,
      preHandler: countAction,
      schema: {
        params: idParams,
        body: projectAssigneesRequestSchema,
        tags,
        security,
        operationId: 'assignProject',
        summary: "Assign a project's roof inspector and installer",
        answers: {
          200: { description: "The project's assignees", body: projectAssigneesSchema },
        },
        errors: [400, 401, 403, 404, 413, 415, 429, 503],
      },
    },
    async (request) =>
      pipeline.assign(
        { ...requireAuth(request), clientAddress: request.ip },
        request.params.id,
        request.body,
      ),
  );

  /**
   * POST /projects/{id}/transitions {action, date?, inspection?, note?} -> 200
   * ProjectPipeline; 400 field errors; 403; 404; 409 invalid_transition; 429. The owner
   * gets a mail in their language.
   */
  app.post(
    '/projects/:id/transitions',
    {
      preValidation: authenticate,
      preHandler: countAction,
      schema: {
        params: idParams,
        body: projectTransitionRequestSchema,
        response: { 200: projectPipelineSchema },
        tags,
        security,
        operationId: 'transitionProject',
        summary: 'Move a project along the pipeline',
        answers: { 200: { description: "The project's pipeline after the change" } },
        errors: [400, 401, 403, 404, 409, 413, 415, 429, 503],
      },
    },
    async (request) =>
      pipeline.transition(
        { ...requireAuth(request), clientAddress: request.ip },
        request.params.id,
        request.body,
      ),
  );

  /** GET /projects/{id}/photos/{photoId} -> 200 the image bytes with their type; 404. */
  app.get(
    '/projects/:id/photos/:photoId',
    {
      preValidation: authenticate,
      schema: {
        params: photoParams,
        tags,
        security,
        operationId: 'getProjectPhoto',
        summary: 'One roof photo of a project',
        answers: {
          200: {
            description: 'The photo: JPEG, PNG or WebP (Content-Type says which)',
            body: z.string().describe('The image bytes'),
            contentType: 'image/*',
          },
        },
        errors: [400, 401, 404, 503],
      },
    },
    async (request, reply) => {
      const { id, photoId } = request.params;
      const photo = await photos.get(requireAuth(request), id, photoId);
      return reply
        .header('content-type', photo.contentType)
        .header('cache-control', 'private, max-age=86400')
        .send(photo.bytes);
    },
  );

  // Multipart only for the upload: the JSON routes above keep answering 415 to it.
  await app.register(async (scope) => {
    const upload = scope.withTypeProvider<ZodTypeProvider>();
    await upload.register(fastifyMultipart, IMAGE_MULTIPART_OPTIONS);

    /**
     * POST /projects/{id}/photos (multipart, field `file`: JPEG, PNG or WebP under 10 MB)
     * -> 201 InspectionPhoto; 400 no `file`; 403 without canScheduleInspections; 404; 409
     * invalid_transition unless the inspection is scheduled or recorded, too_many_photos
     * past 20; 413; 415; 429.
     */
    upload.post(
      '/projects/:id/photos',
      {
        onRequest: refuseOversizedBody,
        preValidation: authenticate,
        preHandler: countAction,
        schema: {
          params: idParams,
          response: { 201: inspectionPhotoSchema },
          tags,
          security,
          operationId: 'addProjectPhoto',
          summary: 'Add a roof photo to an inspection',
          answers: { 201: { description: 'The stored photo' } },
          multipartBody: imageFileBody(
            'The roof photo: JPEG, PNG or WebP (read from its bytes), under 10 MB',
          ),
          errors: [400, 401, 403, 404, 409, 413, 415, 429, 503],
        },
      },
      async (request, reply) => {
        const caller = requireAuth(request);
        const id = request.params.id;
        try {
          await photos.mayAdd(caller, id);
        } catch (error) {
          closeIfStillSending(request, reply);
          throw error;
        }
        const photo = await readPhoto(request, reply);
        const stored = await photos.add({ ...caller, clientAddress: request.ip }, id, photo);
        return reply.code(201).send(stored);
      },
    );
  });
};
