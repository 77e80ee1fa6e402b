/**
 * The fake's auth calls (API-CONTRACT.md "Auth"; spec sections 3 and 4): sign-up, sign-in,
 * Google sign-in, refresh with reuse detection, sign-out, and the mailed password reset
 * and email verification links.
 */
import {
  forgotPasswordRequestSchema,
  googleSignInRequestSchema,
  refreshRequestSchema,
  resetPasswordRequestSchema,
  signInRequestSchema,
  signOutRequestSchema,
  signUpRequestSchema,
  verifyEmailRequestSchema,
} from '@solar/domain/requests';
import { authMessages } from '@solar/domain/messages';
import { noContent, ok, parse, refuse, reply, type FakeReply } from './reply.ts';
import type { FakeStore } from './store.ts';

/** The auth calls of the fake; `body` is the parsed JSON request body. */
export interface FakeAuth {
  signUp(body: unknown): FakeReply;
  signIn(body: unknown): FakeReply;
  googleSignIn(body: unknown): FakeReply;
  refresh(body: unknown): FakeReply;
  signOut(body: unknown): FakeReply;
  forgotPassword(body: unknown): FakeReply;
  resetPassword(body: unknown): FakeReply;
  verifyEmail(body: unknown): FakeReply;
}

/** The auth calls over `store`. */
export function fakeAuth(store: FakeStore): FakeAuth {
  const { users, refreshTokens, mailTokens } = store;
  function refreshFailed(): never {
    refuse(401, 'unauthenticated', authMessages.refreshFailed.defaultMessage);
  }
  const revokeFamily = (family: string) => {
    for (const [token, other] of refreshTokens)
      if (other.family === family) refreshTokens.delete(token);
  };
  return {
    signUp: (body) =>
      reply(() => {
        const input = parse(signUpRequestSchema, body);
        store.checkEmailFree(input.email);
        const user = store.addUser({
          name: input.name,
          email: input.email,
          password: input.password,
          lastLoginAt: store.iso(),
          ...(input.locale ? { locale: input.locale } : {}),
        });
        store.sendMail(user, 'verify');
        return ok({ ...store.issueTokens(user), user: store.sessionUser(user) }, 201);
      }),
    signIn: (body) =>
      reply(() => {
        const input = parse(signInRequestSchema, body);
        const user = store.byEmail(input.email);
        if (!user || user.password === null || user.password !== input.password) {
          refuse(401, 'invalid_credentials', authMessages.loginFailed.defaultMessage);
        }
        if (!user.isActive) refuse(403, 'account_inactive');
        user.lastLoginAt = store.iso();
        return ok({ ...store.issueTokens(user), user: store.sessionUser(user) });
      }),
    googleSignIn: (body) =>
      reply(() => {
        parse(googleSignInRequestSchema, body);
        if (!store.options.googleClientId)
          refuse(503, 'service_unavailable', 'Google sign-in is not configured.');
        refuse(401, 'invalid_credentials', authMessages.googleLoginFailed.defaultMessage);
      }),
    refresh: (body) =>
      reply(() => {
        const { refreshToken } = parse(refreshRequestSchema, body);
        const record = refreshTokens.get(refreshToken);
        if (!record) refreshFailed();
        if (record.retired) {
          revokeFamily(record.family);
          refreshFailed();
        }
        const user = users.get(record.userId);
        if (!user?.isActive) refreshFailed();
        record.retired = true;
        const { token, refreshToken: next, expiresAt } = store.issueTokens(user, record.family);
        return ok({ token, refreshToken: next, expiresAt });
      }),
    signOut: (body) =>
      reply(() => {
        const { refreshToken } = parse(signOutRequestSchema, body);
        const record = refreshTokens.get(refreshToken);
        if (record) revokeFamily(record.family);
        return noContent;
      }),
    forgotPassword: (body) =>
      reply(() => {
        const { email } = parse(forgotPasswordRequestSchema, body);
        const user = store.byEmail(email);
        if (user?.isActive) store.sendMail(user, 'reset');
        return ok(
          { message: 'If an account exists for this email, a reset link has been sent.' },
          202,
        );
      }),
    resetPassword: (body) =>
      reply(() => {
        const input = parse(resetPasswordRequestSchema, body);
        const record = mailTokens.get(input.token);
        if (!record || record.used || record.purpose !== 'reset') refuse(400, 'invalid_token');
        record.used = true;
        const user = users.get(record.userId)!;
        user.password = input.password;
        store.revokeUserTokens(user.id);
        return noContent;
      }),
    verifyEmail: (body) =>
      reply(() => {
        const { token } = parse(verifyEmailRequestSchema, body);
        const record = mailTokens.get(token);
        if (!record || record.purpose !== 'verify') refuse(400, 'invalid_token');
        if (record.used) {
          // A link clicked twice: say so while the address it confirmed still is.
          if (users.get(record.userId)?.emailConfirmed) refuse(409, 'already_confirmed');
          refuse(400, 'invalid_token');
        }
        record.used = true;
        users.get(record.userId)!.emailConfirmed = true;
        return noContent;
      }),
  };
}
