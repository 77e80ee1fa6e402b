/**
 * The signed-in account's writes (docs/product.md#accounts-and-sessions): profile update
 * with a secure email change (confirmed by the new address, cancellable from the old:
 * docs/decisions/034-secure-email-change.md), forgotten, reset and changed passwords,
 * email verification. Each owns its transaction, error mapping (400 field errors, 401
 * inactive, 403 Google profile, 409 `email_taken`, `already_confirmed` and `conflict`, 429
 * limits), session revocation, mail and the account cache told of the change.
 */
import { apiMessages, authMessages, normalizeEmail, validationMessages } from '@solar/domain';
import { and, eq, ne } from 'drizzle-orm';
import type { Db } from '../db/database.ts';
import { users } from '../db/schema.ts';
import { HttpError } from '../http-errors.ts';
import { emailTaken, findUserById, mappingTakenEmail, type UserRow } from '../users/repository.ts';
import { hashPassword, verifyPassword } from './password.ts';
import { createMailCap, recipientMailLimit } from './mail-cap.ts';
import { consumeOneTimeToken, spendOneTimeTokens, spentOneTimeTokenUser } from './mail-tokens.ts';
import { revokeOtherRefreshFamilies } from './session-tokens.ts';
import type { AuthServiceDeps } from './service.ts';

/** 400 with a field error on `currentPassword` (missing or wrong). */
const currentPasswordError = (message: { defaultMessage: string }) =>
  new HttpError(400, 'validation_failed', message.defaultMessage, {
    errors: { currentPassword: message.defaultMessage },
  });
const invalidToken = () =>
  new HttpError(400, 'invalid_token', apiMessages.invalidToken.defaultMessage, {
    errors: { token: apiMessages.invalidToken.defaultMessage },
  });
const inactiveSession = () =>
  new HttpError(401, 'account_inactive', apiMessages.accountInactive.defaultMessage);
const alreadyConfirmed = () =>
  new HttpError(409, 'already_confirmed', apiMessages.alreadyConfirmed.defaultMessage);

/**
 * Counts one current-password check of the signed-in account; rejects with the 429
 * `rate_limited` HttpError once the account is over its limit (security.ts,
 * `currentPassword`). Called before the password is compared.
 */
export type PasswordCheckCounter = () => Promise<void>;

/** True when an account other than `userId` has `email` (normalized) as its address. */
async function emailHeldByOther(db: Db, email: string, userId: string): Promise<boolean> {
  const [other] = await db
    .select({ id: users.id })
    .from(users)
    .where(and(eq(users.email, email), ne(users.id, userId)))
    .limit(1);
  return other !== undefined;
}

