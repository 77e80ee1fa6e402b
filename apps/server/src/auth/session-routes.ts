/**
 * Signing in and out (API-CONTRACT.md, Auth): sign-up, sign-in, Google sign-in, refresh
 * with rotation and reuse detection, sign-out. Each route parses, calls the auth service
 * (service.ts) and shapes the answer.
 */
import {
  googleSignInRequestSchema,
  refreshRequestSchema,
  signInRequestSchema,
  signOutRequestSchema,
  signUpRequestSchema,
} from '@solar/domain/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Config } from '../config.ts';
import { authRateLimits, moreRateLimits } from '../security.ts';
import { authResponseSchema, refreshResponseSchema } from '../users/answer-schemas.ts';
import { localeFromHeader } from './account-mail.ts';
import type { AuthService } from './service.ts';

const tags = ['auth'];

export const sessionRoutes: FastifyPluginAsyncZod<{
  service: AuthService;
  config: Config;
}> = async (app, { service, config }) => {
  const limits = authRateLimits(config);

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
      // The interface language the app sends; else the browser's.
      const locale = request.body.locale ?? localeFromHeader(request.headers['accept-language']);
      return reply.code(201).send(await service.signUp({ name, email, password, locale }));
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
    async (request) => service.signIn(request.body.email, request.body.password),
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
    async (request) =>
      service.googleSignIn(
        {
          ...request.body,
          locale: request.body.locale ?? localeFromHeader(request.headers['accept-language']),
        },
        request.log,
      ),
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
    async (request) => service.refresh(request.body.refreshToken, request.log),
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
      await service.signOut(request.body.refreshToken);
      return reply.code(204).send();
    },
  );
};
