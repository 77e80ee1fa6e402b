/**
 * Contract tests: Sign-up, sign-in and the mailed links (docs/product.md#accounts-and-sessions; the
 * OpenAPI document).
 */
import { readTokenClaims } from '@solar/domain/jwt';
import { describe, expect, it } from 'vitest';
import { PASSWORD, type ContractKit } from './kit.ts';

/** Sign-up, sign-in and Google sign-in. */
export function signInContract(kit: ContractKit): void {
  const { iso, client, uniqueEmail, freshUser, admin, failure, raw, errorShape, sessionUserShape } =
    kit;
  describe('auth: sign-up and sign-in', () => {
    it('POST /auth/email/signup answers 201 AuthResponse with role client_residential and a JWT', async () => {
      const name = 'New Customer';
      const { api, email, response } = await freshUser(name);
      expect(response).toEqual({
        token: expect.any(String),
        refreshToken: expect.any(String),
        expiresAt: iso,
        user: {
          ...sessionUserShape,
          name,
          email,
          role: 'client_residential',
          authMethod: 'email',
          picture: null,
        },
      });
      const claims = readTokenClaims(response.token);
      expect(claims).toMatchObject({
        id: response.user.id,
        email,
        name,
        role: 'client_residential',
      });
      expect(Math.abs(claims!.exp! * 1000 - Date.parse(response.expiresAt))).toBeLessThan(2000);
      expect(await api.profile.get()).toMatchObject({ emailConfirmed: false, createdAt: iso });
    });
    it('sign-up answers 400 with field errors for a weak password', async () => {
      const error = await failure(
        client().auth.signUp({
          name: 'Weak',
          email: uniqueEmail(),
          password: 'password',
          confirmPassword: 'password',
        }),
      );
      expect(error).toMatchObject({ status: 400, code: 'validation_failed' });
      expect(error.fieldErrors).toHaveProperty('password');
    });
    it('sign-up answers 400 for mismatched confirmation and for an unknown property', async () => {
      const mismatch = await failure(
        client().auth.signUp({
          name: 'Mis Match',
          email: uniqueEmail(),
          password: PASSWORD,
          confirmPassword: 'Password2',
        }),
      );
      expect(mismatch).toMatchObject({ status: 400, code: 'validation_failed' });
      expect(mismatch.fieldErrors).toHaveProperty('confirmPassword');
      const extra = await raw('POST', 'auth/email/signup', {
        body: {
          name: 'Extra Field',
          email: uniqueEmail(),
          password: PASSWORD,
          confirmPassword: PASSWORD,
          role: 'admin',
        },
      });
      expect(extra.status).toBe(400);
      expect(extra.body).toMatchObject(errorShape('validation_failed'));
    });
    it('sign-up answers 409 email_taken for an existing email (any letter case)', async () => {
      const { email } = await freshUser();
      const error = await failure(
        client().auth.signUp({
          name: 'Again',
          email: email.toUpperCase(),
          password: PASSWORD,
          confirmPassword: PASSWORD,
        }),
      );
      expect(error).toMatchObject({ status: 409, code: 'email_taken' });
    });
    it('POST /auth/email/signin answers 200 AuthResponse', async () => {
      const { email, user } = await freshUser();
      const response = await client().auth.signIn({ email, password: PASSWORD });
      expect(response).toEqual({
        token: expect.any(String),
        refreshToken: expect.any(String),
        expiresAt: iso,
        user: { ...sessionUserShape, id: user.id, email },
      });
    });
    it('sign-in answers 401 invalid_credentials, the same for a wrong password and an unknown email', async () => {
      const { email } = await freshUser();
      const wrong = await failure(client().auth.signIn({ email, password: 'Wrong1234' }));
      const unknown = await failure(
        client().auth.signIn({ email: uniqueEmail('nobody'), password: PASSWORD }),
      );
      expect(wrong).toMatchObject({ status: 401, code: 'invalid_credentials' });
      expect(unknown).toMatchObject({
        status: 401,
        code: 'invalid_credentials',
        message: wrong.message,
      });
    });
    it('sign-in answers 400 for missing fields', async () => {
      const result = await raw('POST', 'auth/email/signin', { body: { email: '' } });
      expect(result.status).toBe(400);
      expect(result.body).toMatchObject(errorShape('validation_failed'));
    });
    it('sign-in answers 403 account_inactive for a deactivated account', async () => {
      const { email, user } = await freshUser('To Deactivate');
      const { api } = await admin();
      await api.adminUsers.update(user.id, {
        name: 'To Deactivate',
        email,
        userType: 4,
        emailConfirmed: false,
        isActive: false,
      });
      const error = await failure(client().auth.signIn({ email, password: PASSWORD }));
      expect(error).toMatchObject({ status: 403, code: 'account_inactive' });
    });
    it('external sign-in: 400 with field errors for bad bodies, 503 when not configured, else a start URL and 400 for an unknown state', async () => {
      const api = client();
      const redirectUri = 'http://127.0.0.1:3000/signin/callback';
      const badStart = await raw('POST', 'auth/google/start', {
        body: { redirectUri: 'postmessage' },
      });
      expect(badStart.status).toBe(400);
      expect(badStart.body?.errors).toHaveProperty('redirectUri');
      const noState = await raw('POST', 'auth/google/signin', { body: { code: 'c', redirectUri } });
      expect(noState.status).toBe(400);
      expect(noState.body?.errors).toHaveProperty('state');

      const config = await api.config.get();
      const unknownState = { code: 'c', state: 'never-started', redirectUri };
      if (config.oidcProvider === null) {
        expect(config.googleClientId).toBeNull();
        expect(await failure(api.auth.startExternalSignIn({ redirectUri }))).toMatchObject({
          status: 503,
          code: 'service_unavailable',
        });
        expect(await failure(api.auth.googleSignIn(unknownState))).toMatchObject({ status: 503 });
      } else {
        const started = await api.auth.startExternalSignIn({ redirectUri });
        expect(started).toEqual({
          authorizationUrl: expect.stringMatching(/^https?:\/\//),
          state: expect.any(String),
          expiresAt: iso,
        });
        expect(await failure(api.auth.googleSignIn(unknownState))).toMatchObject({
          status: 400,
          fieldErrors: { state: expect.any(String) },
        });
      }
    });
  });
}

/** Password reset and email verification by mailed token. */
export function mailContract(kit: ContractKit): void {
  const { target, client, uniqueEmail, freshUser, failure } = kit;
  describe('auth: password and email mail', () => {
    it('POST /auth/password/forgot answers 202 with the same message for known and unknown emails; 400 bad email', async () => {
      const { email } = await freshUser();
      const api = client();
      const known = await api.auth.forgotPassword({ email });
      const unknown = await api.auth.forgotPassword({ email: uniqueEmail('ghost') });
      expect(known).toEqual({ message: expect.any(String) });
      expect(unknown).toEqual(known);
      expect(await failure(api.auth.forgotPassword({ email: 'nope' }))).toMatchObject({
        status: 400,
      });
    });
    it('POST /auth/password/reset answers 204 with the mailed token, then the new password signs in and old sessions end', async () => {
      const { email, response } = await freshUser();
      const api = client();
      await api.auth.forgotPassword({ email });
      const token = await target().mailToken(email, 'reset');
      expect(token).toEqual(expect.any(String));
      await api.auth.resetPassword({
        token: token!,
        password: 'NewPassw0rd',
        confirmPassword: 'NewPassw0rd',
      });
      expect(await failure(client().auth.refresh(response.refreshToken))).toMatchObject({
        status: 401,
      });
      await expect(client().auth.signIn({ email, password: 'NewPassw0rd' })).resolves.toMatchObject(
        { user: { email } },
      );
      const reused = await failure(
        api.auth.resetPassword({
          token: token!,
          password: 'NewPassw0rd',
          confirmPassword: 'NewPassw0rd',
        }),
      );
      expect(reused).toMatchObject({ status: 400, code: 'invalid_token' });
    });
    it('reset answers 400 invalid_token for an unknown token and 400 for a weak password', async () => {
      const api = client();
      expect(
        await failure(
          api.auth.resetPassword({
            token: 'bogus',
            password: 'NewPassw0rd',
            confirmPassword: 'NewPassw0rd',
          }),
        ),
      ).toMatchObject({ status: 400, code: 'invalid_token' });
      const weak = await failure(
        api.auth.resetPassword({ token: 'bogus', password: 'short', confirmPassword: 'short' }),
      );
      expect(weak).toMatchObject({ status: 400, code: 'validation_failed' });
    });
    it('POST /auth/email/verify answers 204 with the mailed token (emailConfirmed true); 400 for a bad one', async () => {
      const { api, email } = await freshUser();
      const token = await target().mailToken(email, 'verify');
      expect(token).toEqual(expect.any(String));
      await api.auth.verifyEmail({ token: token! });
      expect(await api.profile.get()).toMatchObject({ emailConfirmed: true });
      expect(await failure(api.auth.verifyEmail({ token: 'bogus' }))).toMatchObject({
        status: 400,
        code: 'invalid_token',
      });
    });
    it('POST /auth/email/verify answers 409 already_confirmed for a link clicked twice; resend too', async () => {
      const { api, email } = await freshUser();
      const token = await target().mailToken(email, 'verify');
      await api.auth.verifyEmail({ token: token! });
      expect(await failure(api.auth.verifyEmail({ token: token! }))).toMatchObject({
        status: 409,
        code: 'already_confirmed',
      });
      expect(await failure(api.profile.resendVerification())).toMatchObject({
        status: 409,
        code: 'already_confirmed',
      });
    });
  });
}
