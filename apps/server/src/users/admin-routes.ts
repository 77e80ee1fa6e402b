/**
 * Admin users (API-CONTRACT.md, "Admin users"; spec sections 2, 3, 5 and 6): list with
 * search, filters, sort and paging; detail; create; update. Every route needs the
 * canManageUsers permission (403 otherwise). Each create and update writes an audit-log
 * row (actor, action, target, before/after, client address) in the same transaction.
 */
import { apiMessages, globalErrorMessages, normalizeEmail, roleToUserType } from '@solar/domain';
import {
  adminCreateUserRequestSchema,
  adminUpdateUserRequestSchema,
  adminUserListQuerySchema,
  type AdminUserCreated,
} from '@solar/domain/contract';
import { toPage } from '@solar/domain/paging';
import { and, asc, count, desc, eq, ne, sql, type SQL } from 'drizzle-orm';
import type { preHandlerHookHandler } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AccountCache } from '../auth/account-cache.ts';
import { requireAuth, requirePermission } from '../auth/guard.ts';
import { hashPassword } from '../auth/password.ts';
import { revokeAllRefreshTokens } from '../auth/session-tokens.ts';
import type { Db } from '../db/database.ts';
import { auditLog, userCount, users } from '../db/schema.ts';
import { HttpError } from '../http-errors.ts';
import {
  auditView,
  emailTaken,
  findUserById,
  isUniqueViolation,
  toAdminDetail,
  toListItem,
  type UserRow,
} from './repository.ts';
import type { AccountMail } from '../auth/account-mail.ts';
import { WELCOME_TOKEN_TTL_SECONDS, issueOneTimeToken } from '../auth/session-tokens.ts';
import {
  adminUserCreatedSchema,
  adminUserDetailSchema,
  adminUserPageSchema,
} from './answer-schemas.ts';

export interface AdminUserRoutesOptions {
  db: Db;
  authenticate: preHandlerHookHandler;
  /** Told about every account update, so the guard never serves the old row. */
  accounts: AccountCache;
  /** The account mails (the welcome mail of a created account). */
  mail: AccountMail;
  /** PUBLIC_URL, for the links in mail. */
  publicUrl: string;
}

const tags = ['admin users'];
const security = [{ bearer: [] }];
const idParams = z.strictObject({ id: z.string() });

/** The 409 of a change that would leave no active administrator. */
const lastAdmin = () => new HttpError(409, 'last_admin', apiMessages.lastAdmin.defaultMessage);

/**
 * Refuses (409 `last_admin`) an update after which account `targetId` is not an active
 * admin when it is now the only active admin. Runs inside the update's transaction and
 * locks every active admin row (`FOR UPDATE`, in id order so two such updates never
 * deadlock): a concurrent demotion or deactivation of another admin waits for this one to
 * end, then reads the rows again (PostgreSQL re-checks a locked row that changed), so two
 * admins demoting each other at the same moment cannot both succeed.
 */
export async function keepAnActiveAdmin(tx: Db, targetId: string): Promise<void> {
  const admins = await tx
    .select({ id: users.id })
    .from(users)
    .where(and(eq(users.userType, roleToUserType('admin')), eq(users.isActive, true)))
    .orderBy(asc(users.id))
    .for('update');
  const isAdmin = admins.some((row) => row.id === targetId);
  if (isAdmin && admins.length === 1) throw lastAdmin();
}

const notFound = () => new HttpError(404, 'not_found', globalErrorMessages.notFound.defaultMessage);

/** The ORDER BY expression of each sortable column; text sorts ignore case. */
const sortColumns = {
  name: sql`lower(${users.name})`,
  email: sql`lower(${users.email})`,
  userType: sql`${users.userType}`,
  isActive: sql`${users.isActive}`,
  emailConfirmed: sql`${users.emailConfirmed}`,
  createdAt: sql`${users.createdAt}`,
  lastLoginAt: sql`${users.lastLoginAt}`,
} as const;

/**
 * Where page `pageNumber` (1-based, `pageSize` rows) of `total` rows lies: `offset` and
 * `limit` in the list's order, or, for a page past the middle, in the reverse order
 * (`reversed`, rows to be reversed back). Undefined for a page past the end.
 */
export function pageWindow(
  total: number,
  pageNumber: number,
  pageSize: number,
): { offset: number; limit: number; reversed: boolean } | undefined {
  const start = (pageNumber - 1) * pageSize;
  if (start >= total) return undefined;
  const limit = Math.min(pageSize, total - start);
  const fromEnd = total - start - limit;
  return fromEnd < start
    ? { offset: fromEnd, limit, reversed: true }
    : { offset: start, limit, reversed: false };
}

/** True when another account than `exceptId` uses `email` (normalized, as stored). */
async function emailInUse(db: Db, email: string, exceptId?: string): Promise<boolean> {
  const sameEmail = eq(users.email, normalizeEmail(email));
  const [row] = await db
    .select({ id: users.id })
    .from(users)
    .where(exceptId ? and(sameEmail, ne(users.id, exceptId)) : sameEmail)
    .limit(1);
  return row !== undefined;
}

