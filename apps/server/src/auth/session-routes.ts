/**
 * Signing in and out (docs/product.md#accounts-and-sessions): sign-up, sign-in, external
 * sign-in (start and finish), refresh with rotation and reuse detection, sign-out. Each route parses, calls the auth service
 * (service.ts) and shapes the answer.
 */
import {
  externalSignInStartRequestSchema,
  googleSignInRequestSchema,
  refreshRequestSchema,
  signInRequestSchema,
  signOutRequestSchema,
  signUpRequestSchema,
} from '@solar/domain/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Config } from '../config.ts';
import { authRateLimits, moreRateLimits } from '../security.ts';
import {
  authResponseSchema,
  externalSignInStartResponseSchema,
  refreshResponseSchema,
} from '../users/answer-schemas.ts';
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

  /** POST /auth/google/start {redirectUri} -> 200 {authorizationUrl, state, expiresAt}:
   * starts an external sign-in with the configured OpenID provider (docs/decisions/030).
   * The browser goes to `authorizationUrl`; the provider sends it back to `redirectUri`
   * (the web's /signin/callback) with `code` and `state`, which go to /auth/google/signin
   * within 10 minutes. 400; 429; 502 provider unreachable; 503 not configured. */
  app.post(
    '/auth/google/start',
    {
      config: { rateLimit: limits.token },
      schema: {
        body: externalSignInStartRequestSchema,
        tags,
        operationId: 'startExternalSignIn',
        summary: 'Start external sign-in (OpenID Connect authorization request)',
        description:
          'Creates an authorization request (authorization code with PKCE, state and nonce) at the configured OpenID provider. The server keeps the state, nonce and PKCE verifier for 10 minutes, single use; send the browser to `authorizationUrl`.',
        answers: {
          200: {
            description: 'Where to send the browser',
            body: externalSignInStartResponseSchema,
          },
        },
        // 503 also when external sign-in is not configured.
        errors: [400, 413, 415, 429, 502, 503],
      },
    },
    async (request) => service.startExternalSignIn(request.body.redirectUri, request.log),
  );

  /** POST /auth/google/signin {code, redirectUri, state, iss?} -> 200 AuthResponse: finishes
   * the external sign-in started by /auth/google/start with what the provider sent to
   * `redirectUri`; the account is found, linked, claimed or created under decision 030.
   * 400 (`state`: unknown, used or expired, or another redirect URI); 401
   * `invalid_credentials` (code, issuer, audience, nonce or PKCE refused); 401
   * `email_unverified`; 403 account_inactive; 409 `conflict` (the email's account is linked
   * to another identity); 502 provider unreachable; 503 not configured. */
  app.post(
    '/auth/google/signin',
    {
      config: { rateLimit: limits.token },
      schema: {
        body: googleSignInRequestSchema,
        tags,
        operationId: 'signInWithGoogle',
        summary: 'Finish external sign-in (OpenID Connect authorization code)',
        description:
          'Exchanges the authorization code at the provider (PKCE, nonce, issuer and audience checked; claims from the ID token or UserInfo) and signs in the account of the identity. An existing account with the same email is linked when its email was confirmed; when it never was, the identity claims it: its password is removed and its sessions revoked (docs/decisions/030-external-identity-linking.md). The holder is told by mail.',
        answers: {
          200: {
            description: 'Signed in (account found, linked, claimed or created)',
            body: authResponseSchema,
          },
        },
        // 503 also when external sign-in is not configured.
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
