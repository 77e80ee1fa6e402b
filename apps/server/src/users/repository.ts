/**
 * Account rows and their API shapes (the OpenAPI document): look-ups by
 * email (normalized), the SessionUser / me / AdminUserDetail mappings, and the
 * unique-violation test that turns a racing duplicate email into 409 `email_taken`.
 */
import {
  apiMessages,
  normalizeEmail,
  userTypeToName,
  userTypeToRole,
  type RoleKey,
  type UserTypeCode,
  type UserTypeName,
} from '@solar/domain';
import type {
  AdminUserDetail,
  AdminUserListItem,
  MeResponse,
  SessionUser,
} from '@solar/domain/contract';
import { eq } from 'drizzle-orm';
import type { Db } from '../db/database.ts';
import { users } from '../db/schema.ts';
import { HttpError } from '../http-errors.ts';

/** A row of `users`. */
export type UserRow = typeof users.$inferSelect;

/**
 * The row with this email, if any: compared after {@link normalizeEmail}, with the stored
 * (normalized) text as it is, never with the database's locale-dependent lower().
 */
export async function findUserByEmail(db: Db, email: string): Promise<UserRow | undefined> {
  const [row] = await db
    .select()
    .from(users)
    .where(eq(users.email, normalizeEmail(email)))
    .limit(1);
  return row;
}

/** The row with this id; undefined for an unknown id or one that is not a UUID. */
export async function findUserById(db: Db, id: string): Promise<UserRow | undefined> {
  if (!isUuid(id)) return undefined;
  const [row] = await db.select().from(users).where(eq(users.id, id)).limit(1);
  return row;
}

/** True for a UUID in its canonical text form (any version). */
export function isUuid(value: string): boolean {
  return /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i.test(value);
}

/** The session key of a row; throws for a corrupt user type (a programming error). */
export function roleOf(user: UserRow): RoleKey {
  const role = userTypeToRole(user.userType);
  if (!role) throw new Error(`user ${user.id} has an unknown user type ${user.userType}`);
  return role;
}

/** SessionUser of the OpenAPI document. */
export function toSessionUser(user: UserRow): SessionUser {
  return {
    id: user.id,
    name: user.name,
    email: user.email,
    picture: user.picture,
    role: roleOf(user),
    authMethod: user.authMethod,
  };
}

/**
 * `GET /auth/me` answer: SessionUser plus emailConfirmed, createdAt (ISO 8601), locale and
 * the address of an email change waiting for its confirmation link (or null).
 */
export function toMe(user: UserRow): MeResponse {
  return {
    ...toSessionUser(user),
    emailConfirmed: user.emailConfirmed,
    createdAt: user.createdAt.toISOString(),
    locale: user.locale,
    pendingEmail: user.pendingEmail,
  };
}

/** AdminUserListItem of the OpenAPI document; userType is the number 0..6. */
export function toListItem(user: UserRow): AdminUserListItem {
  return {
    id: user.id,
    name: user.name,
    email: user.email,
    userType: user.userType as UserTypeCode,
    isActive: user.isActive,
    emailConfirmed: user.emailConfirmed,
    createdAt: user.createdAt.toISOString(),
    lastLoginAt: user.lastLoginAt?.toISOString() ?? null,
  };
}

/**
 * AdminUserDetail of the OpenAPI document; userType is the text name; `crmConfigured` says
 * whether this server links accounts to the CRM.
 */
export function toAdminDetail(user: UserRow, crmConfigured: boolean): AdminUserDetail {
  return {
    id: user.id,
    user: {
      name: user.name,
      email: user.email,
      emailVerified: user.emailConfirmed,
      picture: user.picture,
    },
    userType: userTypeToName(user.userType) as UserTypeName,
    isActive: user.isActive,
    createdAt: user.createdAt.toISOString(),
    lastLoginAt: user.lastLoginAt?.toISOString() ?? null,
    pipedrivePersonId: user.pipedrivePersonId,
    crmConfigured,
    locale: user.locale,
  };
}

/** The fields of an account kept in the audit log (never the password hash). */
export function auditView(user: UserRow) {
  return {
    name: user.name,
    email: user.email,
    userType: user.userType,
    isActive: user.isActive,
    emailConfirmed: user.emailConfirmed,
    authMethod: user.authMethod,
    locale: user.locale,
  };
}

/** True when `error` (or its cause, as Drizzle wraps driver errors) is a unique violation. */
export function isUniqueViolation(error: unknown): boolean {
  for (let e: unknown = error; e; e = (e as { cause?: unknown }).cause) {
    if ((e as { code?: unknown }).code === '23505') return true;
  }
  return false;
}

/** The 409 answered when an email belongs to another account. */
export function emailTaken(): HttpError {
  const message = apiMessages.emailTaken.defaultMessage;
  return new HttpError(409, 'email_taken', message, { errors: { email: message } });
}

/** Runs `write`, turning a unique violation (a racing duplicate email) into 409 `email_taken`. */
export async function mappingTakenEmail<T>(write: () => Promise<T>): Promise<T> {
  try {
    return await write();
  } catch (error) {
    if (isUniqueViolation(error)) throw emailTaken();
    throw error;
  }
}
