/**
 * The signed-in account (docs/product.md#accounts-and-sessions): me, profile update and
 * the secure email change (confirm, cancel, resend), forgot, reset and change password,
 * email verification. Each route parses, authorizes, calls the auth service (service.ts,
 * account-service.ts) and shapes the answer.
 */
import {
  changePasswordRequestSchema,
  emailChangeTokenRequestSchema,
  forgotPasswordRequestSchema,
  localeUpdateRequestSchema,
  profileUpdateRequestSchema,
  resetPasswordRequestSchema,
  verifyEmailRequestSchema,
} from '@solar/domain/contract';
import type { preHandlerHookHandler } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Config } from '../config.ts';
import { attemptCounter, authRateLimits } from '../security.ts';
import { toMe } from '../users/repository.ts';
import {
  emailChangeConfirmResponseSchema,
  meResponseSchema,
  messageResponseSchema,
} from '../users/answer-schemas.ts';
import { requireAuth } from './guard.ts';
import type { AuthService } from './service.ts';

/** The answer of resend-verification. */
export const VERIFICATION_SENT_MESSAGE = 'We have sent a new confirmation link to your email.';

/** The answer of resend of an email change's confirmation link. */
export const EMAIL_CHANGE_SENT_MESSAGE = 'We have sent a new confirmation link to your new email.';

/** The answer of forgot-password, the same whether or not the email is known. */
export const FORGOT_PASSWORD_MESSAGE =
  'If an account exists for this email, we have sent a link to reset the password.';

const tags = ['auth'];
const bearer = [{ bearer: [] }];

