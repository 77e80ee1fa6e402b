/**
 * Contract tests: User administration (docs/product.md#user-administration; the OpenAPI document).
 */
import { describe, expect, it } from 'vitest';
import { type ContractKit } from './kit.ts';

/** The list (search, filters, sort, pages), one user, create, update and their refusals. */
export function adminUsersContract(kit: ContractKit): void {
  const { nullable, iso, id, client, uniqueEmail, freshUser, admin, failure, raw } = kit;
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
        crmConfigured: expect.any(Boolean),
        locale: 'en',
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
        locale: 'es',
      });
      expect(created).toEqual({
        id,
        user: { name: 'New Installer', email, emailVerified: true, picture: null },
        userType: 2,
        isActive: true,
        createdAt: iso,
        lastLoginAt: null,
        pipedrivePersonId: nullable(expect.any(Number)),
        crmConfigured: expect.any(Boolean),
        locale: 'es',
      });
      // Without a language the account's mail is in English.
      const plain = await api.adminUsers.create({
        name: 'Plain',
        email: uniqueEmail('plain'),
        password: 'secret1',
        userType: 4,
        emailConfirmed: false,
      });
      expect(plain.locale).toBe('en');
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
        locale: 'en',
      });
      // The language of the user's mail changes with `locale`, and stays without it.
      const base = { name: 'Promoted', email, userType: 1 as const, emailConfirmed: true };
      expect(
        await api.adminUsers.update(user.id, { ...base, isActive: true, locale: 'ru' }),
      ).toMatchObject({ locale: 'ru' });
      expect(await api.adminUsers.update(user.id, { ...base, isActive: true })).toMatchObject({
        locale: 'ru',
      });
      expect(
        await failure(
          api.adminUsers.update(user.id, {
            ...base,
            isActive: true,
            locale: 'de' as never,
          }),
        ),
      ).toMatchObject({ status: 400, fieldErrors: { locale: expect.any(String) } });
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
    it('PUT /admin/users/{id}/status changes only isActive; 400, 404, 409 own account', async () => {
      const { user, email } = await freshUser();
      const { api, response } = await admin();
      // Someone renames the user after the list was read: the status change keeps the new name.
      await api.adminUsers.update(user.id, {
        name: 'Renamed Meanwhile',
        email,
        userType: 4,
        emailConfirmed: true,
        isActive: true,
      });
      const off = await api.adminUsers.setActive(user.id, false);
      expect(off).toMatchObject({
        isActive: false,
        user: { name: 'Renamed Meanwhile', emailVerified: true },
      });
      expect(await api.adminUsers.setActive(user.id, true)).toMatchObject({ isActive: true });
      expect(
        (await raw('PUT', `admin/users/${user.id}/status`, { token: response.token, body: {} }))
          .status,
      ).toBe(400);
      expect(
        (
          await raw('PUT', `admin/users/${user.id}/status`, {
            token: response.token,
            body: { isActive: true, name: 'x' },
          })
        ).status,
      ).toBe(400);
      expect(
        await failure(api.adminUsers.setActive('00000000-0000-4000-8000-999999999999', false)),
      ).toMatchObject({
        status: 404,
      });
      expect(await failure(api.adminUsers.setActive(response.user.id, false))).toMatchObject({
        status: 409,
      });
    });
  });
}
