/**
 * Account safety: a stolen access token alone cannot take an account over. An email
 * change needs the current password and is a secure change
 * (docs/decisions/034-secure-email-change.md): the account keeps its address, signing in
 * and resetting with it, until the new address confirms by its link; the old address is
 * told and can cancel; a taken address at confirmation is 409 with nothing written.
 * Change password needs the current one, keeps the current session and ends the others;
 * resend verification is limited; an admin-created user gets a welcome mail with a
 * set-password link. On PGlite and PostgreSQL.
 */
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { users } from '../src/db/schema.ts';
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

describe.each(databaseKinds)('account safety on %s', (kind) => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer(kind, { PUBLIC_URL: 'https://solar.example' });
  });
  afterAll(async () => {
    await server?.close();
  });

  /** A new account whose verification mail has been sent. */
  async function account() {
    const body = signUpBody();
    const created = await call(server, 'POST', '/auth/email/signup', { body });
    expect(created.status).toBe(201);
    await waitForMail(server, body.email, /verify-email\?token=/);
    return { body, session: created.body };
  }

  describe('PUT /auth/me with a new email', () => {
    it('refuses it without the current password, or with a wrong one, writing nothing', async () => {
      const { body, session } = await account();
      for (const extra of [{}, { currentPassword: 'Wrong1234' }]) {
        const before = await rowCounts(server);
        const answer = await call(server, 'PUT', '/auth/me', {
          token: session.token,
          body: { name: 'Aida', email: uniqueEmail('thief'), ...extra },
        });
        expect(answer.status).toBe(400);
        expect(answer.body.code).toBe('validation_failed');
        expect(Object.keys(answer.body.errors)).toEqual(['currentPassword']);
        expect(await rowCounts(server)).toEqual(before);
      }
      const [row] = await server.database.db
        .select()
        .from(users)
        .where(eq(users.id, session.user.id));
      expect(row!.email).toBe(body.email);
    });

    it('with the current password: the address stays until the new one confirms; the old one can still sign in and reset', async () => {
      const { body, session } = await account();
      const newEmail = uniqueEmail('moved');
      const asked = await call(server, 'PUT', '/auth/me', {
        token: session.token,
        body: { name: 'Aida', email: newEmail, currentPassword: body.password },
      });
      expect(asked.status).toBe(200);
      expect(asked.body).toMatchObject({ email: body.email, pendingEmail: newEmail });
      const me = await call(server, 'GET', '/auth/me', { token: session.token });
      expect(me.body).toMatchObject({ email: body.email, pendingEmail: newEmail });
      // The notice to the old address names the new one and carries the cancel link.
      const notice = await waitForMail(server, body.email, /asked to change the email address/);
      expect(notice).toContain(newEmail);
      expect(linkToken(notice, 'cancel-email-change')).toEqual(expect.any(String));
      const confirm = linkToken(
        await waitForMail(server, newEmail, /confirm-email-change\?token=/),
        'confirm-email-change',
      );
      // Until then the old address signs in, and forgot-password reaches it.
      await signIn(server, { email: body.email, password: body.password });
      const early = await call(server, 'POST', '/auth/email/signin', {
        body: { email: newEmail, password: body.password },
      });
      expect(early.status).toBe(401);
      await call(server, 'POST', '/auth/password/forgot', { body: { email: body.email } });
      const reset = linkToken(
        await waitForMail(server, body.email, /asked to reset the password/),
        'reset-password',
      );

      const confirmed = await call(server, 'POST', '/auth/email/change/confirm', {
        body: { token: confirm },
      });
      expect(confirmed.status).toBe(200);
      expect(confirmed.body).toEqual({ email: newEmail });
      const after = await call(server, 'GET', '/auth/me', { token: session.token });
      expect(after.body).toMatchObject({
        email: newEmail,
        emailConfirmed: true,
        pendingEmail: null,
      });
      await signIn(server, { email: newEmail, password: body.password });
      // The old address's links stop working: the cancel link and the reset link.
      const cancel = linkToken(notice, 'cancel-email-change');
      const late = await call(server, 'POST', '/auth/email/change/cancel', {
        body: { token: cancel },
      });
      expect(late.status).toBe(400);
      expect(late.body.code).toBe('invalid_token');
      const oldReset = await call(server, 'POST', '/auth/password/reset', {
        body: { token: reset, password: 'Taken12345', confirmPassword: 'Taken12345' },
      });
      expect(oldReset.body.code).toBe('invalid_token');
      // A link works once.
      const twice = await call(server, 'POST', '/auth/email/change/confirm', {
        body: { token: confirm },
      });
      expect(twice.body.code).toBe('invalid_token');
    });

    it('the old address cancels by its link: the email stays, the confirmation link dies', async () => {
      const { body, session } = await account();
      const newEmail = uniqueEmail('unwanted');
      await call(server, 'PUT', '/auth/me', {
        token: session.token,
        body: { name: 'Aida', email: newEmail, currentPassword: body.password },
      });
      const cancel = linkToken(
        await waitForMail(server, body.email, /asked to change the email address/),
        'cancel-email-change',
      );
      const confirm = linkToken(
        await waitForMail(server, newEmail, /confirm-email-change\?token=/),
        'confirm-email-change',
      );
      const cancelled = await call(server, 'POST', '/auth/email/change/cancel', {
        body: { token: cancel },
      });
      expect(cancelled.status).toBe(204);
      const me = await call(server, 'GET', '/auth/me', { token: session.token });
      expect(me.body).toMatchObject({ email: body.email, pendingEmail: null });
      const refused = await call(server, 'POST', '/auth/email/change/confirm', {
        body: { token: confirm },
      });
      expect(refused.status).toBe(400);
      expect(refused.body.code).toBe('invalid_token');
    });

    it('an address taken before the confirmation: 409, nothing written, the link still works once freed', async () => {
      const { body, session } = await account();
      const wanted = uniqueEmail('wanted');
      await call(server, 'PUT', '/auth/me', {
        token: session.token,
        body: { name: 'Aida', email: wanted, currentPassword: body.password },
      });
      const confirm = linkToken(
        await waitForMail(server, wanted, /confirm-email-change\?token=/),
        'confirm-email-change',
      );
      // Somebody signs up with the address meanwhile (a pending change holds nothing).
      const other = signUpBody({ email: wanted });
      const taken = await call(server, 'POST', '/auth/email/signup', { body: other });
      expect(taken.status).toBe(201);
      const before = await rowCounts(server);
      const conflict = await call(server, 'POST', '/auth/email/change/confirm', {
        body: { token: confirm },
      });
      expect(conflict.status).toBe(409);
      expect(conflict.body).toMatchObject({ code: 'email_taken', message: expect.any(String) });
      expect(await rowCounts(server)).toEqual(before);
      const me = await call(server, 'GET', '/auth/me', { token: session.token });
      expect(me.body).toMatchObject({ email: body.email, pendingEmail: wanted });
      // The other account moves away: the same link now confirms.
      await server.database.db
        .update(users)
        .set({ email: uniqueEmail('elsewhere') })
        .where(eq(users.id, taken.body.user.id));
      const confirmed = await call(server, 'POST', '/auth/email/change/confirm', {
        body: { token: confirm },
      });
      expect(confirmed.status).toBe(200);
    });

    it('resend mails a new confirmation link (the old one dies); cancel from the profile; 409 with nothing pending', async () => {
      const { body, session } = await account();
      const newEmail = uniqueEmail('resent');
      const auth = { token: session.token };
      expect((await call(server, 'POST', '/auth/email/change/resend', auth)).status).toBe(409);
      await call(server, 'PUT', '/auth/me', {
        ...auth,
        body: { name: 'Aida', email: newEmail, currentPassword: body.password },
      });
      const first = linkToken(
        await waitForMail(server, newEmail, /confirm-email-change\?token=/),
        'confirm-email-change',
      );
      const resent = await call(server, 'POST', '/auth/email/change/resend', auth);
      expect(resent.status).toBe(202);
      expect(resent.body).toEqual({ message: expect.any(String) });
      await server.settleMail();
      const links = (await outbox(server))
        .filter((mail) => mail.raw.includes(`To: ${newEmail}`))
        .map((mail) => linkToken(mail.text, 'confirm-email-change'));
      expect(links).toHaveLength(2);
      const stale = await call(server, 'POST', '/auth/email/change/confirm', {
        body: { token: first },
      });
      expect(stale.body.code).toBe('invalid_token');
      const dropped = await call(server, 'DELETE', '/auth/email/change', auth);
      expect(dropped.status).toBe(200);
      expect(dropped.body).toMatchObject({ email: body.email, pendingEmail: null });
      const newest = await call(server, 'POST', '/auth/email/change/confirm', {
        body: { token: links[1]! },
      });
      expect(newest.body.code).toBe('invalid_token');
      expect((await call(server, 'DELETE', '/auth/email/change', auth)).status).toBe(200);
      expect((await call(server, 'DELETE', '/auth/email/change')).status).toBe(401);
    });

    it('a name change alone needs no password', async () => {
      const { body, session } = await account();
      const renamed = await call(server, 'PUT', '/auth/me', {
        token: session.token,
        body: { name: 'Aida Renamed', email: body.email.toUpperCase() },
      });
      expect(renamed.status).toBe(200);
      expect(renamed.body.name).toBe('Aida Renamed');
    });
  });

  describe('POST /auth/password/change', () => {
    it('refuses a wrong current password and a weak new one', async () => {
      const { session } = await account();
      const wrong = await call(server, 'POST', '/auth/password/change', {
        token: session.token,
        body: {
          currentPassword: 'Wrong1234',
          password: 'Newpass123',
          confirmPassword: 'Newpass123',
        },
      });
      expect(wrong.status).toBe(400);
      expect(Object.keys(wrong.body.errors)).toEqual(['currentPassword']);
      const weak = await call(server, 'POST', '/auth/password/change', {
        token: session.token,
        body: { currentPassword: 'Secret123', password: 'weakpass', confirmPassword: 'weakpass' },
      });
      expect(weak.status).toBe(400);
      expect(weak.body.errors.password).toBe(
        'Password must contain uppercase, lowercase, and number',
      );
      const unauthenticated = await call(server, 'POST', '/auth/password/change', {
        body: {
          currentPassword: 'Secret123',
          password: 'Newpass123',
          confirmPassword: 'Newpass123',
        },
      });
      expect(unauthenticated.status).toBe(401);
    });

    it('replaces the password, keeps this session, ends the others and mails a notice', async () => {
      const { body, session } = await account();
      const other = await signIn(server, { email: body.email, password: body.password });
      const changed = await call(server, 'POST', '/auth/password/change', {
        token: session.token,
        body: {
          currentPassword: body.password,
          password: 'Newpass123',
          confirmPassword: 'Newpass123',
          refreshToken: session.refreshToken,
        },
      });
      expect(changed.status, JSON.stringify(changed.body)).toBe(204);
      const refresh = (refreshToken: string) =>
        call(server, 'POST', '/auth/refresh', { body: { refreshToken } });
      expect((await refresh(session.refreshToken)).status).toBe(200);
      expect((await refresh(other.refreshToken)).status).toBe(401);
      const old = await call(server, 'POST', '/auth/email/signin', {
        body: { email: body.email, password: body.password },
      });
      expect(old.status).toBe(401);
      await signIn(server, { email: body.email, password: 'Newpass123' });
      await waitForMail(server, body.email, /password of your Solar account was just changed/);
    });
  });

  describe('POST /auth/email/verify/resend', () => {
    it('mails a new link (the older one stops working); 409 once confirmed; 401 signed out', async () => {
      const { body, session } = await account();
      const first = linkToken(
        await waitForMail(server, body.email, /verify-email\?token=/),
        'verify-email',
      );
      const resent = await call(server, 'POST', '/auth/email/verify/resend', {
        token: session.token,
      });
      expect(resent.status).toBe(202);
      expect(typeof resent.body.message).toBe('string');
      const second = await vi.waitFor(
        async () => {
          const texts = (await outbox(server))
            .filter((mail) => mail.raw.includes(`To: ${body.email}`))
            .map((mail) => mail.text)
            .filter((text) => /verify-email\?token=/.test(text));
          const token = linkToken(texts.at(-1)!, 'verify-email');
          expect(token).not.toBe(first);
          return token;
        },
        { timeout: 15_000, interval: 25 },
      );
      expect(
        (await call(server, 'POST', '/auth/email/verify', { body: { token: first } })).status,
      ).toBe(400);
      expect(
        (await call(server, 'POST', '/auth/email/verify', { body: { token: second } })).status,
      ).toBe(204);
      const again = await call(server, 'POST', '/auth/email/verify/resend', {
        token: session.token,
      });
      expect(again.status).toBe(409);
      expect((await call(server, 'POST', '/auth/email/verify/resend')).status).toBe(401);
    });
  });

  describe('PUT /admin/users/{id} with a new email', () => {
    it('takes effect at once and replaces the change the user left pending: its link dies', async () => {
      const { body, session } = await account();
      const pending = uniqueEmail('pending');
      await call(server, 'PUT', '/auth/me', {
        token: session.token,
        body: { name: body.name, email: pending, currentPassword: body.password },
      });
      const confirm = linkToken(
        await waitForMail(server, pending, /confirm-email-change\?token=/),
        'confirm-email-change',
      );
      const admin = await signIn(server, ADMIN);
      const chosen = uniqueEmail('chosen');
      const changed = await call(server, 'PUT', `/admin/users/${session.user.id}`, {
        token: admin.token,
        body: { name: body.name, email: chosen, userType: 4, emailConfirmed: true, isActive: true },
      });
      expect(changed.status).toBe(200);
      const me = await call(server, 'GET', '/auth/me', { token: session.token });
      expect(me.body).toMatchObject({ email: chosen, pendingEmail: null });
      const refused = await call(server, 'POST', '/auth/email/change/confirm', {
        body: { token: confirm },
      });
      expect(refused.status).toBe(400);
      expect(refused.body.code).toBe('invalid_token');
    });
  });

  describe('POST /admin/users', () => {
    it('mails the new user a welcome with a set-password link that works', async () => {
      const admin = await signIn(server, ADMIN);
      const email = uniqueEmail('welcome');
      const created = await call(server, 'POST', '/admin/users', {
        token: admin.token,
        body: { name: 'Nurlan', email, password: 'Given1', userType: 2, emailConfirmed: true },
      });
      expect(created.status).toBe(201);
      const token = linkToken(
        await waitForMail(server, email, /created a Solar account for you/),
        'reset-password',
      );
      const set = await call(server, 'POST', '/auth/password/reset', {
        body: { token, password: 'Chosen123', confirmPassword: 'Chosen123' },
      });
      expect(set.status).toBe(204);
      await signIn(server, { email, password: 'Chosen123' });
    });
  });
});

describe.each(databaseKinds)('resend verification rate limit on %s', (kind) => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer(kind, { AUTH_RATE_LIMIT: '2' });
  });
  afterAll(async () => {
    await server?.close();
  });

  it('answers 429 with Retry-After past ceil(AUTH_RATE_LIMIT/2) per 15 minutes', async () => {
    const body = signUpBody();
    const created = await call(server, 'POST', '/auth/email/signup', { body });
    const resend = () =>
      call(server, 'POST', '/auth/email/verify/resend', { token: created.body.token });
    expect((await resend()).status).toBe(202);
    const limited = await resend();
    expect(limited.status).toBe(429);
    expect(limited.body.code).toBe('rate_limited');
    expect(Number(limited.headers['retry-after'])).toBeGreaterThan(0);
  });
});
