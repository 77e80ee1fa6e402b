/**
 * Auth routes (API-CONTRACT.md, Auth): sign-up, sign-in, Google sign-in, refresh with
 * rotation and reuse detection, sign-out, me, profile update, forgot and reset password,
 * email verification. Bodies are the domain's request schemas (strict; 400 with field
 * errors). Sign-out and verify need no bearer token: the refresh token, or the mailed
 * token, is the proof (docs/decisions/005-token-strategy.md).
 */
import {
  apiMessages,
  authMessages,
  normalizeEmail,
  roleToUserType,
  validationMessages,
} from '@solar/domain';
import {
  changePasswordRequestSchema,
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
import { and, eq, ne } from 'drizzle-orm';
import type { preHandlerHookHandler } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Config } from '../config.ts';
import type { Db } from '../db/database.ts';
import { users } from '../db/schema.ts';
import { HttpError } from '../http-errors.ts';
import {
  authResponseSchema,
  meResponseSchema,
  messageResponseSchema,
  refreshResponseSchema,
} from '../users/answer-schemas.ts';
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
  spentOneTimeTokenUser,
  issueOneTimeToken,
  issueRefreshToken,
  revokeOtherRefreshFamilies,
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
  /** The server's secret; derives refresh successors (session-tokens.ts, successorToken). */
  refreshSecret: string;
  /** The clock, epoch ms (default Date.now). */
  now?: () => number;
}

/** The answer of resend-verification. */
export const VERIFICATION_SENT_MESSAGE = 'We have sent a new confirmation link to your email.';

/** The answer of forgot-password, the same whether or not the email is known. */
export const FORGOT_PASSWORD_MESSAGE =
  'If an account exists for this email, we have sent a link to reset the password.';

const invalidCredentials = () =>
  new HttpError(401, 'invalid_credentials', authMessages.loginFailed.defaultMessage);
const inactive = () =>
  new HttpError(403, 'account_inactive', apiMessages.accountInactive.defaultMessage);
/** 400 with a field error on `currentPassword` (missing or wrong). */
const currentPasswordError = (message: { defaultMessage: string }) =>
  new HttpError(400, 'validation_failed', message.defaultMessage, {
    errors: { currentPassword: message.defaultMessage },
  });
const invalidToken = () =>
  new HttpError(400, 'invalid_token', apiMessages.invalidToken.defaultMessage, {
    errors: { token: apiMessages.invalidToken.defaultMessage },
  });

const tags = ['auth'];
const bearer = [{ bearer: [] }];

