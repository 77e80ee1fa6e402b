/**
 * The audit log (docs/product.md#audit-log; the OpenAPI document): `GET /audit-events`, one
 * page of the rows a filter selects, newest first, and `GET /audit-events.csv`, every such row
 * as CSV. Both need canViewAuditLog (403 otherwise; an anonymous caller 401, before the query
 * is read). Filters (domain audit.ts): `actorId` (a user id), `targetType` (`user` or
 * `project`) with an optional `targetId`, `action` (exact, e.g. `user.update`), and the
 * period `from`..`to` (calendar days `YYYY-MM-DD` in UTC, both included, `from` <= `to`);
 * a bad value is 400 `validation_failed` with the field's message. The histories of one
 * project and of one user are projects/routes.ts's and users/history-routes.ts's.
 */
import { auditEventQuerySchema, auditExportQuerySchema } from '@solar/domain';
import type { preHandlerHookHandler } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { Readable } from 'node:stream';
import { requirePermission } from '../auth/guard.ts';
import type { Db } from '../db/database.ts';
import { exportAuditCsv, listAuditEvents } from './repository.ts';
import { auditEventPageSchema } from './schemas.ts';

export interface AuditRoutesOptions {
  db: Db;
  /** The bearer-token preHandler of auth/guard.ts (sets `request.auth`). */
  authenticate: preHandlerHookHandler;
}

const tags = ['audit log'];
const security = [{ bearer: [] }];

export const auditRoutes: FastifyPluginAsyncZod<AuditRoutesOptions> = async (
  app,
  { db, authenticate },
) => {
  // Before validation: an anonymous or unauthorized caller learns nothing of the schemas.
  app.addHook('preValidation', authenticate);
  app.addHook('preValidation', requirePermission('canViewAuditLog'));

  /** GET /audit-events?actorId&targetType&targetId&action&from&to&pageNumber&pageSize ->
   * 200 Page<AuditEvent> (newest first; pageSize 1..100, default 25); 400 field errors. */
  app.get(
    '/audit-events',
    {
      schema: {
        querystring: auditEventQuerySchema,
        tags,
        security,
        operationId: 'listAuditEvents',
        summary: 'List audit events',
        answers: {
          200: {
            description: 'One page of audit events, newest first',
            body: auditEventPageSchema,
          },
        },
        errors: [400, 401, 403, 503],
      },
    },
    async (request) => {
      const { pageNumber, pageSize, ...filters } = request.query;
      return listAuditEvents(db, filters, { pageNumber, pageSize });
    },
  );

  /** GET /audit-events.csv?<the list's filters> -> 200 text/csv (UTF-8 with a byte order
   * mark; columns at, actorId, actorName, action, targetType, targetId, before, after; every
   * matching row, newest first; formula-like cells escaped); 400 field errors. */
  app.get(
    '/audit-events.csv',
    {
      schema: {
        querystring: auditExportQuerySchema,
        tags,
        security,
        operationId: 'exportAuditEvents',
        summary: 'Export audit events as CSV',
        answers: {
          200: {
            description:
              'Every matching audit event, newest first (UTF-8 with a byte order mark; cells that start like a formula are escaped with a leading apostrophe)',
            contentType: 'text/csv',
          },
        },
        errors: [400, 401, 403, 503],
      },
    },
    async (request, reply) => {
      const day = new Date().toISOString().slice(0, 10);
      return reply
        .type('text/csv; charset=utf-8')
        .header('content-disposition', `attachment; filename="audit-${day}.csv"`)
        .send(Readable.from(exportAuditCsv(db, request.query)));
    },
  );
};
