/**
 * External sign-in with an OpenID provider (docs/product.md#accounts-and-sessions;
 * docs/decisions/030-external-identity-linking.md): the server starts the authorization
 * request (state, nonce and PKCE verifier kept in `oidc_transactions`) and finishes it with
 * the code the browser brings back, then finds, links, claims or creates the account:
 *
 * - the account already linked to this identity (`sub`) signs in;
 * - else, with the provider's email verified, the account with that email:
 *   - whose email was confirmed here: the identity is linked (its password stays), and the
 *     holder is told by mail (`identityLinked`);
 *   - whose email was never confirmed: the identity claims it. Whoever chose its password
 *     never proved the address, so the password is removed and every refresh token
 *     revoked, the email marked confirmed and the provider's name taken; the holder is
 *     told by mail (`accountClaimed`, with a link to choose a new password);
 * - else a new Residential Client with a confirmed email.
 *
 * Each write is one transaction; the mail is queued after it commits.
 */
import { authMessages, normalizeEmail, roleToUserType } from '@solar/domain';
import type { AuthResponse } from '@solar/domain/contract';
import { eq } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import { users } from '../db/schema.ts';
import { HttpError } from '../http-errors.ts';
import { findUserByEmail, mappingTakenEmail, type UserRow } from '../users/repository.ts';
import { OidcError, type OidcIdentity } from './oidc.ts';
import { saveOidcTransaction, takeOidcTransaction } from './oidc-transactions.ts';
import { revokeAllRefreshTokens } from './session-tokens.ts';
import type { AuthServiceDeps } from './service.ts';

/** 403 `account_inactive`, from service.ts. */
type Inactive = () => HttpError;
/** Access and refresh token for a row, from service.ts. */
type Session = (user: UserRow) => Promise<AuthResponse>;

/** What happened to the account on this sign-in (for the log and the mail). */
type Outcome = 'signedIn' | 'linked' | 'claimed' | 'created';

const notConfigured = () =>
  new HttpError(503, 'service_unavailable', authMessages.externalSignInOff.defaultMessage);
const expired = () => {
  const message = authMessages.externalSignInExpired.defaultMessage;
  return new HttpError(400, 'validation_failed', message, { errors: { state: message } });
};
const rejected = () =>
  new HttpError(401, 'invalid_credentials', authMessages.externalSignInFailed.defaultMessage);
const unreachable = () =>
  new HttpError(502, 'bad_gateway', authMessages.externalSignInFailed.defaultMessage);
const unverified = () =>
  new HttpError(401, 'email_unverified', authMessages.externalEmailUnverified.defaultMessage);
const otherIdentity = () =>
  new HttpError(409, 'conflict', authMessages.externalIdentityConflict.defaultMessage);

/** Turns a failed provider step into the API's answer (502 or 401), logging why. */
function providerFailure(error: unknown, log: FastifyBaseLogger): never {
  if (!(error instanceof OidcError)) throw error;
  const cause = error.cause instanceof Error ? error.cause.message : undefined;
  if (error.kind === 'unavailable') {
    log.warn({ reason: error.message, cause }, 'external sign-in: provider unavailable');
    throw unreachable();
  }
  log.info({ reason: error.message, cause }, 'external sign-in refused');
  throw rejected();
}