/** The account writes (see the file comment). */
export function createAccountService({ db, config, accounts, mail, mailCap }: AuthServiceDeps) {
  const linkMails = mailCap ?? createMailCap(recipientMailLimit(config.authRateLimit));

  /** The stored row of a signed-in user (a write checks it, not the guard's cached copy). */
  async function activeUser(userId: string): Promise<UserRow> {
    const current = await findUserById(db, userId);
    if (!current?.isActive) throw inactiveSession();
    return current;
  }

  /** Drops `userId`'s pending email inside `tx`; both links of the change stop working. */
  async function dropPendingEmail(tx: Db, userId: string): Promise<UserRow> {
    const [row] = (await tx
      .update(users)
      .set({ pendingEmail: null, updatedAt: new Date() })
      .where(eq(users.id, userId))
      .returning()) as [UserRow];
    await spendOneTimeTokens(tx, userId, ['email_change', 'email_change_cancel']);
    return row;
  }

  /** Sets the password hash inside `tx` and ends every session but `keepRefreshToken`'s. */
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

  /**
   * Sets the password hash inside `tx`, ends every session but `keepRefreshToken`'s and
   * queues the "password changed" mail in the same transaction.
   */
  async function replacePasswordAndTell(
    tx: Db,
    userId: string,
    passwordHash: string,
    keepRefreshToken?: string,
  ): Promise<UserRow | undefined> {
    const row = await replacePassword(tx, userId, passwordHash, keepRefreshToken);
    if (row) await mail.send('passwordChanged', row, { executor: tx });
    return row;
  }

  /** After a committed password change: the cache forgets the user; the mail goes out. */
  function announcePasswordChange(user: UserRow) {
    accounts.forget(user.id);
    mail.wake();
  }

  /**
   * Queues a verification link for the user's current email (the token is issued when the
   * mail is sent); with `executor`, in that transaction (then `mail.wake()` after it).
   * `capCounted` when the caller already took its share of the recipient cap (mail-cap.ts);
   * else the mail counts when it is sent, and is not sent past the cap.
   */
  async function sendVerification(user: UserRow, executor?: Db, capCounted = false) {
    await mail.send('verifyEmail', user, { ...(executor ? { executor } : {}), capCounted });
  }

  return {
    /**
     * Queues a verification link for the user's email (sign-up) inside `executor`, the
     * transaction that creates the account. The recipient cap (mail-cap.ts) is counted
     * now, in the order the mails were asked for, so a resend right after sign-up comes
     * after it; past the cap no mail is queued (the profile can ask again later).
     */
    sendVerification: async (user: UserRow, executor: Db) => {
      if (await linkMails.allows(user.email)) await sendVerification(user, executor, true);
    },

    /**
     * Updates the name, and asks for a new email (compared normalized) as a secure email
     * change (docs/decisions/034-secure-email-change.md): the account keeps its address
     * (and signs in with it) while the new one is `pendingEmail`; the new address gets a
     * confirmation link (24 h) and the old one a notice with a cancel link (7 days). A new
     * email needs the current password (400 field error when missing or wrong; each check
     * counted by `countPasswordCheck`, 429 past the account's limit). 401 inactive; 403
     * for Google users; 409 `email_taken` (another account has it); 429 when the new
     * address has had its share of link mails (mail-cap.ts). Nothing is written on a
     * refusal; name, pending address and links are written in one transaction.
     */
    async updateProfile(
      userId: string,
      input: { name: string; email: string; currentPassword?: string | undefined },
      countPasswordCheck: PasswordCheckCounter,
    ): Promise<UserRow> {
      const current = await activeUser(userId);
      if (current.authMethod === 'google') {
        throw new HttpError(403, 'forbidden', authMessages.googleProfileLocked.defaultMessage);
      }
      const email = normalizeEmail(input.email);
      const emailChanged = email !== current.email;
      if (emailChanged) {
        // A stolen access token alone must not move the account to another address.
        if (!input.currentPassword) {
          throw currentPasswordError(validationMessages.currentPasswordRequired);
        }
        await countPasswordCheck();
        if (!(await verifyPassword(current.passwordHash, input.currentPassword))) {
          throw currentPasswordError(validationMessages.currentPasswordWrong);
        }
        if (await emailHeldByOther(db, email, userId)) throw emailTaken();
        await linkMails.take(email);
      }
      const updated = await db.transaction(async (tx) => {
        const [row] = (await tx
          .update(users)
          .set({
            name: input.name,
            updatedAt: new Date(),
            ...(emailChanged ? { pendingEmail: email } : {}),
          })
          .where(eq(users.id, userId))
          .returning()) as [UserRow];
        if (emailChanged) {
          // The links of an earlier change stop working at once; the new address gets a
          // confirmation link and the account's address a notice with a cancel link, both
          // written with the change (their tokens are issued when they are sent).
          await spendOneTimeTokens(tx, userId, ['email_change', 'email_change_cancel']);
          await mail.send(
            'confirmEmailChange',
            { ...row, email },
            { executor: tx, capCounted: true },
          );
          await mail.send('emailChangeRequested', current, { newEmail: email, executor: tx });
        }
        return row;
      });
      accounts.forget(userId);
      if (emailChanged) mail.wake();
      return updated;
    },

    /**
     * Stores `locale` as the language of the user's mail (the interface language they chose
     * in the app); mail still queued goes out in it too. 401 for an inactive account.
     */
    async setLocale(userId: string, locale: UserRow['locale']): Promise<void> {
      await activeUser(userId);
      await db.update(users).set({ locale, updatedAt: new Date() }).where(eq(users.id, userId));
      accounts.forget(userId);
    },

    /**
     * Queues a reset link (1 hour) for whichever active account has `email`. The request
     * writes one job whether or not an account has it; the look-up, the token and the mail
     * happen when the job runs: known and unknown emails take the same path and time here
     * (docs/product.md#accounts-and-sessions).
     */
    async forgotPassword(email: string): Promise<void> {
      await mail.sendResetTo(email);
    },

    /**
     * Confirms the email change of a token mailed to the new address: the pending address
     * becomes the account's (confirmed), and the links still out for the old address
     * (cancel, verification, password reset) stop working. Resolves to the new address.
     * 400 `invalid_token` (unknown, used, expired, cancelled, or an inactive account);
     * 409 `email_taken` when another account took the address meanwhile (the link stays
     * valid: nothing is written).
     */
    async confirmEmailChange(token: string): Promise<string> {
      const confirmed = await mappingTakenEmail(() =>
        db.transaction(async (tx) => {
          const userId = await consumeOneTimeToken(tx, token, 'email_change');
          if (!userId) throw invalidToken();
          const [pending] = await tx
            .select({ email: users.pendingEmail })
            .from(users)
            .where(and(eq(users.id, userId), eq(users.isActive, true)));
          if (!pending?.email) throw invalidToken();
          if (await emailHeldByOther(tx, pending.email, userId)) throw emailTaken();
          await tx
            .update(users)
            .set({
              email: pending.email,
              pendingEmail: null,
              emailConfirmed: true,
              updatedAt: new Date(),
            })
            .where(eq(users.id, userId));
          await spendOneTimeTokens(tx, userId, [
            'email_change_cancel',
            'email_verification',
            'password_reset',
          ]);
          return { userId, email: pending.email };
        }),
      );
      accounts.forget(confirmed.userId);
      return confirmed.email;
    },

    /**
     * Cancels the email change of a token mailed to the old address: the pending address
     * is dropped and its confirmation link stops working. 400 `invalid_token` (unknown,
     * used, expired, or the change was confirmed or cancelled already).
     */
    async cancelEmailChangeByLink(token: string): Promise<void> {
      const userId = await db.transaction(async (tx) => {
        const owner = await consumeOneTimeToken(tx, token, 'email_change_cancel');
        if (!owner) throw invalidToken();
        await dropPendingEmail(tx, owner);
        return owner;
      });
      accounts.forget(userId);
    },

    /** Cancels the signed-in user's pending email change, if any; its links stop working. 401. */
    async cancelEmailChange(userId: string): Promise<UserRow> {
      await activeUser(userId);
      const row = await db.transaction((tx) => dropPendingEmail(tx, userId));
      accounts.forget(userId);
      return row;
    },

    /**
     * Mails the pending address a new confirmation link (older ones stop working). 401;
     * 409 `conflict` when no change is pending; 429 when the address has had its share of
     * link mails.
     */
    async resendEmailChange(userId: string): Promise<void> {
      const current = await activeUser(userId);
      const email = current.pendingEmail;
      if (!email) {
        throw new HttpError(409, 'conflict', apiMessages.noPendingEmailChange.defaultMessage);
      }
      await linkMails.take(email);
      // The token is issued when the mail is sent; it spends the older links then.
      await mail.send('confirmEmailChange', { ...current, email }, { capCounted: true });
      mail.wake();
    },

    /**
     * Replaces the password of the reset token's user and revokes every refresh token;
     * a "password changed" mail follows. 400 `invalid_token` (unknown, used or expired).
     */
    async resetPassword(token: string, password: string): Promise<void> {
      const passwordHash = await hashPassword(password);
      const user = await db.transaction(async (tx) => {
        const userId = await consumeOneTimeToken(tx, token, 'password_reset');
        return userId ? replacePasswordAndTell(tx, userId, passwordHash) : undefined;
      });
      if (!user) throw invalidToken();
      announcePasswordChange(user);
    },

    /**
     * Replaces the signed-in user's password; every session but `refreshToken`'s is revoked
     * and a mail sent. 400 field error when `currentPassword` is wrong; 401 inactive; 429
     * past the account's limit of password checks (`countPasswordCheck`).
     */
    async changePassword(
      userId: string,
      input: { currentPassword: string; password: string; refreshToken?: string | undefined },
      countPasswordCheck: PasswordCheckCounter,
    ): Promise<void> {
      const current = await activeUser(userId);
      await countPasswordCheck();
      if (!(await verifyPassword(current.passwordHash, input.currentPassword))) {
        throw currentPasswordError(validationMessages.currentPasswordWrong);
      }
      const passwordHash = await hashPassword(input.password);
      const updated = await db.transaction((tx) =>
        replacePasswordAndTell(tx, current.id, passwordHash, input.refreshToken),
      );
      if (updated) announcePasswordChange(updated);
    },

    /**
     * Queues a new verification link (older ones stop working once it is sent). 401; 409
     * `already_confirmed`; 429 when the address has had its share of link mails.
     */
    async resendVerification(userId: string): Promise<void> {
      const current = await activeUser(userId);
      if (current.emailConfirmed) throw alreadyConfirmed();
      await linkMails.take(current.email);
      await sendVerification(current, undefined, true);
      mail.wake();
    },

    /**
     * Confirms the email of the verification token's user. 409 `already_confirmed` when the
     * link was already used and the address is still confirmed (clicked twice); else 400
     * `invalid_token` (unknown or expired).
     */
    async verifyEmail(token: string): Promise<void> {
      const confirmed = await db.transaction(async (tx) => {
        const userId = await consumeOneTimeToken(tx, token, 'email_verification');
        if (!userId) return undefined;
        await tx
          .update(users)
          .set({ emailConfirmed: true, updatedAt: new Date() })
          .where(eq(users.id, userId));
        return userId;
      });
      if (!confirmed) {
        const spentBy = await spentOneTimeTokenUser(db, token, 'email_verification');
        const [owner] = spentBy
          ? await db
              .select({ emailConfirmed: users.emailConfirmed })
              .from(users)
              .where(eq(users.id, spentBy))
          : [];
        if (owner?.emailConfirmed) throw alreadyConfirmed();
        throw invalidToken();
      }
      accounts.forget(confirmed);
    },
  };
}
