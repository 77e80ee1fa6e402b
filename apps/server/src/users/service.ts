/**
 * Every write of the user administration (docs/product.md#user-administration and
 * #roles-and-permissions; the OpenAPI document), each with its transaction, its audit-log row
 * (actor, action, target, before/after, client address), its error mapping (409 `email_taken` for a
 * taken email, including a racing duplicate; 409 `own_account`, `last_admin`; 404) and the account
 * cache told of the change. The routes (admin-routes.ts) parse, authorize and shape.
 */
import { apiMessages, globalErrorMessages, normalizeEmail, roleToUserType } from '@solar/domain';
import type {
  adminCreateUserRequestSchema,
  adminUpdateUserRequestSchema,
} from '@solar/domain/contract';
import { and, asc, eq, ne } from 'drizzle-orm';
import type { z } from 'zod';
import type { AccountCache } from '../auth/account-cache.ts';
import type { AccountMail } from '../auth/account-mail.ts';
import { spendOneTimeTokens } from '../auth/mail-tokens.ts';
import { hashPassword } from '../auth/password.ts';
import { revokeAllRefreshTokens } from '../auth/session-tokens.ts';
import type { Db } from '../db/database.ts';
import { auditLog, users } from '../db/schema.ts';
import { HttpError } from '../http-errors.ts';
import {
  auditView,
  emailTaken,
  findUserById,
  mappingTakenEmail,
  type UserRow,
} from './repository.ts';

/** A validated create body (admin-create rules). */
export type CreateUserInput = z.output<typeof adminCreateUserRequestSchema>;
/** A validated update body. */
export type UpdateUserInput = z.output<typeof adminUpdateUserRequestSchema>;

/** Who makes a change, for the audit log. */
export interface Actor {
  userId: string;
  /** The client address of the request (request.ip). */
  clientAddress: string;
}

/** What the service needs. */
export interface UsersServiceDeps {
  db: Db;
  /** Told of every account update, so the guard never serves the old row. */
  accounts: AccountCache;
  /** The account mails (the welcome mail of a created account). */
  mail: AccountMail;
}

/** The 409 of a change that would leave no active administrator. */
const lastAdmin = () => new HttpError(409, 'last_admin', apiMessages.lastAdmin.defaultMessage);

/** 404 `not_found` for an unknown user id. */
export const userNotFound = () =>
  new HttpError(404, 'not_found', globalErrorMessages.notFound.defaultMessage);

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

/** The user administration's writes (see the file comment). */
export function createUsersService({ db, accounts, mail }: UsersServiceDeps) {
  return {
    /**
     * Creates an account (admin-create rules already checked) with an audit row; the user
     * gets a welcome mail with a set-password link (7 days, docs/decisions/023). Resolves
     * to the new row; 409 `email_taken`.
     */
    async create(actor: Actor, input: CreateUserInput): Promise<UserRow> {
      if (await emailInUse(db, input.email)) throw emailTaken();
      const passwordHash = await hashPassword(input.password);
      const created = await mappingTakenEmail(() =>
        db.transaction(async (tx) => {
          const [row] = await tx
            .insert(users)
            .values({
              name: input.name,
              email: normalizeEmail(input.email),
              passwordHash,
              userType: input.userType,
              emailConfirmed: input.emailConfirmed,
              locale: input.locale,
            })
            .returning();
          await tx.insert(auditLog).values({
            actorId: actor.userId,
            action: 'user.create',
            targetId: row!.id,
            before: null,
            after: auditView(row!),
            clientAddress: actor.clientAddress,
          });
          // The new user chooses a password of their own: the welcome mail's link is made
          // when it is sent; the job commits with the account.
          await mail.send('welcome', row!, { executor: tx });
          return row!;
        }),
      );
      mail.wake();
      return created;
    },

    /**
     * Updates account `id` with an audit row. Deactivating revokes its refresh tokens (the
     * access token is refused from the next request: the cache forgets the row). 404;
     * 409 `email_taken`, `own_account` (an admin deactivating or demoting themself), or
     * `last_admin` when no other active admin would remain (under row locks).
     */
    async update(actor: Actor, id: string, input: UpdateUserInput): Promise<UserRow> {
      const before = await findUserById(db, id);
      if (!before) throw userNotFound();
      if (before.id === actor.userId && (!input.isActive || input.userType !== before.userType)) {
        throw new HttpError(409, 'own_account', apiMessages.ownAccount.defaultMessage);
      }
      if (await emailInUse(db, input.email, before.id)) throw emailTaken();
      const after = await mappingTakenEmail(() =>
        db.transaction(async (tx) => {
          if (input.userType !== roleToUserType('admin') || !input.isActive) {
            await keepAnActiveAdmin(tx, before.id);
          }
          const newEmail = normalizeEmail(input.email);
          // An administrator's change replaces any change the user left pending
          // (docs/decisions/034-secure-email-change.md): its links stop working.
          const replacesPending = before.pendingEmail !== null && newEmail !== before.email;
          if (replacesPending) {
            await spendOneTimeTokens(tx, before.id, ['email_change', 'email_change_cancel']);
          }
          const [row] = await tx
            .update(users)
            .set({
              name: input.name,
              email: newEmail,
              ...(replacesPending ? { pendingEmail: null } : {}),
              userType: input.userType,
              emailConfirmed: input.emailConfirmed,
              isActive: input.isActive,
              ...(input.locale === undefined ? {} : { locale: input.locale }),
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
            clientAddress: actor.clientAddress,
          });
          return row!;
        }),
      );
      accounts.forget(after.id);
      return after;
    },

    /**
     * Activates or deactivates account `id` and nothing else (the users list's bulk
     * change): the same rules as {@link update} for `isActive` (409 `own_account` for the
     * caller's own deactivation, `last_admin` under row locks; 404), the refresh tokens
     * revoked on deactivation, an audit row `user.status`.
     */
    async setActive(actor: Actor, id: string, isActive: boolean): Promise<UserRow> {
      const before = await findUserById(db, id);
      if (!before) throw userNotFound();
      if (before.id === actor.userId && !isActive) {
        throw new HttpError(409, 'own_account', apiMessages.ownAccount.defaultMessage);
      }
      const after = await db.transaction(async (tx) => {
        if (!isActive) await keepAnActiveAdmin(tx, before.id);
        const [row] = await tx
          .update(users)
          .set({ isActive, updatedAt: new Date() })
          .where(eq(users.id, before.id))
          .returning();
        if (!row) throw userNotFound();
        if (!row.isActive) await revokeAllRefreshTokens(tx, row.id);
        await tx.insert(auditLog).values({
          actorId: actor.userId,
          action: 'user.status',
          targetId: row.id,
          before: auditView(before),
          after: auditView(row),
          clientAddress: actor.clientAddress,
        });
        return row;
      });
      accounts.forget(after.id);
      return after;
    },
  };
}

/** The service's type. */
export type UsersService = ReturnType<typeof createUsersService>;
