/**
 * The fake's profile calls (docs/product.md#accounts-and-sessions): the signed-in user,
 * the profile update (an email change needs the current password and waits for the new
 * address to confirm by its link; the old one may cancel), the email change's confirm,
 * cancel and resend, the password change, a new verification mail and the language of
 * the user's mail.
 */
import { normalizeEmail } from '@solar/domain/email';
import { apiMessages, authMessages, validationMessages } from '@solar/domain/messages';
import {
  changePasswordRequestSchema,
  emailChangeTokenRequestSchema,
  localeUpdateRequestSchema,
  profileUpdateRequestSchema,
} from '@solar/domain/requests';
import { noContent, ok, parse, refuse, refuseField, reply, type FakeReply } from './reply.ts';
import type { FakeStore } from './store.ts';

/** The profile calls of the fake; `auth` is the Authorization header. */
export interface FakeProfile {
  me(auth: string | null): FakeReply;
  updateMe(auth: string | null, body: unknown): FakeReply;
  changePassword(auth: string | null, body: unknown): FakeReply;
  resendVerification(auth: string | null): FakeReply;
  /** `PUT /auth/me/locale {locale}`: 204; 400 another language. */
  setLocale(auth: string | null, body: unknown): FakeReply;
  /** `POST /auth/email/change/resend` (bearer). */
  resendEmailChange(auth: string | null): FakeReply;
  /** `DELETE /auth/email/change` (bearer). */
  cancelEmailChange(auth: string | null): FakeReply;
  /** `POST /auth/email/change/confirm {token}` (the link to the new address). */
  confirmEmailChange(body: unknown): FakeReply;
  /** `POST /auth/email/change/cancel {token}` (the link to the old address). */
  cancelEmailChangeByLink(body: unknown): FakeReply;
}

/** The profile calls over `store`. */
export function fakeProfile(store: FakeStore): FakeProfile {
  return {
    me: (auth) => reply(() => ok(store.meOf(store.authenticate(auth)))),
    updateMe: (auth, body) =>
      reply(() => {
        const user = store.authenticate(auth);
        const input = parse(profileUpdateRequestSchema, body);
        if (user.authMethod === 'google')
          refuse(403, 'forbidden', authMessages.googleProfileLocked.defaultMessage);
        const email = normalizeEmail(input.email);
        if (email !== normalizeEmail(user.email)) {
          // As the server: an email change needs the current password, and the account
          // keeps its address until the new one confirms by its link.
          const problem = !input.currentPassword
            ? validationMessages.currentPasswordRequired
            : input.currentPassword !== user.password
              ? validationMessages.currentPasswordWrong
              : undefined;
          if (problem) refuseField('currentPassword', problem.defaultMessage);
          store.checkEmailFree(email, user.id);
          user.pendingEmail = email;
          store.sendMail(user, 'emailChange', email);
          store.sendMail(user, 'emailChangeCancel');
        }
        user.name = input.name;
        return ok(store.meOf(user));
      }),
    resendEmailChange: (auth) =>
      reply(() => {
        const user = store.authenticate(auth);
        if (!user.pendingEmail) {
          refuse(409, 'conflict', apiMessages.noPendingEmailChange.defaultMessage);
        }
        store.sendMail(user, 'emailChange', user.pendingEmail);
        return ok({ message: 'We have sent a new confirmation link to your new email.' }, 202);
      }),
    cancelEmailChange: (auth) =>
      reply(() => {
        const user = store.authenticate(auth);
        user.pendingEmail = null;
        store.spendMailTokens(user.id, ['emailChange', 'emailChangeCancel']);
        return ok(store.meOf(user));
      }),
    confirmEmailChange: (body) =>
      reply(() => {
        const { token } = parse(emailChangeTokenRequestSchema, body);
        const record = store.mailTokens.get(token);
        if (!record || record.used || record.purpose !== 'emailChange')
          refuse(400, 'invalid_token');
        const user = store.users.get(record.userId)!;
        if (!user.pendingEmail || !user.isActive) refuse(400, 'invalid_token');
        store.checkEmailFree(user.pendingEmail, user.id);
        record.used = true;
        user.email = user.pendingEmail;
        user.pendingEmail = null;
        user.emailConfirmed = true;
        store.spendMailTokens(user.id, ['emailChangeCancel', 'verify', 'reset']);
        return ok({ email: user.email });
      }),
    cancelEmailChangeByLink: (body) =>
      reply(() => {
        const { token } = parse(emailChangeTokenRequestSchema, body);
        const record = store.mailTokens.get(token);
        if (!record || record.used || record.purpose !== 'emailChangeCancel') {
          refuse(400, 'invalid_token');
        }
        const user = store.users.get(record.userId)!;
        user.pendingEmail = null;
        store.spendMailTokens(user.id, ['emailChange', 'emailChangeCancel']);
        return noContent;
      }),
    changePassword: (auth, body) =>
      reply(() => {
        const user = store.authenticate(auth);
        const input = parse(changePasswordRequestSchema, body);
        if (input.currentPassword !== user.password) {
          refuseField('currentPassword', validationMessages.currentPasswordWrong.defaultMessage);
        }
        user.password = input.password;
        const kept = input.refreshToken ? store.refreshTokens.get(input.refreshToken) : undefined;
        for (const [token, record] of store.refreshTokens)
          if (record.userId === user.id && record.family !== kept?.family)
            store.refreshTokens.delete(token);
        return noContent;
      }),
    setLocale: (auth, body) =>
      reply(() => {
        const user = store.authenticate(auth);
        user.locale = parse(localeUpdateRequestSchema, body).locale;
        return noContent;
      }),
    resendVerification: (auth) =>
      reply(() => {
        const user = store.authenticate(auth);
        if (user.emailConfirmed) refuse(409, 'already_confirmed');
        store.sendMail(user, 'verify');
        return ok({ message: 'We have sent a new confirmation link to your email.' }, 202);
      }),
  };
}
