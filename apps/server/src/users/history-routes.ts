/**
 * `GET /users/{id}/history` (docs/product.md#audit-log; the OpenAPI document): the audit
 * rows of one user, newest first: the changes made to their account and the changes they
 * made. Needs canViewAuditLog (403; anonymous 401); 404 for an unknown user; 400 for a bad
 * page. Paged like the admin user list (pageSize 1..100, default 25).
 */
import { auditHistoryQuerySchema } from '@solar/domain';
import type { preHandlerHookHandler } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { requirePermission } from '../auth/guard.ts';
import { listAuditEvents } from '../audit/repository.ts';
import { auditEventPageSchema } from '../audit/schemas.ts';
import type { Db } from '../db/database.ts';
import { findUserById } from './repository.ts';
import { userNotFound } from './service.ts';

export interface UserHistoryRoutesOptions {
  db: Db;
  authenticate: preHandlerHookHandler;
}

export const userHistoryRoutes: FastifyPluginAsyncZod<UserHistoryRoutesOptions> = async (
  app,
  { db, authenticate },
) => {
  app.addHook('preValidation', authenticate);
  app.addHook('preValidation', requirePermission('canViewAuditLog'));

  app.get(
    '/users/:id/history',
    {
      schema: {
        params: z.strictObject({ id: z.string() }),
        querystring: auditHistoryQuerySchema,
        tags: ['audit log'],
        security: [{ bearer: [] }],
        operationId: 'getUserHistory',
        summary: "One user's audit history",
        answers: {
          200: {
            description: 'One page of the audit events of the user, newest first',
            body: auditEventPageSchema,
          },
        },
        errors: [400, 401, 403, 404, 503],
      },
    },
    async (request) => {
      const user = await findUserById(db, request.params.id);
      if (!user) throw userNotFound();
      return listAuditEvents(db, { involving: user.id }, request.query);
    },
  );
};
