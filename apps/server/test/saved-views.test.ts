/**
 * Saved views (docs/product.md#saved-views): any signed-in user keeps named filters per list
 * on the server, sees only their own, by name; saving a name again replaces its query; at
 * most 20 per list; bad input is 400 with field errors (never 500); another user's view is
 * 404. PGlite, and PostgreSQL with TEST_DATABASE_URL.
 */
import { SAVED_VIEW_LIMIT } from '@solar/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADMIN, databaseKinds, startTestServer, type TestServer } from './harness.ts';
import { call, signIn } from './helpers.ts';
import { userOf, type PipelineUser } from './projects-pipeline-support.ts';

describe.each(databaseKinds)('saved views on %s', (kind) => {
  let server: TestServer;
  let admin: { token: string };
  let client: PipelineUser;

  beforeAll(async () => {
    server = await startTestServer(kind);
    admin = await signIn(server, ADMIN);
    client = await userOf(server, 'client_residential', 'Cora Client');
  });
  afterAll(async () => {
    await server?.settleMail();
    await server?.close();
  });

  const save = (token: string, body: unknown) =>
    call(server, 'POST', '/saved-views', { token, body });
  const list = (token: string, name = 'users') =>
    call(server, 'GET', `/saved-views?list=${name}`, { token });

  it('is for signed-in users: anonymous calls are 401', async () => {
    expect((await call(server, 'GET', '/saved-views?list=users')).status).toBe(401);
    const body = { list: 'users', name: 'x', query: '' };
    expect((await call(server, 'POST', '/saved-views', { body })).status).toBe(401);
    const unknown = '00000000-0000-4000-8000-000000000000';
    expect((await call(server, 'DELETE', `/saved-views/${unknown}`)).status).toBe(401);
  });

  it('saves, lists by name per user and list, and replaces a name saved again', async () => {
    const b = await save(admin.token, {
      list: 'users',
      name: '  Verified ',
      query: 'verified=yes',
    });
    expect(b.status, JSON.stringify(b.body)).toBe(201);
    expect(b.body).toMatchObject({ list: 'users', name: 'Verified', query: 'verified=yes' });
    expect(Date.parse(b.body.createdAt)).not.toBeNaN();
    const a = await save(admin.token, { list: 'users', name: 'admins', query: 'role=admin' });
    expect(a.status).toBe(201);
    await save(admin.token, { list: 'projects', name: 'Drafts', query: 'status=draft' });

    const mine = await list(admin.token);
    expect(mine.status).toBe(200);
    expect(mine.body.map((v: { name: string }) => v.name)).toEqual(['admins', 'Verified']);
    // Another user sees none of them; another list has its own.
    expect((await list(client.token)).body).toEqual([]);
    expect((await list(admin.token, 'projects')).body.map((v: { name: string }) => v.name)).toEqual(
      ['Drafts'],
    );

    const again = await save(admin.token, {
      list: 'users',
      name: 'Verified',
      query: 'verified=yes&sortBy=name',
    });
    expect(again.status).toBe(201);
    expect(again.body.id).toBe(b.body.id);
    expect(again.body.createdAt).toBe(b.body.createdAt);
    const after = await list(admin.token);
    expect(after.body).toHaveLength(2);
    expect(after.body[1].query).toBe('verified=yes&sortBy=name');
  });

  it('answers bad input with 400 and field errors, never 500', async () => {
    const bad: [unknown, string][] = [
      [{ list: 'users', name: '   ', query: '' }, 'name'],
      [{ list: 'users', name: 'x'.repeat(61), query: '' }, 'name'],
      [{ list: 'users', name: 'Long', query: 'q='.repeat(251) }, 'query'],
      [{ list: 'users', name: 'Mark', query: '?role=admin' }, 'query'],
      [{ list: 'orders', name: 'Other', query: '' }, 'list'],
      [{ list: 'users', name: 'Nul\u0000', query: '' }, 'name'],
      [{ list: 'users', name: 'Two\nlines', query: '' }, 'name'],
      [{ list: 'users', name: 'Nul query', query: 'a=\u0000' }, 'query'],
      [{ list: 'users', name: 'Surrogate', query: 'a=\ud800' }, 'query'],
      [{ list: 'users', name: 5, query: '' }, 'name'],
      [{ list: 'users', name: 'Extra', query: '', extra: true }, ''],
    ];
    for (const [body, field] of bad) {
      const answer = await save(client.token, body);
      expect(answer.status, JSON.stringify(body)).toBe(400);
      expect(answer.body.code).toBe('validation_failed');
      if (field) expect(Object.keys(answer.body.errors ?? {})).toContain(field);
    }
    expect((await save(client.token, [])).status).toBe(400);
    expect((await save(client.token, null)).status).toBe(400);
    expect((await list(client.token, 'nope')).status).toBe(400);
    expect((await call(server, 'GET', '/saved-views', { token: client.token })).status).toBe(400);
    // 60 characters after trimming is fine.
    const longest = await save(client.token, {
      list: 'users',
      name: ` ${'n'.repeat(60)} `,
      query: '',
    });
    expect(longest.status).toBe(201);
    expect(
      (await call(server, 'DELETE', `/saved-views/${longest.body.id}`, { token: client.token }))
        .status,
    ).toBe(204);
  });

  it(`keeps at most ${SAVED_VIEW_LIMIT} views per list and says so`, async () => {
    const user = await userOf(server, 'client_commercial', 'Cap Tester');
    for (let i = 1; i <= SAVED_VIEW_LIMIT; i += 1) {
      const answer = await save(user.token, {
        list: 'projects',
        name: `View ${i}`,
        query: `page=${i}`,
      });
      expect(answer.status).toBe(201);
    }
    const over = await save(user.token, { list: 'projects', name: 'One more', query: '' });
    expect(over.status).toBe(409);
    expect(over.body.code).toBe('conflict');
    expect(over.body.message).toBe(
      'You can keep at most 20 saved views per list; delete one first',
    );
    // Replacing a name at the cap still works, and other lists are not full.
    expect(
      (await save(user.token, { list: 'projects', name: 'View 3', query: 'x=1' })).status,
    ).toBe(201);
    expect((await save(user.token, { list: 'users', name: 'One more', query: '' })).status).toBe(
      201,
    );
    expect((await list(user.token, 'projects')).body).toHaveLength(SAVED_VIEW_LIMIT);
  });

  it("deletes only the caller's own views: 404 for another user's or an unknown id", async () => {
    const view = await save(client.token, { list: 'auditEvents', name: 'Mine', query: 'action=x' });
    expect(view.status).toBe(201);
    const path = `/saved-views/${view.body.id}`;
    const foreign = await call(server, 'DELETE', path, { token: admin.token });
    expect(foreign.status).toBe(404);
    expect(foreign.body.code).toBe('not_found');
    expect((await list(client.token, 'auditEvents')).body).toHaveLength(1);
    for (const id of ['00000000-0000-4000-8000-000000000000', 'not-a-uuid']) {
      expect(
        (await call(server, 'DELETE', `/saved-views/${id}`, { token: client.token })).status,
      ).toBe(404);
    }
    expect((await call(server, 'DELETE', path, { token: client.token })).status).toBe(204);
    expect((await list(client.token, 'auditEvents')).body).toEqual([]);
    expect((await call(server, 'DELETE', path, { token: client.token })).status).toBe(404);
  });
});
