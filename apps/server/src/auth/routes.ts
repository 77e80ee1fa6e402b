/**
 * Auth routes (API-CONTRACT.md, Auth). This first slice signs in with email and password;
 * the rest of the table (sign-up, refresh, sign-out, me, profile, password reset, Google)
 * lives here too as it is built.
 */
import { signInSchema, userTypeToRole } from '@solar/domain';
import { eq, sql } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Db } from '../db/database.ts';
import { users } from '../db/schema.ts';
import { HttpError } from '../http-errors.ts';
import { verifyPassword } from './password.ts';
import type { TokenService } from './tokens.ts';

export interface AuthRoutesOptions {
  db: Db;
  tokens: TokenService;
}

export const authRoutes: FastifyPluginAsyncZod<AuthRoutesOptions> = async (app, { db, tokens }) => {
  /** POST /auth/email/signin {email, password} -> 200 AuthResponse; 401 invalid_credentials
   * (same for unknown email and wrong password); 403 account_inactive. */
  app.post(
    '/auth/email/signin',
    { schema: { body: signInSchema, tags: ['auth'], summary: 'Sign in with email and password' } },
    async (request) => {
      const { email, password } = request.body;
      const [user] = await db
        .select()
        .from(users)
        .where(sql`lower(${users.email}) = ${email.toLowerCase()}`)
        .limit(1);
      const valid = await verifyPassword(user?.passwordHash, password);
      if (!user || !valid) {
        throw new HttpError(
          401,
          'invalid_credentials',
          'Login failed. Please check your credentials.',
        );
      }
      if (!user.isActive) {
        throw new HttpError(403, 'account_inactive', 'This account has been deactivated.');
      }
      const role = userTypeToRole(user.userType);
      if (!role) throw new Error(`user ${user.id} has an unknown user type ${user.userType}`);
      await db.update(users).set({ lastLoginAt: new Date() }).where(eq(users.id, user.id));
      const sessionUser = {
        id: user.id,
        name: user.name,
        email: user.email,
        picture: user.picture,
        role,
        authMethod: user.authMethod,
      };
      const { token, expiresAt } = await tokens.sign({
        sub: user.id,
        email: user.email,
        name: user.name,
        picture: user.picture,
        role,
      });
      return { token, expiresAt, user: sessionUser };
    },
  );
};