/** The external sign-in writes over `deps` and the session service's helpers. */
export function createExternalSignIn(deps: AuthServiceDeps, session: Session, inactive: Inactive) {
  const { db, accounts, mail, oidc, now = Date.now } = deps;

  /** Finds, links, claims or creates the account of `identity`, in one transaction. */
  async function accountOf(
    identity: OidcIdentity,
    locale: UserRow['locale'],
  ): Promise<{ user: UserRow; outcome: Outcome }> {
    const at = new Date(now());
    return mappingTakenEmail(() =>
      db.transaction(async (tx) => {
        const [bySubject] = await tx
          .select()
          .from(users)
          .where(eq(users.googleSubject, identity.subject))
          .limit(1);
        if (bySubject) {
          if (!bySubject.isActive) throw inactive();
          const [row] = await tx
            .update(users)
            .set({ lastLoginAt: at, picture: bySubject.picture ?? identity.picture ?? null })
            .where(eq(users.id, bySubject.id))
            .returning();
          return { user: row!, outcome: 'signedIn' as const };
        }
        if (!identity.emailVerified) throw unverified();
        const existing = await findUserByEmail(tx, identity.email);
        if (existing) {
          if (existing.googleSubject) throw otherIdentity();
          if (!existing.isActive) throw inactive();
          const claimed = !existing.emailConfirmed;
          const [row] = await tx
            .update(users)
            .set({
              googleSubject: identity.subject,
              authMethod: 'google',
              emailConfirmed: true,
              picture: existing.picture ?? identity.picture ?? null,
              lastLoginAt: at,
              updatedAt: at,
              // Claimed: the password and the name came from whoever signed up without
              // proving the address (decision 030).
              ...(claimed ? { passwordHash: null, name: identity.name ?? existing.name } : {}),
            })
            .where(eq(users.id, existing.id))
            .returning();
          if (claimed) await revokeAllRefreshTokens(tx, existing.id);
          // The holder hears of it by a mail written with the change (decision 030).
          await mail.send(claimed ? 'accountClaimed' : 'identityLinked', row!, { executor: tx });
          return { user: row!, outcome: claimed ? ('claimed' as const) : ('linked' as const) };
        }
        const [created] = await tx
          .insert(users)
          .values({
            name: identity.name ?? identity.email.split('@')[0]!,
            email: normalizeEmail(identity.email),
            userType: roleToUserType('client_residential'),
            authMethod: 'google',
            googleSubject: identity.subject,
            picture: identity.picture ?? null,
            emailConfirmed: true,
            locale,
            lastLoginAt: at,
          })
          .returning();
        return { user: created!, outcome: 'created' as const };
      }),
    );
  }

  return {
    /**
     * Starts an external sign-in for the web's callback `redirectUri`: resolves to the
     * provider's authorization URL (to send the browser to), its `state` and when it
     * expires (ISO 8601, 10 minutes). 503 not configured; 502 provider unreachable.
     */
    async startExternalSignIn(
      redirectUri: string,
      log: FastifyBaseLogger,
    ): Promise<{ authorizationUrl: string; state: string; expiresAt: string }> {
      if (!oidc) throw notConfigured();
      const request = await oidc.authorize(redirectUri).catch((e) => providerFailure(e, log));
      const expiresAt = await saveOidcTransaction(db, { ...request, redirectUri }, new Date(now()));
      return {
        authorizationUrl: request.url,
        state: request.state,
        expiresAt: expiresAt.toISOString(),
      };
    },

    /**
     * Finishes an external sign-in with what the provider sent to the redirect URI (the
     * rules in the file comment) and signs the account in. 400 (`state` field) for an
     * unknown, used or expired state or another redirect URI; 401 `invalid_credentials`
     * when the provider refuses the code or its answer is not valid for us (issuer,
     * audience, nonce, PKCE); 401 `email_unverified`; 403 `account_inactive`; 409
     * `conflict` when the email's account is linked to another identity, `email_taken` in
     * a race; 502 provider unreachable; 503 not configured.
     */
    async googleSignIn(
      input: {
        code: string;
        state: string;
        redirectUri: string;
        iss?: string | undefined;
        locale: UserRow['locale'];
      },
      log: FastifyBaseLogger,
    ): Promise<AuthResponse> {
      if (!oidc) throw notConfigured();
      const transaction = await takeOidcTransaction(db, input.state, new Date(now()));
      if (!transaction || transaction.redirectUri !== input.redirectUri) throw expired();
      const identity = await oidc
        .exchange({ ...transaction, code: input.code, iss: input.iss })
        .catch((e) => providerFailure(e, log));
      const { user, outcome } = await accountOf(identity, input.locale);
      accounts.forget(user.id);
      if (outcome === 'linked' || outcome === 'claimed') mail.wake();
      if (outcome === 'claimed') {
        log.warn({ userId: user.id }, 'external sign-in claimed an unconfirmed account');
      }
      return session(user);
    },
  };
}
