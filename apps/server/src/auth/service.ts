/**
 * Every write of signing in and out (docs/product.md#accounts-and-sessions;
 * docs/decisions/005): sign-up, sign-in, external sign-in (external-sign-in.ts), refresh
 * with rotation, sign-out. Each owns its transaction,
 * error mapping (409 `email_taken` for a taken or racing email, 401/403 as the contract
 * says) and the account cache told of the change. The profile, password and verification
 * writes are in account-service.ts; `createAuthService` gives both. Routes: routes.ts.
 */
import { apiMessages, authMessages, normalizeEmail, roleToUserType } from '@solar/domain';
import type { AuthResponse, RefreshResponse } from '@solar/domain/contract';
import { eq } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Config } from '../config.ts';
import type { Db } from '../db/database.ts';
import { users } from '../db/schema.ts';
import { HttpError } from '../http-errors.ts';
import {
  emailTaken,
  findUserByEmail,
  findUserById,
  mappingTakenEmail,
  roleOf,
  toSessionUser,
  type UserRow,
} from '../users/repository.ts';
import type { AccountCache } from './account-cache.ts';
import type { AccountMail } from './account-mail.ts';
import { createAccountService } from './account-service.ts';
import { createExternalSignIn } from './external-sign-in.ts';
import type { OidcClient } from './oidc.ts';
import type { MailCap } from './mail-cap.ts';
import { hashPassword, verifyPassword } from './password.ts';
import { issueRefreshToken, revokeRefreshFamily, rotateRefreshToken } from './session-tokens.ts';
import type { TokenService } from './tokens.ts';

/** What the auth services need. */
export interface AuthServiceDeps {
  db: Db;
  tokens: TokenService;
  config: Config;
  /** Told about every write to an account, so the guard never serves the old row. */
  accounts: AccountCache;
  mail: AccountMail;
  /** External sign-in's OpenID client; undefined when not configured. */
  oidc: OidcClient | undefined;
  /** The server's secret; derives refresh successors (session-tokens.ts, successorToken). */
  refreshSecret: string;
  /** The clock, epoch ms (default Date.now). */
  now?: () => number;
  /** Link mails per recipient (mail-cap.ts); default: counted in this process. */
  mailCap?: MailCap;
}

/** 403 `account_inactive` (sign-in of a deactivated account). */
export const inactive = () =>
  new HttpError(403, 'account_inactive', apiMessages.accountInactive.defaultMessage);

/** The sign-in writes (see the file comment). */
export function createSessionService(deps: AuthServiceDeps) {
  const { db, tokens, config, accounts, refreshSecret, now = Date.now } = deps;
  const account = createAccountService(deps);

  /** A signed access token for the row. */
  const accessToken = (user: UserRow) =>
    tokens.sign({
      sub: user.id,
      email: user.email,
      name: user.name,
      picture: user.picture,
      role: roleOf(user),
    });

  /** Access token plus a new refresh token (written with `executor`). */
  async function session(user: UserRow, executor: Db = db): Promise<AuthResponse> {
    const refreshToken = await issueRefreshToken(
      executor,
      user.id,
      config.refreshTokenTtl,
      undefined,
      { now: new Date(now()) },
    );
    const { token, expiresAt } = await accessToken(user);
    return { token, refreshToken, expiresAt, user: toSessionUser(user) };
  }

  return {
    ...createExternalSignIn(deps, session, inactive),

    /**
     * A new client_residential account, signed in, its email unconfirmed and a verification
     * mail queued in the same transaction, in `locale` (the language of the account's
     * mail). 409 `email_taken`.
     */
    async signUp(input: {
      name: string;
      email: string;
      password: string;
      locale: UserRow['locale'];
    }): Promise<AuthResponse> {
      if (await findUserByEmail(db, input.email)) throw emailTaken();
      const passwordHash = await hashPassword(input.password);
      const body = await mappingTakenEmail(() =>
        db.transaction(async (tx) => {
          const [created] = await tx
            .insert(users)
            .values({
              name: input.name,
              email: normalizeEmail(input.email),
              passwordHash,
              userType: roleToUserType('client_residential'),
              emailConfirmed: false,
              locale: input.locale,
              lastLoginAt: new Date(),
            })
            .returning();
          // The verification mail commits with the account (its link is made when sent).
          await account.sendVerification(created!, tx);
          return session(created!, tx);
        }),
      );
      deps.mail.wake();
      return body;
    },

    /**
     * Signs in with email and password, setting lastLoginAt. 401 `invalid_credentials`
     * (the same for an unknown email and a wrong password, with the same work spent); 403
     * `account_inactive`.
     */
    async signIn(email: string, password: string): Promise<AuthResponse> {
      const user = await findUserByEmail(db, email);
      const valid = await verifyPassword(user?.passwordHash, password);
      if (!user || !valid) {
        throw new HttpError(401, 'invalid_credentials', authMessages.loginFailed.defaultMessage);
      }
      if (!user.isActive) throw inactive();
      const [updated] = await db
        .update(users)
        .set({ lastLoginAt: new Date() })
        .where(eq(users.id, user.id))
        .returning();
      accounts.forget(user.id);
      return session(updated!);
    },

    /**
     * Rotates a refresh token (the same successor within REFRESH_TOKEN_GRACE seconds). 401
     * `account_inactive` for an inactive user; 401 `unauthenticated` for an unknown,
     * expired, revoked or reused token (reuse revokes the family and is logged).
     */
    async refresh(refreshToken: string, log: FastifyBaseLogger): Promise<RefreshResponse> {
      const result = await rotateRefreshToken(db, refreshToken, {
        ttlSeconds: config.refreshTokenTtl,
        graceSeconds: config.refreshTokenGrace,
        secret: refreshSecret,
        now: new Date(now()),
      });
      if (!result.ok) {
        if (result.reason === 'reused') log.warn('refresh token reuse detected; family revoked');
        if (result.reason === 'inactive') {
          throw new HttpError(401, 'account_inactive', apiMessages.accountInactive.defaultMessage);
        }
        throw new HttpError(401, 'unauthenticated', authMessages.refreshFailed.defaultMessage);
      }
      const user = await findUserById(db, result.userId);
      const { token, expiresAt } = await accessToken(user!);
      return { token, refreshToken: result.refreshToken, expiresAt };
    },

    /** Revokes the refresh token's family; nothing for an unknown token. */
    async signOut(refreshToken: string): Promise<void> {
      await revokeRefreshFamily(db, refreshToken);
    },
  };
}

/** Every auth write: the sign-in ones above and the account ones (account-service.ts). */
export function createAuthService(deps: AuthServiceDeps) {
  return { ...createSessionService(deps), ...createAccountService(deps) };
}

/** The service's type. */
export type AuthService = ReturnType<typeof createAuthService>;
