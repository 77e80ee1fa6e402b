/**
 * The fake's profile calls (API-CONTRACT.md "Auth"; spec section 4): the signed-in user,
 * the profile update (an email change needs the current password and a new confirmation),
 * the password change, a new verification mail and the language of the user's mail.
 */
import { normalizeEmail } from '@solar/domain/email';
import { authMessages, validationMessages } from '@solar/domain/messages';
import {
  changePasswordRequestSchema,
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
          // As the server: an email change needs the current password (issue 25 item 4).
          const problem = !input.currentPassword
            ? validationMessages.currentPasswordRequired
            : input.currentPassword !== user.password
              ? validationMessages.currentPasswordWrong
              : undefined;
          if (problem) refuseField('currentPassword', problem.defaultMessage);
          store.checkEmailFree(email, user.id);
          user.emailConfirmed = false;
        }
        const moved = email !== normalizeEmail(user.email);
        user.name = input.name;
        user.email = email;
        if (moved) store.sendMail(user, 'verify');
        return ok(store.meOf(user));
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
