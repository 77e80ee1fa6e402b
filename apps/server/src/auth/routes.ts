/**
 * Auth routes (API-CONTRACT.md, Auth): sign-up, sign-in, Google sign-in, refresh with
 * rotation and reuse detection, sign-out, me, profile update, forgot and reset password,
 * email verification. Bodies are the domain's request schemas (strict; 400 with field
 * errors). Sign-out and verify need no bearer token: the refresh token, or the mailed
 * token, is the proof (docs/decisions/005-token-strategy.md).
 */
import { apiMessages, authMessages, roleToUserType } from '@solar/domain';
import {
  forgotPasswordRequestSchema,
  googleSignInRequestSchema,
  profileUpdateRequestSchema,
  refreshRequestSchema,
  resetPasswordRequestSchema,
  signInRequestSchema,
  signOutRequestSchema,
  signUpRequestSchema,
  verifyEmailRequestSchema,
  type AuthResponse,
} from '@solar/domain/contract';
import { and, eq, ne, sql } from 'drizzle-orm';
import type { preHandlerHookHandler } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Config } from '../config.ts';
import type { Db } from '../db/database.ts';
import { users } from '../db/schema.ts';
import { HttpError } from '../http-errors.ts';
import { authRateLimits, moreRateLimits } from '../security.ts';
import {
  emailTaken,
  findUserByEmail,
  findUserById,
  isUniqueViolation,
  roleOf,
  toMe,
  toSessionUser,
  type UserRow,
} from '../users/repository.ts';
import { localeFromHeader, type AccountMail } from './account-mail.ts';
import { requireAuth } from './guard.ts';
import { GoogleSignInError, type GoogleClient } from './google.ts';
import { hashPassword, verifyPassword } from './password.ts';
import {
  consumeOneTimeToken,
  issueOneTimeToken,
  issueRefreshToken,
  revokeAllRefreshTokens,
  revokeRefreshFamily,
  rotateRefreshToken,
} from './session-tokens.ts';
import type { AccountCache } from './account-cache.ts';
import type { TokenService } from './tokens.ts';

export interface AuthRoutesOptions {
  db: Db;
  tokens: TokenService;
  config: Config;
  authenticate: preHandlerHookHandler;
  /** Told about every write to an account, so the guard never serves the old row. */
  accounts: AccountCache;
  mail: AccountMail;
  /** Undefined when Google sign-in is not configured. */
  google: GoogleClient | undefined;
}

/** The answer of forgot-password, the same whether or not the email is known. */
export const FORGOT_PASSWORD_MESSAGE =
  'If an account exists for this email, we have sent a link to reset the password.';

const invalidCredentials = () =>
  new HttpError(401, 'invalid_credentials', authMessages.loginFailed.defaultMessage);
const inactive = () =>
  new HttpError(403, 'account_inactive', apiMessages.accountInactive.defaultMessage);
const invalidToken = () =>
  new HttpError(400, 'invalid_token', apiMessages.invalidToken.defaultMessage, {
    errors: { token: apiMessages.invalidToken.defaultMessage },
  });

const tags = ['auth'];
const bearer = [{ bearer: [] }];

