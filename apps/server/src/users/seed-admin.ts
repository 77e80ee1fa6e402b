/**
 * First administrator (API-CONTRACT.md, Start-up): created only when no admin exists, from
 * ADMIN_EMAIL + ADMIN_PASSWORD, else with a generated password that is returned (and
 * printed once by main.ts). Returns null when an admin already exists.
 */
import { roleToUserType } from '@solar/domain';
import { randomBytes } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { hashPassword } from '../auth/password.ts';
import type { Db } from '../db/database.ts';
import { users } from '../db/schema.ts';

export interface SeededAdmin {
  email: string;
  /** Present only when the password was generated (it is not stored anywhere in clear). */
  generatedPassword: string | undefined;
}

export async function ensureAdmin(
  db: Db,
  options: { email: string | undefined; password: string | undefined },
): Promise<SeededAdmin | null> {
  const admin = roleToUserType('admin');
  const existing = await db
    .select({ id: users.id })
    .from(users)
    .where(eq(users.userType, admin))
    .limit(1);
  if (existing.length > 0) return null;
  const email = options.email ?? 'admin@solar.local';
  const generatedPassword = options.password ? undefined : randomBytes(12).toString('base64url');
  const password = options.password ?? generatedPassword!;
  await db.insert(users).values({
    name: 'Administrator',
    email,
    passwordHash: await hashPassword(password),
    userType: admin,
    emailConfirmed: true,
  });
  return { email, generatedPassword };
}