export const authRoutes: FastifyPluginAsyncZod<AuthRoutesOptions> = async (
  app,
  { db, tokens, config, authenticate, accounts, mail, google, refreshSecret, now = Date.now },
) => {
  const limits = authRateLimits(config);

  /** Access token plus a refresh token; `familyId` continues a family (refresh). */
  async function session(user: UserRow, executor: Db = db): Promise<AuthResponse> {
    const refreshToken = await issueRefreshToken(
      executor,
      user.id,
      config.refreshTokenTtl,
      undefined,
      { now: new Date(now()) },
    );
    const { token, expiresAt } = await tokens.sign({
      sub: user.id,
      email: user.email,
      name: user.name,
      picture: user.picture,
      role: roleOf(user),
    });
    return { token, refreshToken, expiresAt, user: toSessionUser(user) };
  }

  /**
   * Sets the user's password hash inside `tx` and ends their sessions: every refresh token,
   * or all but the family of `keepRefreshToken` (change password keeps the current one).
   * Resolves to the updated row, undefined for an unknown id.
   */
  async function replacePassword(
    tx: Db,
    userId: string,
    passwordHash: string,
    keepRefreshToken?: string,
  ): Promise<UserRow | undefined> {
    const [row] = await tx
      .update(users)
      .set({ passwordHash, updatedAt: new Date() })
      .where(eq(users.id, userId))
      .returning();
    await revokeOtherRefreshFamilies(tx, userId, keepRefreshToken);
    return row;
  }

  /** After a replaced password: the account cache forgets the user, who is told by mail. */
  function announcePasswordChange(user: UserRow) {
    accounts.forget(user.id);
    mail.send('passwordChanged', user);
  }

  /** The verification mail for the user's current email: issues the link (job of the queue). */
  async function verificationMail(user: UserRow) {
    const token = await issueOneTimeToken(db, user.id, 'email_verification');
    const link = `${config.publicUrl}/verify-email?token=${encodeURIComponent(token)}`;
    return { kind: 'verifyEmail', to: user, link } as const;
  }

  /** Queues a verification link for the user's current email (off the request path). */
  function sendVerification(user: UserRow) {
    mail.later(() => verificationMail(user));
  }

  /** POST /auth/email/signup {name, email, password, confirmPassword} -> 201 AuthResponse
   * (role client_residential, emailConfirmed false, verification mail sent); 400; 409
   * email_taken; 429. */
  app.post(
    '/auth/email/signup',
    {
      config: { rateLimit: limits.signUp },
      schema: {
        body: signUpRequestSchema,
        tags,
        operationId: 'signUp',
        summary: 'Create an account with email',
        answers: { 201: { description: 'Signed up and signed in', body: authResponseSchema } },
        errors: [400, 409, 413, 415, 429, 503],
      },
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
              email: normalizeEmail(email),
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
      sendVerification(row);
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
      schema: {
        body: signInRequestSchema,
        tags,
        operationId: 'signIn',
        summary: 'Sign in with email and password',
        answers: { 200: { description: 'Signed in', body: authResponseSchema } },
        errors: [400, 401, 403, 413, 415, 429, 503],
      },
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
      schema: {
        body: googleSignInRequestSchema,
        tags,
        operationId: 'signInWithGoogle',
        summary: 'Sign in with Google (OIDC code)',
        answers: {
          200: { description: 'Signed in (account created or linked)', body: authResponseSchema },
        },
        // 503 also when Google sign-in is not configured.
        errors: [400, 401, 403, 409, 413, 415, 429, 502, 503],
      },
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
              email: normalizeEmail(identity.email),
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

  /** POST /auth/refresh {refreshToken} -> 200 {token, refreshToken, expiresAt}; a token
   * presented again within REFRESH_TOKEN_GRACE seconds of its rotation answers the same
   * successor refresh token (tabs refreshing at once); 401 for an unknown, expired, revoked
   * or reused token (retired past the grace: the family is revoked), or an inactive user; 429. */
  app.post(
    '/auth/refresh',
    {
      config: { rateLimit: limits.refresh },
      schema: {
        body: refreshRequestSchema,
        tags,
        operationId: 'refreshSession',
        summary: 'Exchange a refresh token',
        answers: { 200: { description: 'A new token pair', body: refreshResponseSchema } },
        errors: [400, 401, 413, 415, 429, 503],
      },
    },
    async (request) => {
      const result = await rotateRefreshToken(db, request.body.refreshToken, {
        ttlSeconds: config.refreshTokenTtl,
        graceSeconds: config.refreshTokenGrace,
        secret: refreshSecret,
        now: new Date(now()),
      });
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
    {
      schema: {
        body: signOutRequestSchema,
        tags,
        operationId: 'signOut',
        summary: 'Sign out (revoke the session)',
        answers: { 204: { description: 'Signed out (also for an unknown token)' } },
        errors: [400, 413, 415, 503],
      },
    },
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
      schema: {
        tags,
        security: bearer,
        operationId: 'getMe',
        summary: 'The signed-in user',
        answers: { 200: { description: 'The signed-in user', body: meResponseSchema } },
        errors: [401, 503],
      },
    },
    async (request) => toMe(requireAuth(request).account),
  );

  /** PUT /auth/me {name, email, currentPassword?} -> 200 the me shape, updated. A new
   * email (compared normalized) needs the current password, is unconfirmed until its
   * verification link is used, and the old address gets an "email changed" notice; 400
   * with a `currentPassword` field error when it is missing or wrong; 403 for Google users;
   * 409 email_taken; 429 (the token limit, against password guessing). */
  app.put(
    '/auth/me',
    {
      config: { rateLimit: limits.token },
      preValidation: authenticate,
      schema: {
        body: profileUpdateRequestSchema,
        tags,
        security: bearer,
        operationId: 'updateMe',
        summary: 'Update the profile',
        answers: { 200: { description: 'The updated user', body: meResponseSchema } },
        errors: [400, 401, 403, 409, 413, 415, 429, 503],
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
      const { name, currentPassword } = request.body;
      const email = normalizeEmail(request.body.email);
      const emailChanged = email !== current.email;
      if (emailChanged) {
        // A stolen access token alone must not move the account to another address.
        if (!currentPassword)
          throw currentPasswordError(validationMessages.currentPasswordRequired);
        if (!(await verifyPassword(current.passwordHash, currentPassword))) {
          throw currentPasswordError(validationMessages.currentPasswordWrong);
        }
        const [other] = await db
          .select({ id: users.id })
          .from(users)
          .where(and(eq(users.email, email), ne(users.id, auth.userId)))
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
      if (emailChanged) {
        // The old address is told (a notice, no link); the new one gets the verification link.
        mail.send('emailChanged', current, undefined, email);
        sendVerification(updated);
      }
      return toMe(updated);
    },
  );

  /** POST /auth/password/forgot {email} -> 202 {message}, the same for every email and in
   * the same time (the look-up runs in the mail queue after the answer); a
   * known active account gets a mail with PUBLIC_URL/reset-password?token=... (single use,
   * 1 hour); 400; 429. */
  app.post(
    '/auth/password/forgot',
    {
      config: { rateLimit: limits.forgot },
      schema: {
        body: forgotPasswordRequestSchema,
        tags,
        operationId: 'forgotPassword',
        summary: 'Mail a password-reset link',
        answers: {
          202: {
            description: 'The same answer for every email; a known account gets the link',
            body: messageResponseSchema,
          },
        },
        errors: [400, 413, 415, 429],
      },
    },
    async (request, reply) => {
      const { email } = request.body;
      // Everything that depends on the account runs in the mail queue, after the answer:
      // known and unknown emails take the same path here (issue 20 item 8).
      mail.later(async () => {
        const user = await findUserByEmail(db, email);
        if (!user?.isActive) return undefined;
        const token = await issueOneTimeToken(db, user.id, 'password_reset');
        const link = `${config.publicUrl}/reset-password?token=${encodeURIComponent(token)}`;
        return { kind: 'resetPassword', to: user, link };
      });
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
      schema: {
        body: resetPasswordRequestSchema,
        tags,
        operationId: 'resetPassword',
        summary: 'Set a new password',
        answers: { 204: { description: 'Password replaced; every session revoked' } },
        errors: [400, 413, 415, 429, 503],
      },
    },
    async (request, reply) => {
      const passwordHash = await hashPassword(request.body.password);
      const user = await db.transaction(async (tx) => {
        const userId = await consumeOneTimeToken(tx, request.body.token, 'password_reset');
        return userId ? replacePassword(tx, userId, passwordHash) : undefined;
      });
      if (!user) throw invalidToken();
      announcePasswordChange(user);
      return reply.code(204).send();
    },
  );

  /** POST /auth/password/change {currentPassword, password, confirmPassword, refreshToken?}
   * (bearer; issue 25 item 4) -> 204: the password is replaced (sign-up rules), every
   * session of the user but the one of `refreshToken` is revoked, and a "password changed"
   * mail is sent; 400 (field errors; `currentPassword` when it is wrong); 401; 429. */
  app.post(
    '/auth/password/change',
    {
      config: { rateLimit: limits.token },
      preValidation: authenticate,
      schema: {
        body: changePasswordRequestSchema,
        tags,
        security: bearer,
        operationId: 'changePassword',
        summary: 'Change the password (signed in)',
        answers: { 204: { description: 'Password replaced; the other sessions revoked' } },
        errors: [400, 401, 413, 415, 429, 503],
      },
    },
    async (request, reply) => {
      const auth = requireAuth(request);
      const current = await findUserById(db, auth.userId);
      if (!current?.isActive) {
        throw new HttpError(401, 'account_inactive', apiMessages.accountInactive.defaultMessage);
      }
      const { currentPassword, password, refreshToken } = request.body;
      if (!(await verifyPassword(current.passwordHash, currentPassword))) {
        throw currentPasswordError(validationMessages.currentPasswordWrong);
      }
      const passwordHash = await hashPassword(password);
      const updated = await db.transaction((tx) =>
        replacePassword(tx, current.id, passwordHash, refreshToken),
      );
      if (updated) announcePasswordChange(updated);
      return reply.code(204).send();
    },
  );

  /** POST /auth/email/verify/resend (bearer; issue 25 item 4) -> 202 {message}: a new
   * verification link for the current email (older links stop working); 409 conflict when
   * the email is already confirmed (already_confirmed); 401; 429 (ceil(AUTH_RATE_LIMIT/2) per 15 minutes). */
  app.post(
    '/auth/email/verify/resend',
    {
      config: { rateLimit: limits.resendVerification },
      preValidation: authenticate,
      schema: {
        tags,
        security: bearer,
        operationId: 'resendVerification',
        summary: 'Send the verification link again',
        answers: { 202: { description: 'A new link is on its way', body: messageResponseSchema } },
        errors: [401, 409, 413, 415, 429, 503],
      },
    },
    async (request, reply) => {
      const auth = requireAuth(request);
      const current = await findUserById(db, auth.userId);
      if (!current?.isActive) {
        throw new HttpError(401, 'account_inactive', apiMessages.accountInactive.defaultMessage);
      }
      if (current.emailConfirmed) {
        throw new HttpError(409, 'already_confirmed', apiMessages.alreadyConfirmed.defaultMessage);
      }
      sendVerification(current);
      return reply.code(202).send({ message: VERIFICATION_SENT_MESSAGE });
    },
  );

  /** POST /auth/email/verify {token} -> 204, emailConfirmed true; 409 already_confirmed when
   * the link was already used and the address is still confirmed (clicked twice); else 400
   * invalid_token (unknown or expired). */
  app.post(
    '/auth/email/verify',
    {
      config: { rateLimit: limits.token },
      schema: {
        body: verifyEmailRequestSchema,
        tags,
        operationId: 'verifyEmail',
        summary: 'Confirm an email address',
        answers: { 204: { description: 'The email address is confirmed' } },
        errors: [400, 409, 413, 415, 429, 503],
      },
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
      if (!confirmed) {
        const spentBy = await spentOneTimeTokenUser(db, request.body.token, 'email_verification');
        const [owner] = spentBy
          ? await db
              .select({ emailConfirmed: users.emailConfirmed })
              .from(users)
              .where(eq(users.id, spentBy))
          : [];
        if (owner?.emailConfirmed) {
          throw new HttpError(
            409,
            'already_confirmed',
            apiMessages.alreadyConfirmed.defaultMessage,
          );
        }
        throw invalidToken();
      }
      accounts.forget(confirmed);
      return reply.code(204).send();
    },
  );

  app.addHook('onClose', async () => mail.settle());
};
