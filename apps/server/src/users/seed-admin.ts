/**
 * First administrator (docs/operations.md) and the recovery of a lost one.
 *
 * `ensureAdmin` runs on every start. While an active admin exists it does nothing (null).
 * Otherwise (no admin, or only deactivated ones) the account with ADMIN_EMAIL, or
 * `admin@solar.local` without it, is made an active admin: an existing account is promoted
 * and reactivated with its password unchanged (`restored: true`), a missing one is created
 * from ADMIN_PASSWORD or a generated password that is returned (printed once by start.ts).
 * Servers starting at once take turns (an advisory lock): one admin is made, and no start
 * fails.
 *
 * `restoreAdmin` is the `admin:restore <email>` command's work (admin-restore.ts).
 */
import { normalizeEmail, roleToUserType } from '@solar/domain';
import { randomBytes } from 'node:crypto';
import { and, eq, sql } from 'drizzle-orm';
import { hashPassword } from '../auth/password.ts';
import type { Db } from '../db/database.ts';
import { auditLog, users } from '../db/schema.ts';
import { auditView, findUserByEmail } from './repository.ts';

export interface SeededAdmin {
  email: string;
  /** Present only when the password was generated (it is not stored anywhere in clear). */
  generatedPassword: string | undefined;
  /** True when an existing account was promoted or reactivated (its password unchanged). */
  restored: boolean;
}

/** True when at least one account is an active admin. */
async function hasActiveAdmin(db: Db): Promise<boolean> {
  const rows = await db
    .select({ id: users.id })
    .from(users)
    .where(and(eq(users.userType, roleToUserType('admin')), eq(users.isActive, true)))
    .limit(1);
  return rows.length > 0;
}

/**
 * Makes the account with `email` an active admin, with an audit row (`user.restore_admin`,
 * no actor: done from the server's console). Returns false when there is no such account.
 */
export async function restoreAdmin(db: Db, email: string): Promise<boolean> {
  return db.transaction(async (tx) => {
    const before = await findUserByEmail(tx, email);
    if (!before) return false;
    const [after] = await tx
      .update(users)
      .set({ userType: roleToUserType('admin'), isActive: true, updatedAt: new Date() })
      .where(eq(users.id, before.id))
      .returning();
    await tx.insert(auditLog).values({
      actorId: null,
      action: 'user.restore_admin',
      targetId: before.id,
      before: auditView(before),
      after: auditView(after!),
      clientAddress: null,
    });
    return true;
  });
}

/** Any fixed key: the advisory lock that serializes `ensureAdmin` across server processes. */
const ENSURE_ADMIN_LOCK = 0x50_1a_00_01;

/**
 * See the module comment. Several servers starting at once on one PostgreSQL (compose's
 * replicas) all run this: a transaction-scoped advisory lock makes them take turns, so the
 * first creates or restores the admin and the others find it active (null). Throws only for
 * database failures.
 */
export async function ensureAdmin(
  db: Db,
  options: { email: string | undefined; password: string | undefined },
): Promise<SeededAdmin | null> {
  return db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(${ENSURE_ADMIN_LOCK})`);
    if (await hasActiveAdmin(tx)) return null;
    const email = options.email ?? 'admin@solar.local';
    if (await restoreAdmin(tx, email)) {
      return { email, generatedPassword: undefined, restored: true };
    }
    const generatedPassword = options.password ? undefined : randomBytes(12).toString('base64url');
    const password = options.password ?? generatedPassword!;
    await tx.insert(users).values({
      name: 'Administrator',
      email: normalizeEmail(email),
      passwordHash: await hashPassword(password),
      userType: roleToUserType('admin'),
      emailConfirmed: true,
    });
    return { email, generatedPassword, restored: false };
  });
}
