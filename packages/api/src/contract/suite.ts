/**
 * The contract suite (API-CONTRACT.md), written once and run against every backend that
 * claims to implement /api/v1: the MSW fake (tests/contract/fake.test.ts) and the real
 * server started as a black box (tests/contract/server.test.ts). It drives the typed client
 * (so the client's paths and parsing are checked too) plus raw fetch for what the client
 * never sends (unknown properties, missing tokens). Each test makes its own users, so the
 * tests are independent and can run in any order.
 */
import { readTokenClaims } from '@solar/domain/jwt';
import { describe, expect, it } from 'vitest';
import { createApiClient, type ApiClient } from '../client.ts';
import { ApiError } from '../errors.ts';
import { memoryStorage } from '../session.ts';
import type { StreamChunk } from '@solar/domain/contract';

/** A backend to check. */
export interface ContractTarget {
  /** Absolute base URL of the API, e.g. `http://127.0.0.1:4123/api/v1`. */
  readonly baseUrl: string;
  readonly fetch: typeof fetch;
  /** The first administrator's credentials. */
  readonly admin: { readonly email: string; readonly password: string };
  /** The token in the newest mail to `email` of that kind (the link's `token=`), or null. */
  mailToken(email: string, kind: 'reset' | 'verify'): Promise<string | null>;
}

const PASSWORD = 'Password1';
let counter = 0;

