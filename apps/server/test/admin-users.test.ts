/**
 * The OpenAPI document: every row, success and each failure, the audit log, the
 * self-protection rules, deactivation, and the paging walk over 250 users with each sort
 * key, on PGlite and (with TEST_DATABASE_URL) PostgreSQL.
 */
import { USER_SORT_FIELDS } from '@solar/domain';
import { count, desc, eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog, users } from '../src/db/schema.ts';
import { ADMIN, databaseKinds, startTestServer, type TestServer } from './harness.ts';
import { call, rowCounts, signIn, uniqueEmail } from './helpers.ts';

describe.each(databaseKinds)('admin users on %s', (kind) => {
  let server: TestServer;
  let admin: Awaited<ReturnType<typeof signIn>>;
  beforeAll(async () => {
    server = await startTestServer(kind);
    admin = await signIn(server, ADMIN);
  });
  afterAll(async () => {
    await server?.close();
  });

  const createBody = (overrides: Record<string, unknown> = {}) => ({
    name: 'Bakyt Usenov',
    email: uniqueEmail('admin-made'),
    password: 'secret',
    userType: 2,
    emailConfirmed: true,
    ...overrides,
  });

  async function refusedWithoutWrites(run: () => ReturnType<typeof call>, status: number) {
    const before = await rowCounts(server);
    const answer = await run();
    expect(answer.status, JSON.stringify(answer.body)).toBe(status);
    expect(typeof answer.body.message).toBe('string');
    expect(await rowCounts(server)).toEqual(before);
    return answer;
  }

  describe('permissions', () => {
    it('answers 401 without a token and 403 for a role without canManageUsers', async () => {
      expect((await call(server, 'GET', '/admin/users')).status).toBe(401);
      const manager = createBody({ userType: 1, password: 'Manager123' });
      expect(
        (await call(server, 'POST', '/admin/users', { token: admin.token, body: manager })).status,
      ).toBe(201);
      const session = await signIn(server, { email: manager.email, password: manager.password });
      for (const [method, url, body] of [
        ['GET', '/admin/users', undefined],
        ['GET', `/admin/users/${admin.user.id}`, undefined],
        ['POST', '/admin/users', createBody()],
        [
          'PUT',
          `/admin/users/${admin.user.id}`,
          { name: 'x', email: 'x@example.com', userType: 6, emailConfirmed: true, isActive: false },
        ],
      ] as const) {
        const answer = await refusedWithoutWrites(
          () => call(server, method, url, { token: session.token, body }),
          403,
        );
        expect(answer.body).toEqual({
          message: 'You are not authorized to do that',
          code: 'forbidden',
        });
      }
    });
  });

  describe('POST /admin/users', () => {
    it('creates a user: 201 detail with userType as a number, and an audit row', async () => {
      const body = createBody({ userType: 5, emailConfirmed: false });
      const answer = await call(server, 'POST', '/admin/users', {
        token: admin.token,
        body,
        headers: { 'x-forwarded-for': '203.0.113.9' },
      });
      expect(answer.status).toBe(201);
      expect(answer.body).toMatchObject({
        user: { name: body.name, email: body.email, emailVerified: false, picture: null },
        userType: 5,
        isActive: true,
        lastLoginAt: null,
        pipedrivePersonId: null,
        crmConfigured: false,
      });
      const [entry] = await server.database.db
        .select()
        .from(auditLog)
        .where(eq(auditLog.targetId, answer.body.id));
      expect(entry).toMatchObject({ actorId: admin.user.id, action: 'user.create', before: null });
      expect(entry!.after).toMatchObject({ email: body.email, userType: 5 });
      expect(JSON.stringify(entry)).not.toContain('argon2');
      // The address is the socket's, not a header the client chose.
      expect(entry!.clientAddress).toBe('127.0.0.1');
      await signIn(server, { email: body.email, password: body.password });
    });

    it('defaults userType to 4 and emailConfirmed to false', async () => {
      const { userType: _u, emailConfirmed: _e, ...body } = createBody();
      const answer = await call(server, 'POST', '/admin/users', { token: admin.token, body });
      expect(answer.status).toBe(201);
      expect(answer.body).toMatchObject({ userType: 4, user: { emailVerified: false } });
    });

    it.each([
      [{ password: '12345' }, 'password', 'Password must be at least 6 characters'],
      [{ name: '' }, 'name', 'Name is required'],
      [{ email: 'x@' }, 'email', 'Please enter a valid email address'],
      [{ userType: 7 }, 'userType', 'User type must be a whole number from 0 to 6'],
      [{ emailConfirmed: 'yes' }, 'emailConfirmed', 'Must be true or false'],
      [{ isAdmin: true }, 'isAdmin', 'Unknown field'],
    ])('refuses %j with 400 and writes nothing', async (override, field, message) => {
      const answer = await refusedWithoutWrites(
        () =>
          call(server, 'POST', '/admin/users', { token: admin.token, body: createBody(override) }),
        400,
      );
      expect(answer.body.errors[field]).toBe(message);
    });

    it('refuses a taken email (any case) with 409 email_taken', async () => {
      const answer = await refusedWithoutWrites(
        () =>
          call(server, 'POST', '/admin/users', {
            token: admin.token,
            body: createBody({ email: ADMIN.email.toUpperCase() }),
          }),
        409,
      );
      expect(answer.body.code).toBe('email_taken');
    });
  });

  describe('GET /admin/users/{id}', () => {
    it('answers AdminUserDetail with userType as text', async () => {
      const answer = await call(server, 'GET', `/admin/users/${admin.user.id}`, {
        token: admin.token,
      });
      expect(answer.status).toBe(200);
      expect(answer.body).toMatchObject({
        id: admin.user.id,
        user: { name: 'Administrator', email: ADMIN.email, emailVerified: true, picture: null },
        userType: 'Admin',
        isActive: true,
        pipedrivePersonId: null,
        crmConfigured: false,
      });
      expect(answer.body.lastLoginAt).not.toBeNull();
    });

    it('answers 404 for an unknown id and for one that is not a UUID', async () => {
      for (const id of ['00000000-0000-4000-8000-000000000000', 'not-a-uuid']) {
        const answer = await call(server, 'GET', `/admin/users/${id}`, { token: admin.token });
        expect(answer.status).toBe(404);
        expect(answer.body.code).toBe('not_found');
      }
    });
  });

  describe('PUT /admin/users/{id}', () => {
    it('updates every field, answers the detail and writes before/after to the audit log', async () => {
      const created = await call(server, 'POST', '/admin/users', {
        token: admin.token,
        body: createBody(),
      });
      const email = uniqueEmail('renamed');
      const answer = await call(server, 'PUT', `/admin/users/${created.body.id}`, {
        token: admin.token,
        body: { name: 'Renamed', email, userType: 3, emailConfirmed: false, isActive: true },
      });
      expect(answer.status).toBe(200);
      expect(answer.body).toMatchObject({
        user: { name: 'Renamed', email, emailVerified: false },
        userType: 'RoofInspector',
        isActive: true,
      });
      const [entry] = await server.database.db
        .select()
        .from(auditLog)
        .where(eq(auditLog.targetId, created.body.id))
        .orderBy(desc(auditLog.createdAt))
        .limit(1);
      expect(entry).toMatchObject({ action: 'user.update', actorId: admin.user.id });
      expect(entry!.before).toMatchObject({
        name: 'Bakyt Usenov',
        userType: 2,
        emailConfirmed: true,
      });
      expect(entry!.after).toMatchObject({ name: 'Renamed', userType: 3, emailConfirmed: false });
    });

    it('deactivating revokes refresh tokens and refuses the access token from the next request', async () => {
      const body = createBody({ password: 'Victim123' });
      const created = await call(server, 'POST', '/admin/users', { token: admin.token, body });
      const victim = await signIn(server, { email: body.email, password: body.password });
      expect((await call(server, 'GET', '/auth/me', { token: victim.token })).status).toBe(200);
      const answer = await call(server, 'PUT', `/admin/users/${created.body.id}`, {
        token: admin.token,
        body: {
          name: body.name,
          email: body.email,
          userType: 2,
          emailConfirmed: true,
          isActive: false,
        },
      });
      expect(answer.status).toBe(200);
      expect(answer.body.isActive).toBe(false);
      const me = await call(server, 'GET', '/auth/me', { token: victim.token });
      expect(me.status).toBe(401);
      expect(me.body.code).toBe('account_inactive');
      expect(
        (
          await call(server, 'POST', '/auth/refresh', {
            body: { refreshToken: victim.refreshToken },
          })
        ).status,
      ).toBe(401);
      // Reactivated, the old refresh token stays revoked.
      await call(server, 'PUT', `/admin/users/${created.body.id}`, {
        token: admin.token,
        body: {
          name: body.name,
          email: body.email,
          userType: 2,
          emailConfirmed: true,
          isActive: true,
        },
      });
      expect(
        (
          await call(server, 'POST', '/auth/refresh', {
            body: { refreshToken: victim.refreshToken },
          })
        ).status,
      ).toBe(401);
    });

    it('refuses an admin deactivating or demoting their own account with 409', async () => {
      const self = {
        name: 'Administrator',
        email: ADMIN.email,
        userType: 0,
        emailConfirmed: true,
        isActive: true,
      };
      for (const change of [{ isActive: false }, { userType: 1 }]) {
        const answer = await refusedWithoutWrites(
          () =>
            call(server, 'PUT', `/admin/users/${admin.user.id}`, {
              token: admin.token,
              body: { ...self, ...change },
            }),
          409,
        );
        expect(answer.body.code).toBe('own_account');
      }
      const renamed = await call(server, 'PUT', `/admin/users/${admin.user.id}`, {
        token: admin.token,
        body: self,
      });
      expect(renamed.status).toBe(200);
    });

    it('refuses bad input (400), unknown ids (404) and a taken email (409), writing nothing', async () => {
      const created = await call(server, 'POST', '/admin/users', {
        token: admin.token,
        body: createBody(),
      });
      const valid = {
        name: 'Ok',
        email: uniqueEmail(),
        userType: 2,
        emailConfirmed: true,
        isActive: true,
      };
      const missing = await refusedWithoutWrites(
        () =>
          call(server, 'PUT', `/admin/users/${created.body.id}`, {
            token: admin.token,
            body: { name: 'Ok', email: valid.email },
          }),
        400,
      );
      expect(missing.body.errors).toMatchObject({
        userType: expect.any(String),
        isActive: 'Must be true or false',
      });
      await refusedWithoutWrites(
        () =>
          call(server, 'PUT', '/admin/users/00000000-0000-4000-8000-000000000000', {
            token: admin.token,
            body: valid,
          }),
        404,
      );
      const taken = await refusedWithoutWrites(
        () =>
          call(server, 'PUT', `/admin/users/${created.body.id}`, {
            token: admin.token,
            body: { ...valid, email: ADMIN.email },
          }),
        409,
      );
      expect(taken.body.code).toBe('email_taken');
    });
  });

  describe('GET /admin/users', () => {
    it.each([
      ['pageSize=0', 'pageSize', 'Page size must be a whole number from 1 to 100'],
      ['pageSize=101', 'pageSize', 'Page size must be a whole number from 1 to 100'],
      ['pageNumber=0', 'pageNumber', 'Page number must be a whole number of at least 1'],
      ['sortBy=password', 'sortBy', expect.stringContaining('Sort field must be one of')],
      ['descending=maybe', 'descending', 'Must be true or false'],
      ['userType=9', 'userType', 'User type must be a whole number from 0 to 6'],
      ['isEmailConfirmed=1', 'isEmailConfirmed', 'Must be true or false'],
      ['color=red', 'color', 'Unknown field'],
    ])('refuses ?%s with 400', async (query, field, message) => {
      const answer = await call(server, 'GET', `/admin/users?${query}`, { token: admin.token });
      expect(answer.status).toBe(400);
      expect(answer.body.code).toBe('validation_failed');
      expect(answer.body.errors[field]).toEqual(message);
    });

    it('answers the defaults: page 1 of 10, newest first', async () => {
      const answer = await call(server, 'GET', '/admin/users', { token: admin.token });
      expect(answer.status).toBe(200);
      expect(answer.body).toMatchObject({ pageNumber: 1, pageSize: 10, hasPreviousPage: false });
      const times = answer.body.items.map((u: { createdAt: string }) => u.createdAt);
      expect([...times].sort().reverse()).toEqual(times);
    });
  });

  describe('with 250 users', () => {
    const marker = 'walkers';
    beforeAll(async () => {
      // Many equal values (userType, flags, a few createdAt and lastLoginAt instants) so
      // that only the id tie-break keeps pages apart.
      const base = Date.UTC(2026, 0, 1);
      const rows = Array.from({ length: 250 }, (_, i) => ({
        name: `${['Aibek', 'Bermet', 'Cholpon', 'Daniyar', 'Elnura'][i % 5]} ${marker}`,
        email: `${marker}.${String(i).padStart(3, '0')}@Example.com`,
        userType: i % 7,
        isActive: i % 3 !== 0,
        emailConfirmed: i % 2 === 0,
        createdAt: new Date(base + (i % 4) * 1000),
        lastLoginAt: i % 5 === 0 ? null : new Date(base + (i % 3) * 1000),
      }));
      await server.database.db.insert(users).values(rows);
    });

    it.each(USER_SORT_FIELDS.flatMap((field) => [[field, true] as const, [field, false] as const]))(
      'walking every page sorted by %s (descending %s) returns each user exactly once',
      async (sortBy, descending) => {
        const seen: string[] = [];
        let pageNumber = 1;
        let totalPages = 0;
        let previous: { userType: number; createdAt: string } | undefined;
        do {
          const answer = await call(
            server,
            'GET',
            `/admin/users?searchTerm=${marker.toUpperCase()}&pageSize=25&pageNumber=${pageNumber}&sortBy=${sortBy}&descending=${descending}`,
            { token: admin.token },
          );
          expect(answer.status).toBe(200);
          expect(answer.body.totalCount).toBe(250);
          totalPages = answer.body.totalPages;
          expect(answer.body.hasPreviousPage).toBe(pageNumber > 1);
          expect(answer.body.hasNextPage).toBe(pageNumber < totalPages);
          for (const item of answer.body.items) {
            seen.push(item.id);
            if (previous && sortBy === 'userType') {
              expect(
                descending
                  ? previous.userType >= item.userType
                  : previous.userType <= item.userType,
              ).toBe(true);
            }
            if (previous && sortBy === 'createdAt') {
              expect(
                descending
                  ? previous.createdAt >= item.createdAt
                  : previous.createdAt <= item.createdAt,
              ).toBe(true);
            }
            previous = item;
          }
          pageNumber += 1;
        } while (pageNumber <= totalPages);
        expect(totalPages).toBe(10);
        expect(seen).toHaveLength(250);
        expect(new Set(seen).size).toBe(250);
      },
    );

    it('keeps the unfiltered totalCount exact through single, bulk and deleting writes', async () => {
      const db = server.database.db;
      const listed = async () =>
        (await call(server, 'GET', '/admin/users', { token: admin.token })).body.totalCount;
      const counted = async () => (await db.select({ n: count() }).from(users))[0]!.n;
      const start = await counted();
      expect(await listed()).toBe(start);
      const extra = await db
        .insert(users)
        .values(
          Array.from({ length: 3 }, (_, i) => ({
            name: `Counted ${i}`,
            email: `counted.${i}@example.com`,
            userType: 4,
          })),
        )
        .returning({ id: users.id });
      expect(await listed()).toBe(start + 3);
      await db.delete(users).where(
        inArray(
          users.id,
          extra.map((row) => row.id),
        ),
      );
      expect(await listed()).toBe(start);
      // A write that fails leaves the count as it was (same transaction).
      await expect(
        db.transaction(async (tx) => {
          await tx
            .insert(users)
            .values({ name: 'Rolled back', email: 'rb@example.com', userType: 4 });
          throw new Error('roll back');
        }),
      ).rejects.toThrow('roll back');
      expect(await listed()).toBe(start);
      expect(await counted()).toBe(start);
    });

    it('searches name or email case-insensitively and filters by type and confirmation', async () => {
      const byEmail = await call(server, 'GET', '/admin/users?searchTerm=WALKERS.00&pageSize=100', {
        token: admin.token,
      });
      expect(byEmail.body.totalCount).toBe(10);
      const byName = await call(
        server,
        'GET',
        `/admin/users?searchTerm=bermet ${marker}&pageSize=100`,
        { token: admin.token },
      );
      expect(byName.body.totalCount).toBe(50);
      const filtered = await call(
        server,
        'GET',
        `/admin/users?searchTerm=${marker}&userType=3&isEmailConfirmed=false&pageSize=100`,
        { token: admin.token },
      );
      const expected = Array.from({ length: 250 }, (_, i) => i).filter(
        (i) => i % 7 === 3 && i % 2 === 1,
      ).length;
      expect(filtered.body.totalCount).toBe(expected);
      expect(
        filtered.body.items.every(
          (u: { userType: number; emailConfirmed: boolean }) =>
            u.userType === 3 && !u.emailConfirmed,
        ),
      ).toBe(true);
      const wildcard = await call(server, 'GET', '/admin/users?searchTerm=%25', {
        token: admin.token,
      });
      expect(wildcard.body.totalCount).toBe(0);
      // `_` is a literal underscore, not LIKE's any-character.
      const underscore = await call(server, 'GET', `/admin/users?searchTerm=${marker}_`, {
        token: admin.token,
      });
      expect(underscore.body.totalCount).toBe(0);
      const backslash = await call(server, 'GET', `/admin/users?searchTerm=${marker}%5C`, {
        token: admin.token,
      });
      expect(backslash.body.totalCount).toBe(0);
      const past = await call(server, 'GET', `/admin/users?searchTerm=${marker}&pageNumber=99`, {
        token: admin.token,
      });
      expect(past.body).toMatchObject({
        items: [],
        totalCount: 250,
        totalPages: 25,
        hasNextPage: false,
      });
    });
  });
});
