/**
 * The fake's auth calls (docs/product.md#accounts-and-sessions): sign-up, sign-in, external
 * sign-in, refresh with reuse detection, sign-out, and the mailed password reset and email
 * verification links. External sign-in has no provider behind it: the start answers a URL
 * at `https://id.fake.test`, and the authorization code `fake:<email>` stands for the
 * provider's verified identity of that email (found, linked or created as the server does,
 * docs/decisions/030-external-identity-linking.md); any other code is refused (401).
 */
import {
  externalSignInStartRequestSchema,
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
import { noContent, ok, parse, refuse, refuseField, reply, type FakeReply } from './reply.ts';
import type { FakeStore } from './store.ts';

/** The auth calls of the fake; `body` is the parsed JSON request body. */
export interface FakeAuth {
  signUp(body: unknown): FakeReply;
  signIn(body: unknown): FakeReply;
  startExternalSignIn(body: unknown): FakeReply;
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
  function externalSignInOff(): never {
    refuse(503, 'service_unavailable', authMessages.externalSignInOff.defaultMessage);
  }
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
    startExternalSignIn: (body) =>
      reply(() => {
        const { redirectUri } = parse(externalSignInStartRequestSchema, body);
        if (!store.options.oidcProvider) externalSignInOff();
        const state = `state-${store.newId()}`;
        store.externalSignIns.set(state, redirectUri);
        const url = new URL('https://id.fake.test/authorize');
        url.search = new URLSearchParams({ redirect_uri: redirectUri, state }).toString();
        const expiresAt = new Date(store.now() + 600_000).toISOString();
        return ok({ authorizationUrl: url.href, state, expiresAt });
      }),
    googleSignIn: (body) =>
      reply(() => {
        const input = parse(googleSignInRequestSchema, body);
        if (!store.options.oidcProvider) externalSignInOff();
        const redirectUri = store.externalSignIns.get(input.state);
        store.externalSignIns.delete(input.state);
        if (redirectUri !== input.redirectUri) {
          refuseField('state', authMessages.externalSignInExpired.defaultMessage);
        }
        const email = /^fake:(.+@.+)$/.exec(input.code)?.[1];
        if (!email)
          refuse(401, 'invalid_credentials', authMessages.externalSignInFailed.defaultMessage);
        const found = store.byEmail(email);
        if (found && !found.isActive) refuse(403, 'account_inactive');
        const user =
          found ??
          store.addUser({
            name: email.split('@')[0]!,
            email,
            password: null,
            authMethod: 'google',
          });
        if (!user.emailConfirmed) {
          // Claimed (decision 030): the unproven password and its sessions go.
          user.password = null;
          store.revokeUserTokens(user.id);
        }
        Object.assign(user, {
          authMethod: 'google',
          emailConfirmed: true,
          lastLoginAt: store.iso(),
        });
        return ok({ ...store.issueTokens(user), user: store.sessionUser(user) });
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
