/**
 * Contract tests: Tokens and the signed-in session (docs/product.md#accounts-and-sessions; the
 * OpenAPI document): refresh, sign-out, the profile and the password change.
 */
import { describe, expect, it } from 'vitest';
import { PASSWORD, type ContractKit } from './kit.ts';

/** Refresh with reuse detection, sign-out, `/auth/me`, password change, resend. */
export function sessionContract(kit: ContractKit): void {
  const { iso, client, uniqueEmail, freshUser, failure, raw, target } = kit;
  describe('auth: tokens and session', () => {
    it('POST /auth/refresh answers a new pair; the new access token works', async () => {
      const { api, response } = await freshUser();
      const next = await api.auth.refresh(response.refreshToken);
      expect(next).toEqual({
        token: expect.any(String),
        refreshToken: expect.any(String),
        expiresAt: iso,
      });
      expect(next.refreshToken).not.toBe(response.refreshToken);
      const me = await raw('GET', 'auth/me', { token: next.token });
      expect(me.status).toBe(200);
    });
    it('a refresh token is single use: reusing it answers 401 and revokes its family', async () => {
      const { api, response } = await freshUser();
      const next = await api.auth.refresh(response.refreshToken);
      // Once its successor was used, the old token is a reuse even within the grace
      // interval of tabs refreshing at once (the OpenAPI document).
      const after = await api.auth.refresh(next.refreshToken);
      expect(await failure(api.auth.refresh(response.refreshToken))).toMatchObject({ status: 401 });
      expect(await failure(api.auth.refresh(after.refreshToken))).toMatchObject({ status: 401 });
    });
    it('refresh answers 401 for an unknown token and 400 for a missing one', async () => {
      expect(await failure(client().auth.refresh('not-a-real-refresh-token'))).toMatchObject({
        status: 401,
      });
      expect((await raw('POST', 'auth/refresh', { body: {} })).status).toBe(400);
    });
    it('POST /auth/signout answers 204 and revokes the refresh token; 204 for an unknown token', async () => {
      const { api, response } = await freshUser();
      await api.auth.signOut();
      expect(api.session.getSnapshot()).toEqual({
        user: null,
        accessToken: null,
        refreshToken: null,
      });
      expect(await failure(client().auth.refresh(response.refreshToken))).toMatchObject({
        status: 401,
      });
      expect(
        (await raw('POST', 'auth/signout', { body: { refreshToken: 'unknown-token' } })).status,
      ).toBe(204);
    });
    it('GET /auth/me answers 200 SessionUser + {emailConfirmed, createdAt, locale, pendingEmail}; 401 without or with a bad token', async () => {
      const { api, user } = await freshUser();
      expect(await api.profile.get()).toEqual({
        ...user,
        emailConfirmed: false,
        createdAt: iso,
        locale: 'en',
        pendingEmail: null,
      });
      const none = await raw('GET', 'auth/me');
      expect(none.status).toBe(401);
      expect(none.body).toMatchObject({
        message: expect.any(String),
        code: expect.stringMatching(/^(unauthenticated|token_expired)$/),
      });
      expect((await raw('GET', 'auth/me', { token: 'a.b.c' })).status).toBe(401);
    });
    it('POST /auth/password/change keeps this session, ends the others; 400 wrong current password', async () => {
      const { api, email } = await freshUser();
      const wrong = await failure(
        api.profile.changePassword({
          currentPassword: 'Wrong1234',
          password: 'Newpass123',
          confirmPassword: 'Newpass123',
        }),
      );
      expect(wrong).toMatchObject({ status: 400, code: 'validation_failed' });
      expect(wrong.fieldErrors).toHaveProperty('currentPassword');
      const other = await client().auth.signIn({ email, password: PASSWORD });
      await api.profile.changePassword({
        currentPassword: PASSWORD,
        password: 'Newpass123',
        confirmPassword: 'Newpass123',
      });
      expect(await api.auth.refresh(api.session.getRefreshToken()!)).toMatchObject({
        token: expect.any(String),
      });
      expect(await failure(client().auth.refresh(other.refreshToken))).toMatchObject({
        status: 401,
      });
      await client().auth.signIn({ email, password: 'Newpass123' });
    });
    it('keeps the language of the mail: sent at sign-up, changed by PUT /auth/me/locale (204); 400 another', async () => {
      const api = kit.client();
      await api.auth.signUp({
        name: 'Айгуль',
        email: kit.uniqueEmail('locale'),
        password: 'Secret123',
        confirmPassword: 'Secret123',
        locale: 'ru',
      });
      expect(await api.profile.get()).toMatchObject({ locale: 'ru' });
      await api.profile.setLocale('es');
      expect(await api.profile.get()).toMatchObject({ locale: 'es' });
      const token = api.session.getSnapshot().accessToken ?? undefined;
      const bad = await raw('PUT', 'auth/me/locale', { token, body: { locale: 'fr' } });
      expect(bad).toMatchObject({
        status: 400,
        body: { code: 'validation_failed', errors: { locale: expect.any(String) } },
      });
      expect((await raw('PUT', 'auth/me/locale', { body: { locale: 'en' } })).status).toBe(401);
      expect(await api.profile.get()).toMatchObject({ locale: 'es' });
    });
    it('POST /auth/email/verify/resend answers 202 {message}', async () => {
      const { api } = await freshUser();
      expect(await api.profile.resendVerification()).toEqual({ message: expect.any(String) });
    });
    it('PUT /auth/me answers 200 updated, a new email pending; 400 bad email; 409 email_taken', async () => {
      const { api, email: current } = await freshUser('Old Name');
      const email = uniqueEmail('renamed');
      const me = await api.profile.update({ name: 'New Name', email, currentPassword: PASSWORD });
      expect(me).toMatchObject({
        name: 'New Name',
        email: current,
        pendingEmail: email,
        emailConfirmed: expect.any(Boolean),
        createdAt: iso,
      });
      expect(api.session.getSnapshot().user).toMatchObject({ name: 'New Name', email: current });
      const bad = await failure(api.profile.update({ name: 'New Name', email: 'not-an-email' }));
      expect(bad).toMatchObject({ status: 400, code: 'validation_failed' });
      expect(bad.fieldErrors).toHaveProperty('email');
      const other = await freshUser();
      expect(
        await failure(
          api.profile.update({ name: 'New Name', email: other.email, currentPassword: PASSWORD }),
        ),
      ).toMatchObject({
        status: 409,
        code: 'email_taken',
      });
      // A new email needs the current password: a field error otherwise.
      for (const currentPassword of [undefined, 'Wrong1234']) {
        const refused = await failure(
          api.profile.update({
            name: 'New Name',
            email: uniqueEmail('moved'),
            ...(currentPassword ? { currentPassword } : {}),
          }),
        );
        expect(refused).toMatchObject({ status: 400, code: 'validation_failed' });
        expect(refused.fieldErrors).toHaveProperty('currentPassword');
      }
    });
  });

  describe('auth: secure email change', () => {
    it('the new address confirms by its link: 200 {email}; the account moves; the link works once', async () => {
      const { api, email: old } = await freshUser();
      const email = uniqueEmail('confirmed');
      await api.profile.update({ name: 'Test User', email, currentPassword: PASSWORD });
      expect(await api.profile.get()).toMatchObject({ email: old, pendingEmail: email });
      // The old address still signs in until the change is confirmed.
      await client().auth.signIn({ email: old, password: PASSWORD });
      const token = await target().mailToken(email, 'emailChange');
      expect(token).toEqual(expect.any(String));
      expect(await client().auth.confirmEmailChange({ token: token! })).toEqual({ email });
      expect(await api.profile.get()).toMatchObject({
        email,
        emailConfirmed: true,
        pendingEmail: null,
      });
      await client().auth.signIn({ email, password: PASSWORD });
      expect(await failure(client().auth.confirmEmailChange({ token: token! }))).toMatchObject({
        status: 400,
        code: 'invalid_token',
      });
    });
    it('the old address cancels by its link: 204; the confirmation link is then invalid', async () => {
      const { api, email: old } = await freshUser();
      const email = uniqueEmail('cancelled');
      await api.profile.update({ name: 'Test User', email, currentPassword: PASSWORD });
      const cancel = await target().mailToken(old, 'emailChangeCancel');
      const confirm = await target().mailToken(email, 'emailChange');
      await client().auth.cancelEmailChange({ token: cancel! });
      expect(await api.profile.get()).toMatchObject({ email: old, pendingEmail: null });
      expect(await failure(client().auth.confirmEmailChange({ token: confirm! }))).toMatchObject({
        status: 400,
        code: 'invalid_token',
      });
      expect(await failure(client().auth.cancelEmailChange({ token: 'bogus' }))).toMatchObject({
        status: 400,
        code: 'invalid_token',
      });
    });
    it('confirming an address another account took meanwhile is 409 email_taken', async () => {
      const { api } = await freshUser();
      const email = uniqueEmail('contested');
      await api.profile.update({ name: 'Test User', email, currentPassword: PASSWORD });
      const token = await target().mailToken(email, 'emailChange');
      await client().auth.signUp({
        name: 'Quick Taker',
        email,
        password: PASSWORD,
        confirmPassword: PASSWORD,
      });
      expect(await failure(client().auth.confirmEmailChange({ token: token! }))).toMatchObject({
        status: 409,
        code: 'email_taken',
      });
    });
    it('resend answers 202 {message} (409 with nothing pending); DELETE /auth/email/change answers 200 without a pending email', async () => {
      const { api, email: old } = await freshUser();
      expect(await failure(api.profile.resendEmailChange())).toMatchObject({
        status: 409,
        code: 'conflict',
      });
      const email = uniqueEmail('resent');
      await api.profile.update({ name: 'Test User', email, currentPassword: PASSWORD });
      expect(await api.profile.resendEmailChange()).toEqual({ message: expect.any(String) });
      expect(await api.profile.cancelEmailChange()).toMatchObject({
        email: old,
        pendingEmail: null,
      });
      expect(await api.profile.get()).toMatchObject({ email: old, pendingEmail: null });
    });
  });
}