/** Registers the contract tests; `target()` is read when each test runs (after beforeAll). */
export function contractSuite(target: () => ContractTarget): void {
  const nullable = (matcher: unknown) => expect.toBeOneOf([null, matcher]);
  const iso = expect.stringMatching(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d+)?Z$/);
  const id = expect.any(String);

  const client = (): ApiClient =>
    createApiClient({
      baseUrl: target().baseUrl,
      fetch: target().fetch,
      storage: memoryStorage(),
      onSignedOut: () => undefined,
    });
  const uniqueEmail = (label = 'user') =>
    `${label}.${Date.now().toString(36)}.${(counter += 1)}.${Math.random().toString(36).slice(2, 6)}@example.com`;
  async function freshUser(name = 'Test User') {
    const api = client();
    const email = uniqueEmail();
    const response = await api.auth.signUp({
      name,
      email,
      password: PASSWORD,
      confirmPassword: PASSWORD,
    });
    return { api, email, response, user: response.user };
  }
  async function admin() {
    const api = client();
    const response = await api.auth.signIn(target().admin);
    return { api, response };
  }
  async function failure(promise: Promise<unknown>): Promise<ApiError> {
    try {
      await promise;
    } catch (error) {
      expect(error).toBeInstanceOf(ApiError);
      return error as ApiError;
    }
    throw new Error('expected the call to fail, but it succeeded');
  }
  async function raw(
    method: string,
    path: string,
    options: { body?: unknown; token?: string | null } = {},
  ) {
    const headers: Record<string, string> = {};
    if (options.body !== undefined) headers['Content-Type'] = 'application/json';
    if (options.token) headers.Authorization = `Bearer ${options.token}`;
    const response = await target().fetch(`${target().baseUrl}/${path}`, {
      method,
      headers,
      ...(options.body === undefined ? {} : { body: JSON.stringify(options.body) }),
    });
    const text = await response.text();
    let body: unknown = undefined;
    try {
      body = text ? JSON.parse(text) : undefined;
    } catch {
      body = text;
    }
    return {
      status: response.status,
      body: body as Record<string, unknown> | undefined,
      headers: response.headers,
    };
  }
  const errorShape = (code: string) => ({ message: expect.any(String), code });
  async function collect(stream: AsyncIterable<StreamChunk>) {
    const chunks: StreamChunk[] = [];
    for await (const chunk of stream) chunks.push(chunk);
    return chunks;
  }
  const sessionUserShape = {
    id,
    name: expect.any(String),
    email: expect.any(String),
    picture: nullable(expect.any(String)),
    role: expect.any(String),
    authMethod: expect.stringMatching(/^(email|google)$/),
  };

  describe('meta', () => {
    it('GET /health answers 200 {status: ok, database}', async () => {
      expect(await client().config.health()).toEqual({
        status: 'ok',
        database: expect.stringMatching(/^(pglite|postgres)$/),
      });
    });
    it('GET /config answers 200 {googleClientId, aiProvider, version}', async () => {
      expect(await client().config.get()).toEqual({
        googleClientId: nullable(expect.any(String)),
        aiProvider: expect.any(String),
        version: expect.any(String),
      });
    });
  });

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
    it('POST /auth/google/signin answers 400 without a code and 503 when Google is not configured', async () => {
      const api = client();
      const bad = await raw('POST', 'auth/google/signin', { body: {} });
      expect(bad.status).toBe(400);
      const config = await api.config.get();
      const error = await failure(api.auth.googleSignIn({ code: 'some-code' }));
      if (config.googleClientId === null) expect(error).toMatchObject({ status: 503 });
      else expect([400, 401]).toContain(error.status);
    });
  });

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
      // interval of tabs refreshing at once (API-CONTRACT.md, refresh).
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
    it('GET /auth/me answers 200 SessionUser + {emailConfirmed, createdAt}; 401 without or with a bad token', async () => {
      const { api, user } = await freshUser();
      expect(await api.profile.get()).toEqual({ ...user, emailConfirmed: false, createdAt: iso });
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
    it('POST /auth/email/verify/resend answers 202 {message}', async () => {
      const { api } = await freshUser();
      expect(await api.profile.resendVerification()).toEqual({ message: expect.any(String) });
    });
    it('PUT /auth/me answers 200 updated; 400 bad email; 409 email_taken', async () => {
      const { api } = await freshUser('Old Name');
      const email = uniqueEmail('renamed');
      const me = await api.profile.update({ name: 'New Name', email, currentPassword: PASSWORD });
      expect(me).toMatchObject({
        name: 'New Name',
        email,
        emailConfirmed: expect.any(Boolean),
        createdAt: iso,
      });
      expect(api.session.getSnapshot().user).toMatchObject({ name: 'New Name', email });
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
      // A new email needs the current password (issue 25 item 4): a field error otherwise.
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

  describe('admin users', () => {
    const listShape = {
      items: expect.any(Array),
      pageNumber: expect.any(Number),
      pageSize: expect.any(Number),
      totalCount: expect.any(Number),
      totalPages: expect.any(Number),
      hasPreviousPage: expect.any(Boolean),
      hasNextPage: expect.any(Boolean),
    };
    const itemShape = {
      id,
      name: expect.any(String),
      email: expect.any(String),
      userType: expect.any(Number),
      isActive: expect.any(Boolean),
      emailConfirmed: expect.any(Boolean),
      createdAt: iso,
      lastLoginAt: nullable(iso),
    };

    it('GET /admin/users answers 200 a page with the defaults (page 1 of 10, newest first)', async () => {
      await freshUser();
      const { api } = await admin();
      const page = await api.adminUsers.list();
      expect(page).toEqual(listShape);
      expect(page).toMatchObject({ pageNumber: 1, pageSize: 10, hasPreviousPage: false });
      for (const item of page.items) expect(item).toEqual(itemShape);
      const created = page.items.map((i) => i.createdAt);
      expect([...created].sort().reverse()).toEqual(created);
      expect(page.totalPages).toBe(Math.ceil(page.totalCount / 10));
    });
    it('searches name or email case-insensitively and filters by userType and isEmailConfirmed', async () => {
      const { email, user } = await freshUser('Zebulon Searchable');
      const { api } = await admin();
      const byEmail = await api.adminUsers.list({ searchTerm: email.slice(0, 20).toUpperCase() });
      expect(byEmail.items.map((i) => i.id)).toContain(user.id);
      const byName = await api.adminUsers.list({ searchTerm: 'zebulon searchable', pageSize: 100 });
      expect(byName.items.every((i) => i.name.toLowerCase().includes('zebulon searchable'))).toBe(
        true,
      );
      const admins = await api.adminUsers.list({ userType: 0, pageSize: 100 });
      expect(admins.items.length).toBeGreaterThan(0);
      expect(admins.items.every((i) => i.userType === 0)).toBe(true);
      const unconfirmed = await api.adminUsers.list({ isEmailConfirmed: false, pageSize: 100 });
      expect(unconfirmed.items.every((i) => !i.emailConfirmed)).toBe(true);
    });
    it('sorts by a column both ways and pages never overlap', async () => {
      await freshUser();
      await freshUser();
      const { api } = await admin();
      const ascending = await api.adminUsers.list({
        sortBy: 'email',
        descending: false,
        pageSize: 100,
      });
      const emails = ascending.items.map((i) => i.email.toLowerCase());
      expect([...emails].sort()).toEqual(emails);
      const first = await api.adminUsers.list({ sortBy: 'isActive', pageSize: 1, pageNumber: 1 });
      const second = await api.adminUsers.list({ sortBy: 'isActive', pageSize: 1, pageNumber: 2 });
      expect(second).toMatchObject({ pageNumber: 2, hasPreviousPage: true });
      expect(first.items[0]!.id).not.toBe(second.items[0]!.id);
    });
    it('answers 400 for a page size over 100, an unknown sort column or a bad userType', async () => {
      const { api } = await admin();
      for (const params of [
        { pageSize: 101 },
        { sortBy: 'password' as never },
        { userType: 9 as never },
        { pageNumber: 0 },
      ]) {
        expect(await failure(api.adminUsers.list(params))).toMatchObject({
          status: 400,
          code: 'validation_failed',
        });
      }
    });
    it('answers 403 to a signed-in user without canManageUsers and 401 without a token', async () => {
      const { api, user } = await freshUser();
      // Thunks: each call starts only when awaited, so no rejection waits unhandled.
      const forbidden = [
        () => api.adminUsers.list(),
        () => api.adminUsers.get(user.id),
        () =>
          api.adminUsers.create({
            name: 'X',
            email: uniqueEmail(),
            password: 'secret1',
            userType: 4,
            emailConfirmed: false,
          }),
        () =>
          api.adminUsers.update(user.id, {
            name: 'X',
            email: uniqueEmail(),
            userType: 0,
            emailConfirmed: true,
            isActive: true,
          }),
      ];
      for (const call of forbidden)
        expect(await failure(call())).toMatchObject({ status: 403, code: 'forbidden' });
      expect((await raw('GET', 'admin/users')).status).toBe(401);
    });
    it('GET /admin/users/{id} answers 200 AdminUserDetail (userType as text); 404 unknown', async () => {
      const { user, email } = await freshUser('Detail Person');
      const { api } = await admin();
      expect(await api.adminUsers.get(user.id)).toEqual({
        id: user.id,
        user: { name: 'Detail Person', email, emailVerified: false, picture: null },
        userType: 'ClientResidential',
        isActive: true,
        createdAt: iso,
        lastLoginAt: nullable(iso),
        pipedrivePersonId: nullable(expect.any(Number)),
      });
      expect(
        await failure(api.adminUsers.get('00000000-0000-4000-8000-999999999999')),
      ).toMatchObject({
        status: 404,
        code: 'not_found',
      });
    });
    it('POST /admin/users answers 201 (userType as a number); 400 short password; 409 taken email', async () => {
      const { api } = await admin();
      const email = uniqueEmail('installer');
      const created = await api.adminUsers.create({
        name: 'New Installer',
        email,
        password: 'secret1',
        userType: 2,
        emailConfirmed: true,
      });
      expect(created).toEqual({
        id,
        user: { name: 'New Installer', email, emailVerified: true, picture: null },
        userType: 2,
        isActive: true,
        createdAt: iso,
        lastLoginAt: null,
        pipedrivePersonId: nullable(expect.any(Number)),
      });
      await expect(client().auth.signIn({ email, password: 'secret1' })).resolves.toMatchObject({
        user: { role: 'installer' },
      });
      const short = await failure(
        api.adminUsers.create({
          name: 'Short',
          email: uniqueEmail(),
          password: '12345',
          userType: 4,
          emailConfirmed: false,
        }),
      );
      expect(short).toMatchObject({ status: 400, code: 'validation_failed' });
      expect(short.fieldErrors).toHaveProperty('password');
      const taken = await failure(
        api.adminUsers.create({
          name: 'Dup',
          email,
          password: 'secret1',
          userType: 4,
          emailConfirmed: false,
        }),
      );
      expect(taken.status).toBe(409);
    });
    it('PUT /admin/users/{id} answers 200 AdminUserDetail; 400; 404; 409 taken email', async () => {
      const { user, email } = await freshUser();
      const other = await freshUser();
      const { api } = await admin();
      const updated = await api.adminUsers.update(user.id, {
        name: 'Promoted',
        email,
        userType: 1,
        emailConfirmed: true,
        isActive: true,
      });
      expect(updated).toMatchObject({
        id: user.id,
        user: { name: 'Promoted', email, emailVerified: true },
        userType: 'ProjectManager',
        isActive: true,
      });
      expect(
        await failure(
          api.adminUsers.update(user.id, {
            name: '',
            email,
            userType: 1,
            emailConfirmed: true,
            isActive: true,
          }),
        ),
      ).toMatchObject({ status: 400 });
      expect(
        await failure(
          api.adminUsers.update('00000000-0000-4000-8000-999999999999', {
            name: 'N',
            email: uniqueEmail(),
            userType: 1,
            emailConfirmed: true,
            isActive: true,
          }),
        ),
      ).toMatchObject({ status: 404 });
      expect(
        await failure(
          api.adminUsers.update(user.id, {
            name: 'Promoted',
            email: other.email,
            userType: 1,
            emailConfirmed: true,
            isActive: true,
          }),
        ),
      ).toMatchObject({ status: 409 });
    });
    it('an admin may not deactivate or demote their own account (409)', async () => {
      const { api, response } = await admin();
      const self = { name: response.user.name, email: response.user.email, emailConfirmed: true };
      expect(
        await failure(
          api.adminUsers.update(response.user.id, { ...self, userType: 0, isActive: false }),
        ),
      ).toMatchObject({ status: 409 });
      expect(
        await failure(
          api.adminUsers.update(response.user.id, { ...self, userType: 4, isActive: true }),
        ),
      ).toMatchObject({ status: 409 });
    });
    it('deactivating a user refuses their access token and refresh token from the next request', async () => {
      const { api: userApi, user, email, response } = await freshUser();
      const { api } = await admin();
      await api.adminUsers.update(user.id, {
        name: user.name,
        email,
        userType: 4,
        emailConfirmed: false,
        isActive: false,
      });
      expect((await raw('GET', 'auth/me', { token: response.token })).status).toBe(401);
      expect(await failure(userApi.auth.refresh(response.refreshToken))).toMatchObject({
        status: 401,
      });
    });
  });

  describe('chat', () => {
    it('POST /chat/stream streams chunks of one new conversation ending with complete', async () => {
      const { api } = await freshUser();
      const chunks = await collect(
        api.chat.stream({
          message: 'Hello, can solar panels work on my house?',
          conversationId: null,
        }),
      );
      expect(chunks.length).toBeGreaterThan(1);
      const conversationId = chunks[0]!.conversationId;
      expect(conversationId).toEqual(expect.any(String));
      expect(chunks.every((c) => c.conversationId === conversationId)).toBe(true);
      const last = chunks.at(-1)!;
      expect(last).toMatchObject({ isComplete: true, isError: false, botType: 0 });
      const text = chunks
        .slice(0, -1)
        .map((c) => c.textDelta)
        .join('');
      expect(text.length).toBeGreaterThan(0);
      expect(last.completeMessage).toBe(text);
      expect(chunks.slice(0, -1).every((c) => !c.isComplete && !c.isError)).toBe(true);

      const history = await api.chat.history(conversationId);
      expect(history).toEqual({
        conversationId,
        title: expect.any(String),
        startedAt: iso,
        status: 'active',
        messages: expect.any(Array),
      });
      expect(history.messages.map((m) => m.role)).toEqual(['user', 'assistant']);
      expect(history.messages[0]).toEqual({
        id,
        role: 'user',
        content: 'Hello, can solar panels work on my house?',
        botType: nullable(expect.any(Number)),
        createdAt: iso,
        extractedDataJson: null,
        interrupted: false,
      });
      expect(history.messages[1]).toMatchObject({
        role: 'assistant',
        content: text,
        interrupted: false,
      });
      const list = await api.chat.conversations();
      expect(list.conversations[0]).toEqual({
        id: conversationId,
        title: history.title,
        messageCount: 2,
        lastMessageAt: iso,
        titleGenerated: true,
      });
    });
    it('continues a conversation and uses the requested bot type', async () => {
      const { api } = await freshUser();
      const first = await collect(api.chat.stream({ message: 'Hi there', conversationId: null }));
      const conversationId = first[0]!.conversationId;
      const second = await collect(
        api.chat.stream({
          message: 'I want a quote',
          conversationId,
          context: { botType: 1, locale: 'en' },
        }),
      );
      expect(second.every((c) => c.conversationId === conversationId)).toBe(true);
      expect(second.at(-1)).toMatchObject({ isComplete: true, botType: 1 });
      expect((await api.chat.history(conversationId)).messages).toHaveLength(4);
    });
    it('collects solar facts: extractedData on complete and the portfolio', async () => {
      const { api } = await freshUser();
      expect(await api.chat.portfolio()).toEqual({
        electricityConsumption: { monthlyKwh: null, monthlyBill: null, currency: 'KGS' },
        propertyInfo: { roofType: null, roofArea: null, location: null },
        updatedAt: null,
        sources: {},
      });
      const chunks = await collect(
        api.chat.stream({ message: 'We use 450 kWh per month.', conversationId: null }),
      );
      expect(chunks.at(-1)!.extractedData).toMatchObject({ monthlyKwh: 450 });
      const portfolio = await api.chat.portfolio();
      expect(portfolio).toMatchObject({
        electricityConsumption: { monthlyKwh: 450, currency: 'KGS' },
        updatedAt: iso,
        sources: {
          monthlyKwh: {
            conversationId: chunks[0]!.conversationId,
            conversationTitle: expect.any(String),
            recordedAt: iso,
          },
        },
      });
    });
    it('stream errors come before the stream: 400 blank or too long, 404 unknown or foreign, 409 ended, 401 without token', async () => {
      const { api } = await freshUser();
      const stranger = await freshUser();
      const foreign = (
        await collect(stranger.api.chat.stream({ message: 'Mine', conversationId: null }))
      )[0]!.conversationId;
      expect(
        await failure(collect(api.chat.stream({ message: '   ', conversationId: null }))),
      ).toMatchObject({ status: 400 });
      expect(
        await failure(
          collect(api.chat.stream({ message: 'x'.repeat(4001), conversationId: null })),
        ),
      ).toMatchObject({ status: 400 });
      expect(
        await failure(collect(api.chat.stream({ message: 'Hi', conversationId: foreign }))),
      ).toMatchObject({ status: 404 });
      expect(
        await failure(
          collect(
            api.chat.stream({
              message: 'Hi',
              conversationId: '00000000-0000-4000-8000-999999999999',
            }),
          ),
        ),
      ).toMatchObject({ status: 404 });
      await stranger.api.chat.end(foreign);
      expect(
        await failure(
          collect(stranger.api.chat.stream({ message: 'Again', conversationId: foreign })),
        ),
      ).toMatchObject({ status: 409 });
      const anonymous = await raw('POST', 'chat/stream', {
        body: { message: 'Hi', conversationId: null },
      });
      expect(anonymous.status).toBe(401);
    });
    it('GET /chat/history/{id} answers 404 for an unknown or foreign conversation', async () => {
      const { api } = await freshUser();
      const other = await freshUser();
      const foreign = (
        await collect(other.api.chat.stream({ message: 'Private', conversationId: null }))
      )[0]!.conversationId;
      expect(await failure(api.chat.history(foreign))).toMatchObject({
        status: 404,
        code: 'not_found',
      });
      expect(await failure(api.chat.history('00000000-0000-4000-8000-999999999999'))).toMatchObject(
        { status: 404 },
      );
    });
    it('POST /chat/end/{id} answers 200 {conversationId, status: ended}; 404 unknown', async () => {
      const { api } = await freshUser();
      const conversationId = (
        await collect(api.chat.stream({ message: 'Bye soon', conversationId: null }))
      )[0]!.conversationId;
      expect(await api.chat.end(conversationId)).toEqual({ conversationId, status: 'ended' });
      expect((await api.chat.history(conversationId)).status).toBe('ended');
      expect(await failure(api.chat.end('00000000-0000-4000-8000-999999999999'))).toMatchObject({
        status: 404,
      });
    });
    it('GET /chat/conversations pages newest activity first; 400 for page 0', async () => {
      const { api } = await freshUser();
      const a = (await collect(api.chat.stream({ message: 'First one', conversationId: null })))[0]!
        .conversationId;
      const b = (
        await collect(api.chat.stream({ message: 'Second one', conversationId: null }))
      )[0]!.conversationId;
      const all = await api.chat.conversations();
      expect(all).toMatchObject({ page: 1, totalPages: 1 });
      expect(all.conversations.map((c) => c.id)).toEqual([b, a]);
      const one = await api.chat.conversations({ page: 2, pageSize: 1 });
      expect(one).toMatchObject({ page: 2, totalPages: 2 });
      expect(one.conversations.map((c) => c.id)).toEqual([a]);
      expect(await failure(api.chat.conversations({ page: 0 }))).toMatchObject({ status: 400 });
    });
    it('PUT /chat/conversations/{id}/title answers 200 trimmed; 400 empty or over 200; 404', async () => {
      const { api } = await freshUser();
      const conversationId = (
        await collect(api.chat.stream({ message: 'Name me', conversationId: null }))
      )[0]!.conversationId;
      expect(await api.chat.rename(conversationId, '  My roof  ')).toEqual({
        success: true,
        title: 'My roof',
      });
      expect((await api.chat.conversations()).conversations[0]).toMatchObject({
        title: 'My roof',
        titleGenerated: false,
      });
      expect(await failure(api.chat.rename(conversationId, '   '))).toMatchObject({ status: 400 });
      const long = await failure(api.chat.rename(conversationId, 'x'.repeat(201)));
      expect(long).toMatchObject({ status: 400, message: 'Title cannot exceed 200 characters' });
      expect(
        await failure(api.chat.rename('00000000-0000-4000-8000-999999999999', 'T')),
      ).toMatchObject({ status: 404 });
    });
    it('GET /chat/portfolio answers 401 without a token', async () => {
      expect((await raw('GET', 'chat/portfolio')).status).toBe(401);
    });
  });

  describe('projects', () => {
    const location = { address: 'Chui Avenue 1, Bishkek', latitude: 42.87, longitude: 74.59 };
    it('create, list, get, update and delete an own project', async () => {
      const { api, user } = await freshUser();
      const created = await api.projects.create({ location });
      expect(created).toEqual({
        id,
        userId: user.id,
        location,
        configuration: null,
        isDraft: true,
        createdAt: iso,
        updatedAt: iso,
      });
      expect((await api.projects.list()).map((p) => p.id)).toEqual([created.id]);
      expect(await api.projects.get(created.id)).toEqual(created);
      const updated = await api.projects.update(created.id, {
        configuration: { panels: 10 },
        isDraft: false,
      });
      expect(updated).toMatchObject({
        id: created.id,
        configuration: { panels: 10 },
        isDraft: false,
        location,
      });
      await api.projects.remove(created.id);
      expect(await failure(api.projects.get(created.id))).toMatchObject({ status: 404 });
    });
    it('answers 400 for a bad location, 404 for another user, 403 for scope=all without permission', async () => {
      const { api } = await freshUser();
      const other = await freshUser();
      const theirs = await other.api.projects.create({ location });
      expect(
        await failure(api.projects.create({ location: { ...location, latitude: 91 } })),
      ).toMatchObject({ status: 400 });
      expect(await failure(api.projects.get(theirs.id))).toMatchObject({ status: 404 });
      expect(await failure(api.projects.remove(theirs.id))).toMatchObject({ status: 404 });
      expect(await failure(api.projects.list({ scope: 'all' }))).toMatchObject({ status: 403 });
      const { api: adminApi } = await admin();
      expect((await adminApi.projects.list({ scope: 'all' })).map((p) => p.id)).toContain(
        theirs.id,
      );
    });
  });

  describe('quick calculator helpers', () => {
    const png = Uint8Array.from(
      atob(
        'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==',
      ),
      (c) => c.charCodeAt(0),
    );
    it('POST /calculator/bill-extract answers 200 {amount, currency, confidence, text} for an image', async () => {
      const result = await client().calculator.extractBill(
        new Blob([png], { type: 'image/png' }),
        'bill.png',
      );
      expect(result).toEqual({
        amount: nullable(expect.any(Number)),
        currency: 'KGS',
        confidence: expect.any(Number),
        text: expect.any(String),
      });
      expect(result.confidence).toBeGreaterThanOrEqual(0);
      expect(result.confidence).toBeLessThanOrEqual(1);
    });
    it('answers 415 for a file that is not an image (by its bytes, not its name)', async () => {
      const error = await failure(
        client().calculator.extractBill(new Blob(['hello'], { type: 'image/png' }), 'bill.png'),
      );
      expect(error).toMatchObject({
        status: 415,
        message: 'Please upload a valid image file (JPEG, PNG, or WebP)',
      });
    });
    it('answers 413 for a file over 10 MB', async () => {
      const big = new Uint8Array(10 * 1024 * 1024 + 1);
      big.set(png.slice(0, 16));
      const error = await failure(
        client().calculator.extractBill(new Blob([big], { type: 'image/png' }), 'bill.png'),
      );
      expect(error).toMatchObject({ status: 413, message: 'File size must be less than 10MB' });
    });
  });

  describe('geo', () => {
    const place = {
      address: expect.any(String),
      latitude: expect.any(Number),
      longitude: expect.any(Number),
      placeId: expect.any(String),
    };
    it('GET /geo/reverse answers a place, or 502 with the spec message when the provider fails', async () => {
      try {
        expect(await client().geo.reverse(42.87, 74.59)).toEqual(place);
      } catch (error) {
        expect(error).toMatchObject({
          status: 502,
          message: 'Failed to get address for this location',
        });
      }
    });
    it('GET /geo/search answers places, or 502 when the provider fails; 400 without text', async () => {
      try {
        const places = await client().geo.search('Bishkek');
        for (const p of places) expect(p).toEqual(place);
      } catch (error) {
        expect(error).toMatchObject({ status: 502 });
      }
      expect((await raw('GET', 'geo/search?q=')).status).toBe(400);
    });
    it('GET /geo/reverse answers 400 for a latitude outside -90..90', async () => {
      expect(await failure(client().geo.reverse(91, 10))).toMatchObject({
        status: 400,
        code: 'validation_failed',
      });
    });
  });
}