export const adminUserRoutes: FastifyPluginAsyncZod<AdminUserRoutesOptions> = async (
  app,
  { db, authenticate, accounts, mail, publicUrl },
) => {
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
    async (request) => {
      const q = request.query;
      const filters: SQL[] = [];
      if (q.searchTerm) {
        // LIKE with %, _ and \ taken literally, so the trigram indexes serve it.
        const pattern = `%${q.searchTerm.toLowerCase().replace(/[\\%_]/g, '\\$&')}%`;
        filters.push(
          sql`(lower(${users.name}) like ${pattern} or lower(${users.email}) like ${pattern})`,
        );
      }
      if (q.userType !== undefined) filters.push(eq(users.userType, q.userType));
      if (q.isEmailConfirmed !== undefined) {
        filters.push(eq(users.emailConfirmed, q.isEmailConfirmed));
      }
      const where = filters.length > 0 ? and(...filters) : undefined;
      // Unfiltered, the total is the trigger-kept user_count row, not a count of every row.
      const [total] = where
        ? await db.select({ n: count() }).from(users).where(where)
        : await db.select({ n: userCount.n }).from(userCount);
      const totalCount = total?.n ?? 0;
      const window = pageWindow(totalCount, q.pageNumber, q.pageSize);
      let rows: UserRow[] = [];
      if (window) {
        // A page past the middle is read from the other end (the exact reverse order),
        // so the database skips at most half the rows: the last page is as quick as the
        // first (docs/benchmarks.md, "Database scale").
        const direction = q.descending !== window.reversed ? desc : asc;
        rows = await db
          .select()
          .from(users)
          .where(where)
          .orderBy(direction(sortColumns[q.sortBy]), direction(users.id))
          .limit(window.limit)
          .offset(window.offset);
        if (window.reversed) rows.reverse();
      }
      return toPage(rows.map(toListItem), totalCount, q.pageNumber, q.pageSize);
    },
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
      if (!user) throw notFound();
      return toAdminDetail(user);
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
      if (await emailInUse(db, body.email)) throw emailTaken();
      const passwordHash = await hashPassword(body.password);
      let created: UserRow;
      try {
        created = await db.transaction(async (tx) => {
          const [row] = await tx
            .insert(users)
            .values({
              name: body.name,
              email: normalizeEmail(body.email),
              passwordHash,
              userType: body.userType,
              emailConfirmed: body.emailConfirmed,
            })
            .returning();
          await tx.insert(auditLog).values({
            actorId: actor.userId,
            action: 'user.create',
            targetId: row!.id,
            before: null,
            after: auditView(row!),
            clientAddress: request.ip,
          });
          return row!;
        });
      } catch (error) {
        if (isUniqueViolation(error)) throw emailTaken();
        throw error;
      }
      // The new user chooses a password of their own (docs/decisions/023): a welcome mail
      // with a set-password link, issued in the mail queue.
      mail.later(async () => {
        const token = await issueOneTimeToken(
          db,
          created.id,
          'password_reset',
          WELCOME_TOKEN_TTL_SECONDS,
        );
        const link = `${publicUrl}/reset-password?token=${encodeURIComponent(token)}`;
        return { kind: 'welcome', to: created, link };
      });
      const answer: AdminUserCreated = {
        ...toAdminDetail(created),
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
      const body = request.body;
      const before = await findUserById(db, request.params.id);
      if (!before) throw notFound();
      if (before.id === actor.userId && (!body.isActive || body.userType !== before.userType)) {
        throw new HttpError(409, 'own_account', apiMessages.ownAccount.defaultMessage);
      }
      if (await emailInUse(db, body.email, before.id)) throw emailTaken();
      let after: UserRow;
      try {
        after = await db.transaction(async (tx) => {
          if (body.userType !== roleToUserType('admin') || !body.isActive) {
            await keepAnActiveAdmin(tx, before.id);
          }
          const [row] = await tx
            .update(users)
            .set({
              name: body.name,
              email: normalizeEmail(body.email),
              userType: body.userType,
              emailConfirmed: body.emailConfirmed,
              isActive: body.isActive,
              updatedAt: new Date(),
            })
            .where(eq(users.id, before.id))
            .returning();
          if (!row!.isActive) await revokeAllRefreshTokens(tx, row!.id);
          await tx.insert(auditLog).values({
            actorId: actor.userId,
            action: 'user.update',
            targetId: row!.id,
            before: auditView(before),
            after: auditView(row!),
            clientAddress: request.ip,
          });
          return row!;
        });
      } catch (error) {
        if (isUniqueViolation(error)) throw emailTaken();
        throw error;
      }
      accounts.forget(after.id);
      return toAdminDetail(after);
    },
  );
};
