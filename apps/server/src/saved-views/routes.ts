/**
 * Saved views (docs/product.md#saved-views; the OpenAPI document), for any signed-in user
 * (anonymous 401), each on the caller's own views only:
 * - `GET /saved-views?list=users|projects|auditEvents` -> 200 SavedView[] by name; 400 bad list.
 * - `POST /saved-views {list, name, query}` -> 201 SavedView. Saving a name the caller already
 *   has for that list replaces its query (same id and createdAt). 400 with field errors (name
 *   trimmed 1..60 characters, query at most 500 characters without `?`); 409 `conflict` at
 *   20 views of the list.
 * - `DELETE /saved-views/{id}` -> 204; 404 unknown or another user's.
 */
import { savedViewListQuerySchema, savedViewRequestSchema, SAVED_VIEW_LISTS } from '@solar/domain';
import type { preHandlerHookHandler } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { requireAuth } from '../auth/guard.ts';
import type { Db } from '../db/database.ts';
import { named } from '../openapi.ts';
import { deleteView, listSavedViews, saveView } from './service.ts';

export interface SavedViewRoutesOptions {
  db: Db;
  /** The bearer-token preHandler of auth/guard.ts (sets `request.auth`). */
  authenticate: preHandlerHookHandler;
}

/** The contract's `SavedView` (response documentation and serialization). */
export const savedViewSchema = named(
  z.object({
    id: z.string(),
    list: z.enum(SAVED_VIEW_LISTS),
    name: z.string(),
    query: z.string().describe('The list\'s URL search string, without "?"'),
    createdAt: z.string().describe('ISO 8601, UTC'),
  }),
  'SavedView',
);
const tags = ['saved views'];
const security = [{ bearer: [] }];

export const savedViewRoutes: FastifyPluginAsyncZod<SavedViewRoutesOptions> = async (
  app,
  { db, authenticate },
) => {
  app.addHook('preValidation', authenticate);

  /** GET /saved-views?list= -> 200 the caller's views of the list, by name. */
  app.get(
    '/saved-views',
    {
      schema: {
        querystring: savedViewListQuerySchema,
        response: { 200: z.array(savedViewSchema) },
        tags,
        security,
        operationId: 'listSavedViews',
        summary: "The caller's saved views of one list",
        answers: { 200: { description: 'The views, by name' } },
        errors: [400, 401, 503],
      },
    },
    async (request) => listSavedViews(db, requireAuth(request).userId, request.query.list),
  );

  /**
   * POST /saved-views {list, name, query} -> 201 SavedView. Saving an existing name of the
   * list replaces its query (the view keeps its id); 400 field errors; 409 at the limit.
   */
  app.post(
    '/saved-views',
    {
      schema: {
        body: savedViewRequestSchema,
        response: { 201: savedViewSchema },
        tags,
        security,
        operationId: 'saveSavedView',
        summary: 'Save a view (a name already saved for the list is replaced)',
        answers: { 201: { description: 'The saved view (new, or its name replaced)' } },
        errors: [400, 401, 409, 413, 415, 503],
      },
    },
    async (request, reply) => {
      const { view } = await saveView(db, requireAuth(request).userId, request.body);
      return reply.code(201).send(view);
    },
  );

  /** DELETE /saved-views/{id} -> 204; 404 unknown or another user's. */
  app.delete(
    '/saved-views/:id',
    {
      schema: {
        params: z.object({ id: z.string().max(100) }),
        tags,
        security,
        operationId: 'deleteSavedView',
        summary: "Delete one of the caller's saved views",
        answers: { 204: { description: 'The view is deleted (no body)' } },
        errors: [400, 401, 404, 503],
      },
    },
    async (request, reply) => {
      await deleteView(db, requireAuth(request).userId, request.params.id);
      return reply.code(204).send();
    },
  );
};