export const authRoutes: FastifyPluginAsyncZod<AuthRoutesOptions> = async (
  app,
  { db, tokens, config, authenticate, accounts, mail, google },
) => {
  const limits = authRateLimits(config);

  /** Access token plus a refresh token; `familyId` continues a family (refresh). */
  async function session(user: UserRow, executor: Db = db): Promise<AuthResponse> {
    const refreshToken = await issueRefreshToken(executor, user.id, config.refreshTokenTtl);
    const { token, expiresAt } = await tokens.sign({
      sub: user.id,
      email: user.email,
      name: user.name,
      picture: user.picture,
      role: roleOf(user),
    });
    return { token, refreshToken, expiresAt, user: toSessionUser(user) };
  }

  /** Sends a verification link for the user's current email. */
  async function sendVerification(user: UserRow) {
    const token = await issueOneTimeToken(db, user.id, 'email_verification');
    const link = `${config.publicUrl}/verify-email?token=${encodeURIComponent(token)}`;
    mail.send('verifyEmail', user, link);
  }

  /** POST /auth/email/signup {name, email, password, confirmPassword} -> 201 AuthResponse
   * (role client_residential, emailConfirmed false, verification mail sent); 400; 409
   * email_taken; 429. */
  app.post(
    '/auth/email/signup',
    {
      config: { rateLimit: limits.signUp },
      schema: { body: signUpRequestSchema, tags, summary: 'Create an account with email' },
    },
    async (request, reply) => {
      const { name, email, password } = request.body;
      if (await findUserByEmail(db, email)) throw emailTaken();
      const passwordHash = await hashPassword(password);
      let result: AuthResponse & { row: UserRow };
      try {
        result = await db.transaction(async (tx) => {
          const [row] = await tx
            .insert(users)
            .values({
              name,
              email,
              passwordHash,
              userType: roleToUserType('client_residential'),
              emailConfirmed: false,
              locale: localeFromHeader(request.headers['accept-language']),
              lastLoginAt: new Date(),
            })
            .returning();
          return { ...(await session(row!, tx)), row: row! };
        });
      } catch (error) {
        if (isUniqueViolation(error)) throw emailTaken();
        throw error;
      }
      const { row, ...body } = result;
      await sendVerification(row);
      return reply.code(201).send(body);
    },
  );

  /** POST /auth/email/signin {email, password} -> 200 AuthResponse, sets lastLoginAt;
   * 401 invalid_credentials (the same for unknown email and wrong password, with the same
   * work spent); 403 account_inactive; 429. */
  app.post(
    '/auth/email/signin',
    {
      config: { rateLimit: limits.signIn },
      preHandler: moreRateLimits(app, limits.signInAddress, limits.signInAccount),
      schema: { body: signInRequestSchema, tags, summary: 'Sign in with email and password' },
    },
    async (request) => {
      const { email, password } = request.body;
      const user = await findUserByEmail(db, email);
      const valid = await verifyPassword(user?.passwordHash, password);
      if (!user || !valid) throw invalidCredentials();
      if (!user.isActive) throw inactive();
      const [updated] = await db
        .update(users)
        .set({ lastLoginAt: new Date() })
        .where(eq(users.id, user.id))
        .returning();
      accounts.forget(user.id);
      return session(updated!);
    },
  );

  /** POST /auth/google/signin {code, redirectUri?} -> 200 AuthResponse: the user with
   * this Google account, else the one with its (verified) email, linked, else a new
   * client_residential; 400; 401 when the code or ID token is refused or the email is not
   * verified; 403 account_inactive; 502 provider unreachable; 503 not configured. */
  app.post(
    '/auth/google/signin',
    {
      config: { rateLimit: limits.token },
      schema: { body: googleSignInRequestSchema, tags, summary: 'Sign in with Google (OIDC code)' },
    },
    async (request) => {
      if (!google) {
        throw new HttpError(503, 'service_unavailable', 'Google sign-in is not configured.');
      }
      let identity;
      try {
        identity = await google.exchange(request.body.code, request.body.redirectUri);
      } catch (error) {
        if (error instanceof GoogleSignInError && error.kind === 'unavailable') {
          request.log.warn({ err: error.message }, 'Google sign-in provider unreachable');
          throw new HttpError(502, 'bad_gateway', authMessages.googleLoginFailed.defaultMessage);
        }
        if (error instanceof GoogleSignInError) {
          request.log.info({ reason: error.message }, 'Google sign-in refused');
          throw new HttpError(
            401,
            'invalid_credentials',
            authMessages.googleLoginFailed.defaultMessage,
          );
        }
        throw error;
      }
      if (!identity.emailVerified) {
        throw new HttpError(
          401,
          'invalid_credentials',
          'Your Google account has no verified email address.',
        );
      }
      const now = new Date();
      let user: UserRow;
      try {
        user = await db.transaction(async (tx) => {
          const [bySubject] = await tx
            .select()
            .from(users)
            .where(eq(users.googleSubject, identity.subject))
            .limit(1);
          const existing = bySubject ?? (await findUserByEmail(tx, identity.email));
          if (existing) {
            if (existing.googleSubject && existing.googleSubject !== identity.subject) {
              throw new HttpError(
                409,
                'conflict',
                'This email is linked to a different Google account.',
              );
            }
            if (!existing.isActive) throw inactive();
            const [linked] = await tx
              .update(users)
              .set({
                googleSubject: identity.subject,
                authMethod: 'google',
                emailConfirmed: true,
                picture: existing.picture ?? identity.picture ?? null,
                lastLoginAt: now,
                updatedAt: now,
              })
              .where(eq(users.id, existing.id))
              .returning();
            return linked!;
          }
          const [created] = await tx
            .insert(users)
            .values({
              name: identity.name?.trim() || identity.email.split('@')[0]!,
              email: identity.email,
              userType: roleToUserType('client_residential'),
              authMethod: 'google',
              googleSubject: identity.subject,
              picture: identity.picture ?? null,
              emailConfirmed: true,
              locale: localeFromHeader(request.headers['accept-language']),
              lastLoginAt: now,
            })
            .returning();
          return created!;
        });
      } catch (error) {
        if (isUniqueViolation(error)) throw emailTaken();
        throw error;
      }
      accounts.forget(user.id);
      return session(user);
    },
  );

  /** POST /auth/refresh {refreshToken} -> 200 {token, refreshToken, expiresAt}; 401 for
   * an unknown, expired, retired (reuse: the family is revoked) or revoked token, or an
   * inactive user; 429. */
  app.post(
    '/auth/refresh',
    {
      config: { rateLimit: limits.refresh },
      schema: { body: refreshRequestSchema, tags, summary: 'Exchange a refresh token' },
    },
    async (request) => {
      const result = await rotateRefreshToken(
        db,
        request.body.refreshToken,
        config.refreshTokenTtl,
      );
      if (!result.ok) {
        if (result.reason === 'reused') {
          request.log.warn('refresh token reuse detected; family revoked');
        }
        if (result.reason === 'inactive') {
          throw new HttpError(401, 'account_inactive', apiMessages.accountInactive.defaultMessage);
        }
        throw new HttpError(401, 'unauthenticated', authMessages.refreshFailed.defaultMessage);
      }
      const user = await findUserById(db, result.userId);
      const { token, expiresAt } = await tokens.sign({
        sub: user!.id,
        email: user!.email,
        name: user!.name,
        picture: user!.picture,
        role: roleOf(user!),
      });
      return { token, refreshToken: result.refreshToken, expiresAt };
    },
  );

  /** POST /auth/signout {refreshToken} -> 204; the token's family is revoked. 204 also for
   * an unknown token. */
  app.post(
    '/auth/signout',
    { schema: { body: signOutRequestSchema, tags, summary: 'Sign out (revoke the session)' } },
    async (request, reply) => {
      await revokeRefreshFamily(db, request.body.refreshToken);
      return reply.code(204).send();
    },
  );

  /** GET /auth/me -> 200 SessionUser + {emailConfirmed, createdAt}; 401. */
  app.get(
    '/auth/me',
    {
      preValidation: authenticate,
      schema: { tags, security: bearer, summary: 'The signed-in user' },
    },
    async (request) => toMe(requireAuth(request).account),
  );

  /** PUT /auth/me {name, email} -> 200 the me shape, updated; a new email is unconfirmed
   * and gets a verification mail; 400; 403 for Google users; 409 email_taken. */
  app.put(
    '/auth/me',
    {
      preValidation: authenticate,
      schema: {
        body: profileUpdateRequestSchema,
        tags,
        security: bearer,
        summary: 'Update the profile',
      },
    },
    async (request) => {
      const auth = requireAuth(request);
      // A write checks the stored row, not the guard's cached copy.
      const current = await findUserById(db, auth.userId);
      if (!current?.isActive) {
        throw new HttpError(401, 'account_inactive', apiMessages.accountInactive.defaultMessage);
      }
      if (current.authMethod === 'google') {
        throw new HttpError(403, 'forbidden', authMessages.googleProfileLocked.defaultMessage);
      }
      const { name, email } = request.body;
      const emailChanged = email.toLowerCase() !== current.email.toLowerCase();
      if (emailChanged) {
        const [other] = await db
          .select({ id: users.id })
          .from(users)
          .where(
            and(sql`lower(${users.email}) = ${email.toLowerCase()}`, ne(users.id, auth.userId)),
          )
          .limit(1);
        if (other) throw emailTaken();
      }
      let updated: UserRow;
      try {
        [updated] = (await db
          .update(users)
          .set({
            name,
            email,
            updatedAt: new Date(),
            ...(emailChanged ? { emailConfirmed: false } : {}),
          })
          .where(eq(users.id, auth.userId))
          .returning()) as [UserRow];
      } catch (error) {
        if (isUniqueViolation(error)) throw emailTaken();
        throw error;
      } finally {
        accounts.forget(auth.userId);
      }
      if (emailChanged) await sendVerification(updated);
      return toMe(updated);
    },
  );

  /** POST /auth/password/forgot {email} -> 202 {message}, the same for every email; a
   * known active account gets a mail with PUBLIC_URL/reset-password?token=... (single use,
   * 1 hour); 400; 429. */
  app.post(
    '/auth/password/forgot',
    {
      config: { rateLimit: limits.forgot },
      schema: { body: forgotPasswordRequestSchema, tags, summary: 'Mail a password-reset link' },
    },
    async (request, reply) => {
      const user = await findUserByEmail(db, request.body.email);
      if (user?.isActive) {
        const token = await issueOneTimeToken(db, user.id, 'password_reset');
        const link = `${config.publicUrl}/reset-password?token=${encodeURIComponent(token)}`;
        mail.send('resetPassword', user, link);
      }
      return reply.code(202).send({ message: FORGOT_PASSWORD_MESSAGE });
    },
  );

  /** POST /auth/password/reset {token, password, confirmPassword} -> 204; the password is
   * replaced, every refresh token of the user revoked and a "password changed" mail sent;
   * 400 invalid_token (unknown, used or expired) or the section 5 rules. */
  app.post(
    '/auth/password/reset',
    {
      config: { rateLimit: limits.token },
      schema: { body: resetPasswordRequestSchema, tags, summary: 'Set a new password' },
    },
    async (request, reply) => {
      const passwordHash = await hashPassword(request.body.password);
      const user = await db.transaction(async (tx) => {
        const userId = await consumeOneTimeToken(tx, request.body.token, 'password_reset');
        if (!userId) return undefined;
        const [row] = await tx
          .update(users)
          .set({ passwordHash, updatedAt: new Date() })
          .where(eq(users.id, userId))
          .returning();
        await revokeAllRefreshTokens(tx, userId);
        return row;
      });
      if (!user) throw invalidToken();
      accounts.forget(user.id);
      mail.send('passwordChanged', user);
      return reply.code(204).send();
    },
  );

  /** POST /auth/email/verify {token} -> 204, emailConfirmed true; 400 invalid_token. */
  app.post(
    '/auth/email/verify',
    {
      config: { rateLimit: limits.token },
      schema: { body: verifyEmailRequestSchema, tags, summary: 'Confirm an email address' },
    },
    async (request, reply) => {
      const confirmed = await db.transaction(async (tx) => {
        const userId = await consumeOneTimeToken(tx, request.body.token, 'email_verification');
        if (!userId) return undefined;
        await tx
          .update(users)
          .set({ emailConfirmed: true, updatedAt: new Date() })
          .where(eq(users.id, userId));
        return userId;
      });
      if (!confirmed) throw invalidToken();
      accounts.forget(confirmed);
      return reply.code(204).send();
    },
  );

  app.addHook('onClose', async () => mail.settle());
};
