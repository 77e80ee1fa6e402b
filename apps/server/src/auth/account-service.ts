/**
 * The signed-in account's writes (API-CONTRACT.md, Auth; issue 25 item 4): profile update,
 * forgotten, reset and changed passwords, email verification. Each owns its transaction,
 * error mapping (400 field errors, 401 inactive, 403 Google profile, 409 `email_taken` and
 * `already_confirmed`), session revocation, mail and the account cache told of the change.
 */
import { apiMessages, authMessages, normalizeEmail, validationMessages } from '@solar/domain';
import { and, eq, ne } from 'drizzle-orm';
import type { Db } from '../db/database.ts';
import { users } from '../db/schema.ts';
import { HttpError } from '../http-errors.ts';
import { emailTaken, findUserById, isUniqueViolation, type UserRow } from '../users/repository.ts';
import { hashPassword, verifyPassword } from './password.ts';
import { consumeOneTimeToken, spentOneTimeTokenUser } from './mail-tokens.ts';
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

/** The account writes (see the file comment). */
export function createAccountService({ db, accounts, mail }: AuthServiceDeps) {
  /** The stored row of a signed-in user (a write checks it, not the guard's cached copy). */
  async function activeUser(userId: string): Promise<UserRow> {
    const current = await findUserById(db, userId);
    if (!current?.isActive) throw inactiveSession();
    return current;
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
   */
  async function sendVerification(user: UserRow, executor?: Db) {
    await mail.send('verifyEmail', user, executor ? { executor } : {});
  }

  return {
    sendVerification,

    /**
     * Updates name and email. A new email (compared normalized) needs the current password
     * (400 field error when missing or wrong), is unconfirmed until verified, and the old
     * address is told. 401 inactive; 403 for Google users; 409 `email_taken`.
     */
    async updateProfile(
      userId: string,
      input: { name: string; email: string; currentPassword?: string | undefined },
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
        if (!(await verifyPassword(current.passwordHash, input.currentPassword))) {
          throw currentPasswordError(validationMessages.currentPasswordWrong);
        }
        const [other] = await db
          .select({ id: users.id })
          .from(users)
          .where(and(eq(users.email, email), ne(users.id, userId)))
          .limit(1);
        if (other) throw emailTaken();
      }
      let updated: UserRow;
      try {
        updated = await db.transaction(async (tx) => {
          const [row] = (await tx
            .update(users)
            .set({
              name: input.name,
              email,
              updatedAt: new Date(),
              ...(emailChanged ? { emailConfirmed: false } : {}),
            })
            .where(eq(users.id, userId))
            .returning()) as [UserRow];
          if (emailChanged) {
            // The old address is told (with the forgot-password link); the new one gets
            // the verification link. Both commit with the change, or neither.
            await mail.send('emailChanged', current, { newEmail: email, executor: tx });
            await sendVerification(row, tx);
          }
          return row;
        });
      } catch (error) {
        if (isUniqueViolation(error)) throw emailTaken();
        throw error;
      } finally {
        accounts.forget(userId);
      }
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
     * and a mail sent. 400 field error when `currentPassword` is wrong; 401 inactive.
     */
    async changePassword(
      userId: string,
      input: { currentPassword: string; password: string; refreshToken?: string | undefined },
    ): Promise<void> {
      const current = await activeUser(userId);
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
     * `already_confirmed`.
     */
    async resendVerification(userId: string): Promise<void> {
      const current = await activeUser(userId);
      if (current.emailConfirmed) throw alreadyConfirmed();
      await sendVerification(current);
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
