/**
 * Auth routes (docs/product.md#accounts-and-sessions): sign-up, sign-in, external sign-in
 * (start and finish), refresh with
 * rotation and reuse detection, sign-out (session-routes.ts); me, profile update, forgot,
 * reset and change password, email verification (account-routes.ts). Bodies are the
 * domain's request schemas (strict; 400 with field errors). Sign-out and verify need no
 * bearer token: the refresh token, or the mailed token, is the proof
 * (docs/decisions/005-token-strategy.md). The writes are the auth service's (service.ts).
 */
import type { preHandlerHookHandler } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AccountCache } from './account-cache.ts';
import type { AccountMail } from './account-mail.ts';
import { accountRoutes } from './account-routes.ts';
import type { OidcClient } from './oidc.ts';
import { createMailCap, recipientMailLimit, type MailCap } from './mail-cap.ts';
import { createAuthService } from './service.ts';
import { sessionRoutes } from './session-routes.ts';
import type { Config } from '../config.ts';
import type { Db } from '../db/database.ts';
import type { TokenService } from './tokens.ts';

export { FORGOT_PASSWORD_MESSAGE, VERIFICATION_SENT_MESSAGE } from './account-routes.ts';

export interface AuthRoutesOptions {
  db: Db;
  tokens: TokenService;
  config: Config;
  authenticate: preHandlerHookHandler;
  /** Told about every write to an account, so the guard never serves the old row. */
  accounts: AccountCache;
  mail: AccountMail;
  /** External sign-in's OpenID client; undefined when not configured. */
  oidc: OidcClient | undefined;
  /** The server's secret; derives refresh successors (session-tokens.ts, successorToken). */
  refreshSecret: string;
  /** The clock, epoch ms (default Date.now). */
  now?: () => number;
  /**
   * The cap on link mails per recipient (mail-cap.ts), shared with the mail jobs; default:
   * one counted in this process.
   */
  mailCap?: MailCap | undefined;
}

export const authRoutes: FastifyPluginAsyncZod<AuthRoutesOptions> = async (app, options) => {
  const mailCap =
    options.mailCap ?? createMailCap(recipientMailLimit(options.config.authRateLimit));
  const service = createAuthService({ ...options, mailCap });
  const { config, authenticate, mail } = options;
  await app.register(sessionRoutes, { service, config });
  await app.register(accountRoutes, { service, config, authenticate });
  app.addHook('onClose', async () => mail.settle());
};
