/**
 * Every row of the OpenAPI document (except Google, in google.test.ts), success and
 * each failure, on PGlite and (with TEST_DATABASE_URL) PostgreSQL. Refused calls are
 * checked to leave the account tables unchanged.
 */
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { oneTimeTokens, refreshTokens, users } from '../src/db/schema.ts';
import { ADMIN, databaseKinds, startTestServer, type TestServer } from './harness.ts';
import {
  call,
  linkToken,
  outbox,
  rowCounts,
  signIn,
  signUpBody,
  uniqueEmail,
  waitForMail,
} from './helpers.ts';

const claimsOf = (token: string) =>
  JSON.parse(Buffer.from(token.split('.')[1]!, 'base64url').toString('utf8'));

describe.each(databaseKinds)('auth on %s', (kind) => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer(kind, { PUBLIC_URL: 'https://solar.example' });
  });
  afterAll(async () => {
    await server?.close();
  });

  /** Asserts that `run` answers `status` and writes no row. */
  async function refusedWithoutWrites(
    run: () => ReturnType<typeof call>,
    status: number,
  ): Promise<Awaited<ReturnType<typeof call>>> {
    const before = await rowCounts(server);
    const answer = await run();
    expect(answer.status, JSON.stringify(answer.body)).toBe(status);
    expect(typeof answer.body.message).toBe('string');
    expect(typeof answer.body.code).toBe('string');
    expect(await rowCounts(server)).toEqual(before);
    return answer;
  }

  describe('POST /auth/email/signup', () => {
    it('creates a residential client, answers 201 AuthResponse and mails a verification link', async () => {
      const body = signUpBody();
      const answer = await call(server, 'POST', '/auth/email/signup', {
        body,
        headers: { 'accept-language': 'ru;q=0.5, es' },
      });
      expect(answer.status).toBe(201);
      expect(answer.body.user).toMatchObject({
        name: body.name,
        email: body.email,
        role: 'client_residential',
        authMethod: 'email',
        picture: null,
      });
      expect(answer.body.refreshToken).toMatch(/^[\w-]{43}$/);
      expect(new Date(answer.body.expiresAt).getTime()).toBeGreaterThan(Date.now());
      const me = await call(server, 'GET', '/auth/me', { token: answer.body.token });
      expect(me.body.emailConfirmed).toBe(false);
      const [row] = await server.database.db
        .select()
        .from(users)
        .where(eq(users.email, body.email));
      expect(row!.locale).toBe('es');
      expect(row!.passwordHash).toMatch(/^\$argon2id\$v=19\$m=19456,t=2,p=1\$/);
      const mail = await waitForMail(server, body.email, /verify-email\?token=/);
      expect(mail).toContain('https://solar.example/verify-email?token=');
    });

    it('refuses an email already taken, whatever its case, with 409 email_taken', async () => {
      const answer = await refusedWithoutWrites(
        () =>
          call(server, 'POST', '/auth/email/signup', {
            body: signUpBody({ email: ADMIN.email.toUpperCase() }),
          }),
        409,
      );
      expect(answer.body.code).toBe('email_taken');
    });

    it.each([
      [{ name: 'A' }, 'name', 'Name must be at least 2 characters'],
      [{ email: 'not-an-email' }, 'email', 'Please enter a valid email address'],
      [
        { password: 'Sh0rt', confirmPassword: 'Sh0rt' },
        'password',
        'Password must be at least 8 characters',
      ],
      [
        { password: 'alllowercase1', confirmPassword: 'alllowercase1' },
        'password',
        'Password must contain uppercase, lowercase, and number',
      ],
      [{ confirmPassword: 'Different123' }, 'confirmPassword', 'Passwords do not match'],
      [{ confirmPassword: '' }, 'confirmPassword', 'Please confirm your password'],
    ])('refuses %j with 400 and the spec message', async (override, field, message) => {
      const answer = await refusedWithoutWrites(
        () => call(server, 'POST', '/auth/email/signup', { body: signUpBody(override) }),
        400,
      );
      expect(answer.body).toMatchObject({ code: 'validation_failed', message });
      expect(answer.body.errors[field]).toBe(message);
    });

    it('names an unknown property in the field errors', async () => {
      const answer = await refusedWithoutWrites(
        () => call(server, 'POST', '/auth/email/signup', { body: signUpBody({ role: 'admin' }) }),
        400,
      );
      expect(answer.body.errors).toEqual({ role: 'Unknown field' });
      expect(answer.body.message).toBe('Unknown field: role');
    });

    it('refuses a body that is not a JSON object', async () => {
      const answer = await refusedWithoutWrites(
        () => call(server, 'POST', '/auth/email/signup', { body: [1, 2] }),
        400,
      );
      expect(answer.body.message).toBe('The request body must be a JSON object');
    });
  });

  describe('POST /auth/email/signin', () => {
    it('answers AuthResponse with a verifiable access token and sets lastLoginAt', async () => {
      const before = Date.now();
      const session = await signIn(server, {
        email: ADMIN.email.toUpperCase(),
        password: ADMIN.password,
      });
      const claims = claimsOf(session.token);
      expect(claims).toMatchObject({ sub: session.user.id, email: ADMIN.email, role: 'admin' });
      expect(claims).toHaveProperty('name', 'Administrator');
      expect(claims).toHaveProperty('picture', null);
      expect(claims.exp - claims.iat).toBe(900);
      expect(
        JSON.parse(Buffer.from(session.token.split('.')[0]!, 'base64url').toString()).alg,
      ).toBe('HS256');
      const [row] = await server.database.db
        .select()
        .from(users)
        .where(eq(users.id, session.user.id));
      expect(row!.lastLoginAt!.getTime()).toBeGreaterThanOrEqual(before - 1000);
    });

    it('answers the same 401 for an unknown email and a wrong password, writing nothing', async () => {
      const wrong = await refusedWithoutWrites(
        () =>
          call(server, 'POST', '/auth/email/signin', {
            body: { email: ADMIN.email, password: 'Wrong1234' },
          }),
        401,
      );
      const unknown = await refusedWithoutWrites(
        () =>
          call(server, 'POST', '/auth/email/signin', {
            body: { email: 'nobody@example.com', password: 'Wrong1234' },
          }),
        401,
      );
      expect(wrong.body).toEqual(unknown.body);
      expect(wrong.body).toEqual({
        message: 'Login failed. Please check your credentials.',
        code: 'invalid_credentials',
      });
    });

    it('refuses empty fields with the spec message', async () => {
      const answer = await refusedWithoutWrites(
        () => call(server, 'POST', '/auth/email/signin', { body: { email: '', password: '' } }),
        400,
      );
      expect(answer.body.message).toBe('Please fill in all fields');
    });

    it('refuses a deactivated account with 403 account_inactive', async () => {
      const body = signUpBody();
      await call(server, 'POST', '/auth/email/signup', { body });
      await waitForMail(server, body.email, /verify-email\?token=/);
      await server.database.db
        .update(users)
        .set({ isActive: false })
        .where(eq(users.email, body.email));
      const answer = await refusedWithoutWrites(
        () =>
          call(server, 'POST', '/auth/email/signin', {
            body: { email: body.email, password: body.password },
          }),
        403,
      );
      expect(answer.body.code).toBe('account_inactive');
    });
  });

  describe('POST /auth/refresh and /auth/signout', () => {
    it('rotates: each refresh answers a new pair and retires the presented token', async () => {
      const session = await signIn(server, ADMIN);
      const first = await call(server, 'POST', '/auth/refresh', {
        body: { refreshToken: session.refreshToken },
      });
      expect(first.status).toBe(200);
      expect(Object.keys(first.body).sort()).toEqual(['expiresAt', 'refreshToken', 'token']);
      expect(first.body.refreshToken).not.toBe(session.refreshToken);
      expect(claimsOf(first.body.token).sub).toBe(session.user.id);
      const second = await call(server, 'POST', '/auth/refresh', {
        body: { refreshToken: first.body.refreshToken },
      });
      expect(second.status).toBe(200);
      const me = await call(server, 'GET', '/auth/me', { token: second.body.token });
      expect(me.status).toBe(200);
    });

    it('detects reuse: a retired token revokes the family and the newer token stops working', async () => {
      const session = await signIn(server, ADMIN);
      const next = await call(server, 'POST', '/auth/refresh', {
        body: { refreshToken: session.refreshToken },
      });
      expect(next.status).toBe(200);
      // Past the grace interval (refresh-grace.test.ts covers the replay within it).
      await server.database.db
        .update(refreshTokens)
        .set({ retiredAt: new Date(Date.now() - 60_000) })
        .where(eq(refreshTokens.userId, session.user.id));
      const reuse = await call(server, 'POST', '/auth/refresh', {
        body: { refreshToken: session.refreshToken },
      });
      expect(reuse.status).toBe(401);
      expect(reuse.body.code).toBe('unauthenticated');
      const newer = await call(server, 'POST', '/auth/refresh', {
        body: { refreshToken: next.body.refreshToken },
      });
      expect(newer.status).toBe(401);
      // Another session of the same user (another family) is untouched.
      const other = await signIn(server, ADMIN);
      expect(
        (
          await call(server, 'POST', '/auth/refresh', {
            body: { refreshToken: other.refreshToken },
          })
        ).status,
      ).toBe(200);
    });

    it('refuses unknown and expired tokens and those of a deactivated user with 401', async () => {
      expect(
        (await call(server, 'POST', '/auth/refresh', { body: { refreshToken: 'no-such-token' } }))
          .status,
      ).toBe(401);
      const session = await signIn(server, ADMIN);
      await server.database.db
        .update(refreshTokens)
        .set({ expiresAt: new Date(Date.now() - 1000) })
        .where(eq(refreshTokens.userId, session.user.id));
      expect(
        (
          await call(server, 'POST', '/auth/refresh', {
            body: { refreshToken: session.refreshToken },
          })
        ).status,
      ).toBe(401);

      const body = signUpBody();
      const created = await call(server, 'POST', '/auth/email/signup', { body });
      await server.database.db
        .update(users)
        .set({ isActive: false })
        .where(eq(users.email, body.email));
      const inactive = await call(server, 'POST', '/auth/refresh', {
        body: { refreshToken: created.body.refreshToken },
      });
      expect(inactive.status).toBe(401);
      expect(inactive.body.code).toBe('account_inactive');
    });

    it('refuses a missing refresh token with 400', async () => {
      await refusedWithoutWrites(() => call(server, 'POST', '/auth/refresh', { body: {} }), 400);
    });

    it('signs out: 204, and the token and its family are revoked; 204 for an unknown token', async () => {
      const session = await signIn(server, ADMIN);
      const rotated = await call(server, 'POST', '/auth/refresh', {
        body: { refreshToken: session.refreshToken },
      });
      const out = await server.app.inject({
        method: 'POST',
        url: '/api/v1/auth/signout',
        payload: { refreshToken: rotated.body.refreshToken },
      });
      expect(out.statusCode).toBe(204);
      expect(out.body).toBe('');
      expect(
        (
          await call(server, 'POST', '/auth/refresh', {
            body: { refreshToken: rotated.body.refreshToken },
          })
        ).status,
      ).toBe(401);
      const unknown = await server.app.inject({
        method: 'POST',
        url: '/api/v1/auth/signout',
        payload: { refreshToken: 'unknown' },
      });
      expect(unknown.statusCode).toBe(204);
    });
  });

  describe('GET and PUT /auth/me', () => {
    it('answers SessionUser with emailConfirmed and createdAt', async () => {
      const session = await signIn(server, ADMIN);
      const me = await call(server, 'GET', '/auth/me', { token: session.token });
      expect(me.status).toBe(200);
      expect(me.body).toMatchObject({
        id: session.user.id,
        email: ADMIN.email,
        name: 'Administrator',
        picture: null,
        role: 'admin',
        authMethod: 'email',
        emailConfirmed: true,
      });
      expect(new Date(me.body.createdAt).toISOString()).toBe(me.body.createdAt);
    });

    it('takes the Bearer scheme in any letter case, before and after the token is known (RFC 9110 section 11.1)', async () => {
      for (const scheme of ['bearer', 'BEARER', 'bEaReR', 'Bearer ']) {
        // A token never seen (the slow path), then the same again (the verified-token path).
        const session = await signIn(server, ADMIN);
        for (const pass of ['first', 'again']) {
          const answer = await call(server, 'GET', '/auth/me', {
            headers: { authorization: `${scheme} ${session.token}` },
          });
          expect(answer.status, `${scheme} (${pass})`).toBe(200);
        }
      }
    });

    it('answers 401 for a known token in a malformed Authorization header', async () => {
      const session = await signIn(server, ADMIN);
      // Used once, so the guard remembers it as verified.
      expect((await call(server, 'GET', '/auth/me', { token: session.token })).status).toBe(200);
      for (const authorization of [
        `Bearer${session.token}`,
        `Bearer\t${session.token}`,
        `Bearer ${session.token} `,
        `Bearer ${session.token}x`,
        `Basic ${session.token}`,
        session.token,
      ]) {
        const answer = await call(server, 'GET', '/auth/me', { headers: { authorization } });
        expect(answer.status, authorization).toBe(401);
        expect(answer.body.code).toBe('unauthenticated');
      }
    });

    it('answers 401 without, with a malformed, a forged or an expired token', async () => {
      expect((await call(server, 'GET', '/auth/me')).body.code).toBe('unauthenticated');
      expect((await call(server, 'GET', '/auth/me', { token: 'x.y.z' })).status).toBe(401);
      const session = await signIn(server, ADMIN);
      const [h, p] = session.token.split('.');
      const forged = `${h}.${p}.${Buffer.from('forged-signature').toString('base64url')}`;
      expect((await call(server, 'GET', '/auth/me', { token: forged })).status).toBe(401);
      const none = `${Buffer.from('{"alg":"none","typ":"JWT"}').toString('base64url')}.${p}.`;
      expect((await call(server, 'GET', '/auth/me', { token: none })).status).toBe(401);
    });

    it('updates the name; a new email waits for its confirmation link, the address stays', async () => {
      const body = signUpBody();
      const created = await call(server, 'POST', '/auth/email/signup', { body });
      await server.database.db
        .update(users)
        .set({ emailConfirmed: true })
        .where(eq(users.email, body.email));
      const renamed = await call(server, 'PUT', '/auth/me', {
        token: created.body.token,
        body: { name: '  Aida B.  ', email: body.email },
      });
      expect(renamed.status).toBe(200);
      expect(renamed.body).toMatchObject({
        name: 'Aida B.',
        email: body.email,
        emailConfirmed: true,
      });
      const newEmail = uniqueEmail('moved');
      const moved = await call(server, 'PUT', '/auth/me', {
        token: created.body.token,
        body: { name: 'Aida B.', email: newEmail, currentPassword: body.password },
      });
      expect(moved.status).toBe(200);
      expect(moved.body).toMatchObject({
        email: body.email,
        emailConfirmed: true,
        pendingEmail: newEmail,
      });
      await waitForMail(server, newEmail, /confirm-email-change\?token=/);
    });

    it('refuses bad input (400), a taken email (409) and Google accounts (403), writing nothing', async () => {
      const body = signUpBody();
      const created = await call(server, 'POST', '/auth/email/signup', { body });
      const token = created.body.token as string;
      // The verification link is issued in the mail queue: let it finish before counting rows.
      await waitForMail(server, body.email, /verify-email\?token=/);
      const bad = await refusedWithoutWrites(
        () => call(server, 'PUT', '/auth/me', { token, body: { name: 'X', email: body.email } }),
        400,
      );
      expect(bad.body.errors.name).toBe('Name must be at least 2 characters');
      const taken = await refusedWithoutWrites(
        () =>
          call(server, 'PUT', '/auth/me', {
            token,
            body: { name: 'Aida', email: ADMIN.email, currentPassword: body.password },
          }),
        409,
      );
      expect(taken.body.code).toBe('email_taken');
      await server.database.db
        .update(users)
        .set({ authMethod: 'google' })
        .where(eq(users.email, body.email));
      const google = await refusedWithoutWrites(
        () => call(server, 'PUT', '/auth/me', { token, body: { name: 'Aida', email: body.email } }),
        403,
      );
      expect(google.body.code).toBe('forbidden');
      expect(
        (await call(server, 'PUT', '/auth/me', { body: { name: 'Aida', email: body.email } }))
          .status,
      ).toBe(401);
    });

    it('refuses a deactivated user from the next request with 401 account_inactive', async () => {
      const body = signUpBody();
      const created = await call(server, 'POST', '/auth/email/signup', { body });
      expect((await call(server, 'GET', '/auth/me', { token: created.body.token })).status).toBe(
        200,
      );
      // Deactivated by an administrator: the guard's cached row is dropped at once.
      const admin = await signIn(server, ADMIN);
      const deactivated = await call(server, 'PUT', `/admin/users/${created.body.user.id}`, {
        token: admin.token,
        body: {
          name: body.name,
          email: body.email,
          userType: 5,
          emailConfirmed: false,
          isActive: false,
        },
      });
      expect(deactivated.status).toBe(200);
      const answer = await call(server, 'GET', '/auth/me', { token: created.body.token });
      expect(answer.status).toBe(401);
      expect(answer.body.code).toBe('account_inactive');
    });
  });

  describe('forgot, reset and verify', () => {
    it('answers forgot with the same 202 for known and unknown emails; only known ones get mail', async () => {
      const body = signUpBody();
      await call(server, 'POST', '/auth/email/signup', { body });
      const known = await call(server, 'POST', '/auth/password/forgot', {
        body: { email: body.email },
      });
      const unknownEmail = uniqueEmail('ghost');
      const unknown = await call(server, 'POST', '/auth/password/forgot', {
        body: { email: unknownEmail },
      });
      expect(known.status).toBe(202);
      expect(unknown.status).toBe(202);
      expect(known.body).toEqual(unknown.body);
      const mail = await waitForMail(server, body.email, /reset-password\?token=/);
      expect(mail).toContain('https://solar.example/reset-password?token=');
      expect((await outbox(server)).some((m) => m.raw.includes(unknownEmail))).toBe(false);
    });

    it('refuses a bad email with 400 and writes nothing', async () => {
      const answer = await refusedWithoutWrites(
        () => call(server, 'POST', '/auth/password/forgot', { body: { email: 'nope' } }),
        400,
      );
      expect(answer.body.message).toBe('Please enter a valid email address');
    });

    it('resets once: 204, old refresh tokens refused, the new password signs in, the link is spent', async () => {
      const body = signUpBody();
      const created = await call(server, 'POST', '/auth/email/signup', { body });
      await call(server, 'POST', '/auth/password/forgot', { body: { email: body.email } });
      const token = linkToken(
        await waitForMail(server, body.email, /reset-password/),
        'reset-password',
      );
      const reset = await server.app.inject({
        method: 'POST',
        url: '/api/v1/auth/password/reset',
        payload: { token, password: 'NewSecret9', confirmPassword: 'NewSecret9' },
      });
      expect(reset.statusCode).toBe(204);
      expect(
        (
          await call(server, 'POST', '/auth/refresh', {
            body: { refreshToken: created.body.refreshToken },
          })
        ).status,
      ).toBe(401);
      await signIn(server, { email: body.email, password: 'NewSecret9' });
      expect(
        (
          await call(server, 'POST', '/auth/email/signin', {
            body: { email: body.email, password: body.password },
          })
        ).status,
      ).toBe(401);
      const again = await call(server, 'POST', '/auth/password/reset', {
        body: { token, password: 'Other1234', confirmPassword: 'Other1234' },
      });
      expect(again.status).toBe(400);
      expect(again.body.code).toBe('invalid_token');
      await waitForMail(server, body.email, /password of your Solar account was just changed/);
    });

    it('refuses an expired or unknown reset token, and weak passwords, writing nothing', async () => {
      const body = signUpBody();
      await call(server, 'POST', '/auth/email/signup', { body });
      await waitForMail(server, body.email, /verify-email\?token=/);
      await call(server, 'POST', '/auth/password/forgot', { body: { email: body.email } });
      const token = linkToken(
        await waitForMail(server, body.email, /reset-password/),
        'reset-password',
      );
      const weak = await refusedWithoutWrites(
        () =>
          call(server, 'POST', '/auth/password/reset', {
            body: { token, password: 'weak', confirmPassword: 'weak' },
          }),
        400,
      );
      expect(weak.body.errors.password).toBe('Password must be at least 8 characters');
      const mismatch = await refusedWithoutWrites(
        () =>
          call(server, 'POST', '/auth/password/reset', {
            body: { token, password: 'NewSecret9', confirmPassword: 'NewSecret8' },
          }),
        400,
      );
      expect(mismatch.body.errors.confirmPassword).toBe('Passwords do not match');
      await refusedWithoutWrites(
        () =>
          call(server, 'POST', '/auth/password/reset', {
            body: { token: 'unknown', password: 'NewSecret9', confirmPassword: 'NewSecret9' },
          }),
        400,
      );
      await server.database.db
        .update(oneTimeTokens)
        .set({ expiresAt: new Date(Date.now() - 1000) })
        .where(eq(oneTimeTokens.purpose, 'password_reset'));
      const expired = await refusedWithoutWrites(
        () =>
          call(server, 'POST', '/auth/password/reset', {
            body: { token, password: 'NewSecret9', confirmPassword: 'NewSecret9' },
          }),
        400,
      );
      expect(expired.body).toMatchObject({
        code: 'invalid_token',
        message: 'This link is invalid or has expired.',
      });
    });

    it('verifies an email once with the mailed token', async () => {
      const body = signUpBody();
      const created = await call(server, 'POST', '/auth/email/signup', { body });
      const token = linkToken(
        await waitForMail(server, body.email, /verify-email/),
        'verify-email',
      );
      const verified = await server.app.inject({
        method: 'POST',
        url: '/api/v1/auth/email/verify',
        payload: { token },
      });
      expect(verified.statusCode).toBe(204);
      expect(
        (await call(server, 'GET', '/auth/me', { token: created.body.token })).body.emailConfirmed,
      ).toBe(true);
      // Clicked twice: the address is confirmed, and the answer says so.
      const again = await refusedWithoutWrites(
        () => call(server, 'POST', '/auth/email/verify', { body: { token } }),
        409,
      );
      expect(again.body.code).toBe('already_confirmed');
      await refusedWithoutWrites(
        () => call(server, 'POST', '/auth/email/verify', { body: {} }),
        400,
      );
    });
  });

  describe('external sign-in without configuration', () => {
    it('answers 503 and /config reports it off', async () => {
      const answer = await refusedWithoutWrites(
        () =>
          call(server, 'POST', '/auth/google/signin', {
            body: {
              code: 'abc',
              state: 'st',
              redirectUri: 'https://solar.example/signin/callback',
            },
          }),
        503,
      );
      expect(answer.body.code).toBe('service_unavailable');
      expect((await call(server, 'GET', '/config')).body).toMatchObject({
        googleClientId: null,
        oidcProvider: null,
        aiProvider: 'offline',
      });
    });

    it('refuses a missing code with 400', async () => {
      const answer = await refusedWithoutWrites(
        () => call(server, 'POST', '/auth/google/signin', { body: {} }),
        400,
      );
      expect(answer.body.message).toBe('Authorization code is required');
    });
  });
});
