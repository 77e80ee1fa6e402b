/**
 * Admin users (docs/product.md#user-administration and #roles-and-permissions; the OpenAPI
 * document): list with search, filters, sort and paging; detail; create; update; activate or
 * deactivate. Every route needs the canManageUsers permission (403 otherwise). The writes, with
 * their audit rows, error mapping and cache invalidation, are the users service's (service.ts).
 */
import {
  adminCreateUserRequestSchema,
  adminUpdateUserRequestSchema,
  adminUserListQuerySchema,
  adminUserStatusRequestSchema,
  type AdminUserCreated,
} from '@solar/domain/contract';
import type { preHandlerHookHandler } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AccountCache } from '../auth/account-cache.ts';
import { requireAuth, requirePermission } from '../auth/guard.ts';
import type { AccountMail } from '../auth/account-mail.ts';
import type { Db } from '../db/database.ts';
import { findUserById, toAdminDetail } from './repository.ts';
import {
  adminUserCreatedSchema,
  adminUserDetailSchema,
  adminUserPageSchema,
} from './answer-schemas.ts';
import { listUsers } from './list.ts';
import { createUsersService, userNotFound } from './service.ts';

export { pageWindow } from './list.ts';
export { keepAnActiveAdmin } from './service.ts';

export interface AdminUserRoutesOptions {
  db: Db;
  authenticate: preHandlerHookHandler;
  /** Told about every account update, so the guard never serves the old row. */
  accounts: AccountCache;
  /** The account mails (the welcome mail of a created account). */
  mail: AccountMail;
}

const tags = ['admin users'];
const security = [{ bearer: [] }];
const idParams = z.strictObject({ id: z.string() });

export const adminUserRoutes: FastifyPluginAsyncZod<AdminUserRoutesOptions> = async (
  app,
  { db, authenticate, accounts, mail },
) => {
  const service = createUsersService({ db, accounts, mail });
  // Before validation: an anonymous or unauthorized caller learns nothing of the schemas.
  app.addHook('preValidation', authenticate);
  app.addHook('preValidation', requirePermission('canManageUsers'));

  /** GET /admin/users?pageNumber&pageSize&sortBy&descending&searchTerm&userType&isEmailConfirmed
   * -> 200 {items, pageNumber, pageSize, totalCount, totalPages, hasPreviousPage,
   * hasNextPage}. Search is a case-insensitive substring of name or email; ties are broken
   * by id so pages never overlap; 400 for any invalid value. */
  app.get(
    '/admin/users',
    {
      schema: {
        querystring: adminUserListQuerySchema,
        tags,
        security,
        operationId: 'listUsers',
        summary: 'List users',
        answers: { 200: { description: 'One page of users', body: adminUserPageSchema } },
        errors: [400, 401, 403, 503],
      },
    },
    async (request) => listUsers(db, request.query),
  );

  /** GET /admin/users/{id} -> 200 AdminUserDetail; 404 for an unknown id. */
  app.get(
    '/admin/users/:id',
    {
      schema: {
        params: idParams,
        tags,
        security,
        operationId: 'getUser',
        summary: 'One user',
        answers: { 200: { description: 'The user', body: adminUserDetailSchema } },
        errors: [400, 401, 403, 404, 503],
      },
    },
    async (request) => {
      const user = await findUserById(db, request.params.id);
      if (!user) throw userNotFound();
      return toAdminDetail(user, app.crm !== undefined);
    },
  );

  /** POST /admin/users {name, email, password, userType, emailConfirmed} -> 201
   * AdminUserDetail with userType as the number 0..6; the user gets a welcome mail with a
   * set-password link (7 days, docs/decisions/023); 400 (admin-create rules: password at
   * least 6); 409 email_taken. */
  app.post(
    '/admin/users',
    {
      schema: {
        body: adminCreateUserRequestSchema,
        tags,
        security,
        operationId: 'createUser',
        summary: 'Create a user',
        answers: {
          201: { description: 'The new user (userType as 0..6)', body: adminUserCreatedSchema },
        },
        errors: [400, 401, 403, 409, 413, 415, 503],
      },
    },
    async (request, reply) => {
      const actor = requireAuth(request);
      const body = request.body;
      const created = await service.create(
        { userId: actor.userId, clientAddress: request.ip },
        body,
      );
      const answer: AdminUserCreated = {
        ...toAdminDetail(created, app.crm !== undefined),
        userType: body.userType,
      };
      return reply.code(201).send(answer);
    },
  );

  /** PUT /admin/users/{id} {name, email, userType, emailConfirmed, isActive} -> 200
   * AdminUserDetail. Deactivating revokes the user's refresh tokens (their access token
   * is refused from the next request); 400; 404; 409 email_taken, conflict when an
   * admin would deactivate or demote their own account (own_account), or last_admin when no other active
   * admin would remain (checked under row locks in the same transaction). */
  app.put(
    '/admin/users/:id',
    {
      schema: {
        params: idParams,
        body: adminUpdateUserRequestSchema,
        tags,
        security,
        operationId: 'updateUser',
        summary: 'Update a user',
        answers: { 200: { description: 'The updated user', body: adminUserDetailSchema } },
        errors: [400, 401, 403, 404, 409, 413, 415, 503],
      },
    },
    async (request) => {
      const actor = requireAuth(request);
      const after = await service.update(
        { userId: actor.userId, clientAddress: request.ip },
        request.params.id,
        request.body,
      );
      return toAdminDetail(after, app.crm !== undefined);
    },
  );

  /** PUT /admin/users/{id}/status {isActive} -> 200 AdminUserDetail: only the account's
   * state changes (the list's bulk activate and deactivate); deactivating revokes the
   * user's tokens; 400; 404; 409 own_account or last_admin as for PUT /admin/users/{id}. */
  app.put(
    '/admin/users/:id/status',
    {
      schema: {
        params: idParams,
        body: adminUserStatusRequestSchema,
        tags,
        security,
        operationId: 'setUserStatus',
        summary: 'Activate or deactivate a user',
        answers: { 200: { description: 'The updated user', body: adminUserDetailSchema } },
        errors: [400, 401, 403, 404, 409, 413, 415, 503],
      },
    },
    async (request) => {
      const actor = requireAuth(request);
      const after = await service.setActive(
        { userId: actor.userId, clientAddress: request.ip },
        request.params.id,
        request.body.isActive,
      );
      return toAdminDetail(after, app.crm !== undefined);
    },
  );
};