export const accountRoutes: FastifyPluginAsyncZod<{
  service: AuthService;
  config: Config;
  authenticate: preHandlerHookHandler;
}> = async (app, { service, config, authenticate }) => {
  const limits = authRateLimits(config);
  // Current-password checks per account, across addresses and instances (Redis when set).
  const passwordChecks = attemptCounter(app, limits.currentPassword);

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
   * email (compared normalized) needs the current password and becomes `pendingEmail`:
   * the account keeps its address until the link mailed to the new one is used, and the
   * old address gets a notice with a link that cancels the change; 400
   * with a `currentPassword` field error when it is missing or wrong; 403 for Google users;
   * 409 email_taken; 429 (n per minute per address, 3n current-password checks per 15
   * minutes per account, n link mails per hour to the new address: AUTH_RATE_LIMIT = n). */
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
    async (request) =>
      toMe(
        await service.updateProfile(requireAuth(request).userId, request.body, () =>
          passwordChecks(request),
        ),
      ),
  );

  /** PUT /auth/me/locale {locale} -> 204: the language the user chose in the app (en, es,
   * ru) becomes that of all their mail; 400 another value; 401. */
  app.put(
    '/auth/me/locale',
    {
      preValidation: authenticate,
      schema: {
        body: localeUpdateRequestSchema,
        tags,
        security: bearer,
        operationId: 'setMyLocale',
        summary: 'Set the language of my mail',
        answers: { 204: { description: 'Stored; later mail is in that language (no body)' } },
        errors: [400, 401, 413, 415, 503],
      },
    },
    async (request, reply) => {
      await service.setLocale(requireAuth(request).userId, request.body.locale);
      return reply.code(204).send();
    },
  );

  /** POST /auth/password/forgot {email} -> 202 {message}, the same for every email and in
   * the same time (the look-up runs in the mail queue after the answer); a known active
   * account gets a mail with PUBLIC_URL/reset-password?token=... (single use, 1 hour),
   * at most AUTH_RATE_LIMIT link mails per address per hour, whoever asks;
   * 400; 429. */
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
        errors: [400, 413, 415, 429, 503],
      },
    },
    async (request, reply) => {
      await service.forgotPassword(request.body.email);
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
      await service.resetPassword(request.body.token, request.body.password);
      return reply.code(204).send();
    },
  );

  /** POST /auth/password/change {currentPassword, password, confirmPassword, refreshToken?}
   * (bearer) -> 204: the password is replaced (sign-up rules), every
   * session of the user but the one of `refreshToken` is revoked, and a "password changed"
   * mail is sent; 400 (field errors; `currentPassword` when it is wrong); 401; 429 (n per
   * minute per address, and 3n current-password checks per 15 minutes per account). */
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
      await service.changePassword(requireAuth(request).userId, request.body, () =>
        passwordChecks(request),
      );
      return reply.code(204).send();
    },
  );

  /** POST /auth/email/verify/resend (bearer) -> 202 {message}: a new verification link for
   * the current email (older links stop working); 409 conflict when the email is already
   * confirmed (already_confirmed); 401; 429 (ceil(AUTH_RATE_LIMIT/2) per 15 minutes per
   * address and account; and AUTH_RATE_LIMIT link mails per hour to one address). */
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
      await service.resendVerification(requireAuth(request).userId);
      return reply.code(202).send({ message: VERIFICATION_SENT_MESSAGE });
    },
  );

  /** POST /auth/email/change/confirm {token} (the link mailed to the new address) -> 200
   * {email}: the pending address is now the account's, confirmed; the old address's links
   * stop working. 400 invalid_token (unknown, used, expired or cancelled); 409 email_taken
   * when another account took the address meanwhile (nothing changes); 429. */
  app.post(
    '/auth/email/change/confirm',
    {
      config: { rateLimit: limits.token },
      schema: {
        body: emailChangeTokenRequestSchema,
        tags,
        operationId: 'confirmEmailChange',
        summary: 'Confirm a new email address (the link mailed to it)',
        answers: {
          200: {
            description: "The new address is the account's",
            body: emailChangeConfirmResponseSchema,
          },
        },
        errors: [400, 409, 413, 415, 429, 503],
      },
    },
    async (request) => ({ email: await service.confirmEmailChange(request.body.token) }),
  );

  /** POST /auth/email/change/cancel {token} (the link mailed to the old address) -> 204:
   * the pending change is dropped and its confirmation link stops working. 400
   * invalid_token (unknown, used, expired, or the change is confirmed or cancelled); 429. */
  app.post(
    '/auth/email/change/cancel',
    {
      config: { rateLimit: limits.token },
      schema: {
        body: emailChangeTokenRequestSchema,
        tags,
        operationId: 'cancelEmailChangeByLink',
        summary: 'Cancel an email change (the link mailed to the old address)',
        answers: { 204: { description: 'The change is cancelled; the email stays as it was' } },
        errors: [400, 413, 415, 429, 503],
      },
    },
    async (request, reply) => {
      await service.cancelEmailChangeByLink(request.body.token);
      return reply.code(204).send();
    },
  );

  /** DELETE /auth/email/change (bearer) -> 200 the me shape, without a pending email: the
   * signed-in user's pending change (if any) is dropped and its links stop working; 401;
   * 429. */
  app.delete(
    '/auth/email/change',
    {
      config: { rateLimit: limits.token },
      preValidation: authenticate,
      schema: {
        tags,
        security: bearer,
        operationId: 'cancelEmailChange',
        summary: 'Cancel the pending email change (signed in)',
        answers: { 200: { description: 'The user, no change pending', body: meResponseSchema } },
        errors: [401, 413, 415, 429, 503],
      },
    },
    async (request) => toMe(await service.cancelEmailChange(requireAuth(request).userId)),
  );

  /** POST /auth/email/change/resend (bearer) -> 202 {message}: a new confirmation link to
   * the pending address (older ones stop working); 409 conflict when no change is pending;
   * 401; 429 (as resend verification, and AUTH_RATE_LIMIT link mails per hour to one
   * address). */
  app.post(
    '/auth/email/change/resend',
    {
      config: { rateLimit: limits.resendVerification },
      preValidation: authenticate,
      schema: {
        tags,
        security: bearer,
        operationId: 'resendEmailChange',
        summary: 'Send the new address its confirmation link again',
        answers: { 202: { description: 'A new link is on its way', body: messageResponseSchema } },
        errors: [401, 409, 413, 415, 429, 503],
      },
    },
    async (request, reply) => {
      await service.resendEmailChange(requireAuth(request).userId);
      return reply.code(202).send({ message: EMAIL_CHANGE_SENT_MESSAGE });
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
      await service.verifyEmail(request.body.token);
      return reply.code(204).send();
    },
  );
};
