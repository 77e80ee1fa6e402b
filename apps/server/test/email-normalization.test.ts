/**
 * One email normalization (issue 20 item 12; packages/domain normalizeEmail): 'İ' (U+0130)
 * lowercases to 'i̇' in JavaScript but differently, or not at all, in PostgreSQL's lower().
 * An account with it signs in, gets its reset mail, and has no twin, on PGlite and
 * PostgreSQL alike, through every path that takes an email.
 */
import { normalizeEmail } from '@solar/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADMIN, databaseKinds, startTestServer, type TestServer } from './harness.ts';
import { call, signIn, signUpBody, uniqueEmail, waitForMail } from './helpers.ts';

/** A fresh address starting with the dotted capital I. */
const dottedEmail = () => `İ${uniqueEmail('lkay')}`;

describe.each(databaseKinds)('email normalization on %s', (kind) => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer(kind);
  });
  afterAll(async () => {
    await server?.close();
  });

  it('an account signed up with İ signs in with it, and with its lowercase form', async () => {
    const body = signUpBody({ email: dottedEmail() });
    const created = await call(server, 'POST', '/auth/email/signup', { body });
    expect(created.status).toBe(201);
    expect(created.body.user.email).toBe(normalizeEmail(body.email));
    await signIn(server, { email: body.email, password: body.password });
    await signIn(server, { email: body.email.toLowerCase(), password: body.password });
  });

  it('refuses a twin whose address differs only by the case of İ', async () => {
    const body = signUpBody({ email: dottedEmail() });
    expect((await call(server, 'POST', '/auth/email/signup', { body })).status).toBe(201);
    const twin = await call(server, 'POST', '/auth/email/signup', {
      body: { ...body, email: body.email.toLowerCase() },
    });
    expect(twin.status).toBe(409);
    expect(twin.body.code).toBe('email_taken');
  });

  it('forgot-password finds the account', async () => {
    const body = signUpBody({ email: dottedEmail() });
    await call(server, 'POST', '/auth/email/signup', { body });
    await call(server, 'POST', '/auth/password/forgot', { body: { email: body.email } });
    await waitForMail(server, normalizeEmail(body.email), /reset-password\?token=/);
  });

  it('admin create and update, and the profile update, refuse the twin too', async () => {
    const admin = await signIn(server, ADMIN);
    const email = dottedEmail();
    const created = await call(server, 'POST', '/admin/users', {
      token: admin.token,
      body: { name: 'Ilkay', email, password: 'Secret1', userType: 4, emailConfirmed: true },
    });
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    const twin = await call(server, 'POST', '/admin/users', {
      token: admin.token,
      body: { name: 'Twin', email: email.toLowerCase(), password: 'Secret1', userType: 4 },
    });
    expect(twin.status).toBe(409);
    await signIn(server, { email, password: 'Secret1' });

    const other = signUpBody();
    const signedUp = await call(server, 'POST', '/auth/email/signup', { body: other });
    const otherId = signedUp.body.user.id as string;
    const update = await call(server, 'PUT', `/admin/users/${otherId}`, {
      token: admin.token,
      body: {
        name: 'Other',
        email: email.toLowerCase(),
        userType: 4,
        emailConfirmed: true,
        isActive: true,
      },
    });
    expect(update.status).toBe(409);
    const profile = await call(server, 'PUT', '/auth/me', {
      token: signedUp.body.token,
      body: { name: 'Other', email: email.toLowerCase(), currentPassword: other.password },
    });
    expect(profile.status).toBe(409);
  });
});
