/**
 * Projects over HTTP (docs/product.md#roles-and-permissions; the OpenAPI document): CRUD of own
 * projects and drafts, validation, the role rules (canViewAllProjects, canEditProjects,
 * canDeleteProjects; 404 for what the caller may not read) and the 100-actions-per-hour
 * limit (429 with Retry-After). On PGlite, and on PostgreSQL with TEST_DATABASE_URL.
 */
import { count } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { projects } from '../src/projects/schema.ts';
import {
  ADMIN,
  api,
  databaseKinds,
  signIn,
  startPluginServer,
  userOfType,
  type PluginServer,
} from './projects-app.ts';

const location = { address: 'Chui Avenue 1, Bishkek', latitude: 42.87, longitude: 74.59 };
const iso = expect.stringMatching(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/);
/** userType codes (docs/product.md#roles-and-permissions). */
const TYPE = {
  admin: 0,
  projectManager: 1,
  installer: 2,
  roofInspector: 3,
  residential: 4,
  commercial: 5,
  supplier: 6,
};

describe.each(databaseKinds)('projects on %s', (kind) => {
  let server: PluginServer;
  beforeAll(async () => {
    server = await startPluginServer(kind);
  });
  afterAll(async () => {
    await server?.close();
  });

  const rows = async () => (await server.database.db.select({ n: count() }).from(projects))[0]!.n;

  it('creates a draft, lists, reads, updates and deletes an own project', async () => {
    const me = await userOfType(server, TYPE.residential);
    const created = await api(server, 'POST', '/projects', {
      token: me.token,
      body: { location: { ...location, placeId: 'W123' } },
    });
    expect(created.status).toBe(201);
    expect(created.body).toEqual({
      id: expect.any(String),
      userId: me.userId,
      location: { ...location, placeId: 'W123' },
      configuration: null,
      isDraft: true,
      createdAt: iso,
      updatedAt: iso,
    });
    const id = created.body.id as string;

    const list = await api(server, 'GET', '/projects', { token: me.token });
    expect(list.status).toBe(200);
    expect(list.body).toEqual([created.body]);
    expect((await api(server, 'GET', `/projects/${id}`, { token: me.token })).body).toEqual(
      created.body,
    );

    const configuration = { systemSizeKw: 5.2, panelCount: 13, tilt: 30, azimuth: 180 };
    const updated = await api(server, 'PUT', `/projects/${id}`, {
      token: me.token,
      body: { configuration, isDraft: false },
    });
    expect(updated.status).toBe(200);
    expect(updated.body).toMatchObject({
      id,
      configuration,
      isDraft: false,
      location: { ...location, placeId: 'W123' },
      createdAt: created.body.createdAt,
    });
    expect(Date.parse(updated.body.updatedAt)).toBeGreaterThanOrEqual(
      Date.parse(created.body.updatedAt),
    );
    // Absent fields are kept; location can change on its own.
    const moved = await api(server, 'PUT', `/projects/${id}`, {
      token: me.token,
      body: { location: { address: 'Elsewhere', latitude: -33.9, longitude: 18.4 } },
    });
    expect(moved.body).toMatchObject({
      configuration,
      isDraft: false,
      location: { address: 'Elsewhere', latitude: -33.9, longitude: 18.4 },
    });
    expect(moved.body.location).not.toHaveProperty('placeId');

    const removed = await server.app.inject({
      method: 'DELETE',
      url: `/api/v1/projects/${id}`,
      headers: { authorization: `Bearer ${me.token}` },
    });
    expect(removed.statusCode).toBe(204);
    expect(removed.body).toBe('');
    expect((await api(server, 'GET', `/projects/${id}`, { token: me.token })).status).toBe(404);
    expect((await api(server, 'GET', '/projects', { token: me.token })).body).toEqual([]);
  });

  it('lists newest change first and only the caller’s own projects', async () => {
    const me = await userOfType(server, TYPE.commercial);
    const other = await userOfType(server, TYPE.residential);
    await api(server, 'POST', '/projects', { token: other.token, body: { location } });
    const first = await api(server, 'POST', '/projects', { token: me.token, body: { location } });
    const second = await api(server, 'POST', '/projects', {
      token: me.token,
      body: { location, configuration: { a: 1 }, isDraft: false },
    });
    expect(second.body).toMatchObject({ configuration: { a: 1 }, isDraft: false });
    const ids = async () =>
      (await api(server, 'GET', '/projects', { token: me.token })).body.map(
        (p: { id: string }) => p.id,
      );
    expect(await ids()).toEqual([second.body.id, first.body.id]);
    await api(server, 'PUT', `/projects/${first.body.id}`, {
      token: me.token,
      body: { isDraft: true },
    });
    expect(await ids()).toEqual([first.body.id, second.body.id]);
  });

  it('answers 400 with field errors for bad bodies and queries, writing nothing', async () => {
    const me = await userOfType(server, TYPE.residential);
    const before = await rows();
    const bad = async (body: unknown) =>
      api(server, 'POST', '/projects', { token: me.token, body: body as object });
    const lat = await bad({ location: { ...location, latitude: 91 } });
    expect(lat.status).toBe(400);
    expect(lat.body).toMatchObject({
      code: 'validation_failed',
      message: 'Latitude must be between -90 and 90',
      errors: { 'location.latitude': 'Latitude must be between -90 and 90' },
    });
    const lon = await bad({ location: { ...location, longitude: -181 } });
    expect(lon.body.errors).toEqual({
      'location.longitude': 'Longitude must be between -180 and 180',
    });
    const address = await bad({ location: { ...location, address: '  ' } });
    expect(address.body.errors).toEqual({ 'location.address': 'Address is required' });
    expect((await bad({})).status).toBe(400);
    const unknown = await bad({ location, owner: 'x' });
    expect(unknown.body).toMatchObject({
      code: 'validation_failed',
      errors: { owner: 'Unknown field' },
    });
    const config = await bad({ location, configuration: [1, 2] });
    expect(config.body.errors).toEqual({
      configuration: 'Configuration must be an object or null',
    });
    const draft = await bad({ location, isDraft: 'yes' });
    expect(draft.status).toBe(400);
    const scope = await api(server, 'GET', '/projects?scope=mine', { token: me.token });
    expect(scope.body).toMatchObject({
      code: 'validation_failed',
      message: 'Scope must be own or all',
    });
    const created = await api(server, 'POST', '/projects', { token: me.token, body: { location } });
    const put = await api(server, 'PUT', `/projects/${created.body.id}`, {
      token: me.token,
      body: { location: { ...location, latitude: 'north' } },
    });
    expect(put.status).toBe(400);
    expect(
      (await api(server, 'GET', `/projects/${created.body.id}`, { token: me.token })).body,
    ).toEqual(created.body);
    expect(await rows()).toBe(before + 1);
  });

  it('answers 401 without a token and 404 for unknown or malformed ids', async () => {
    expect((await api(server, 'GET', '/projects')).status).toBe(401);
    expect((await api(server, 'POST', '/projects', { body: { location } })).status).toBe(401);
    const me = await userOfType(server, TYPE.residential);
    for (const id of ['00000000-0000-4000-8000-000000000000', 'not-a-uuid', "1' or '1'='1"]) {
      const path = `/projects/${encodeURIComponent(id)}`;
      const get = await api(server, 'GET', path, { token: me.token });
      expect(get.status).toBe(404);
      expect(get.body).toEqual({ message: 'Project not found', code: 'not_found' });
      expect((await api(server, 'PUT', path, { token: me.token, body: {} })).status).toBe(404);
      expect((await api(server, 'DELETE', path, { token: me.token })).status).toBe(404);
    }
  });

  describe('role rules', () => {
    let owner: Awaited<ReturnType<typeof userOfType>>;
    let projectId: string;
    beforeAll(async () => {
      owner = await userOfType(server, TYPE.residential);
      projectId = (
        await api(server, 'POST', '/projects', { token: owner.token, body: { location } })
      ).body.id;
    });

    it.each([
      ['residential client', TYPE.residential],
      ['commercial client', TYPE.commercial],
      ['supplier', TYPE.supplier],
      ['installer', TYPE.installer],
      ['roof inspector', TYPE.roofInspector],
    ])(
      'a %s without canViewAllProjects gets 404 for another user’s project and 403 for scope=all',
      async (_name, userType) => {
        const stranger = await userOfType(server, userType);
        const path = `/projects/${projectId}`;
        const get = await api(server, 'GET', path, { token: stranger.token });
        expect(get.status).toBe(404);
        expect(get.body.code).toBe('not_found');
        const put = await api(server, 'PUT', path, {
          token: stranger.token,
          body: { isDraft: false },
        });
        expect(put.status).toBe(404);
        expect((await api(server, 'DELETE', path, { token: stranger.token })).status).toBe(404);
        const all = await api(server, 'GET', '/projects?scope=all', { token: stranger.token });
        expect(all.status).toBe(403);
        expect(all.body).toEqual({
          message: 'You are not authorized to do that',
          code: 'forbidden',
        });
        // Nothing changed.
        const seen = await api(server, 'GET', path, { token: owner.token });
        expect(seen.body).toMatchObject({ id: projectId, isDraft: true });
      },
    );

    it('a project manager may list all, read and edit others’ projects, but not delete them (403)', async () => {
      const manager = await userOfType(server, TYPE.projectManager);
      const all = await api(server, 'GET', '/projects?scope=all', { token: manager.token });
      expect(all.status).toBe(200);
      expect(all.body.map((p: { id: string }) => p.id)).toContain(projectId);
      const own = await api(server, 'GET', '/projects', { token: manager.token });
      expect(own.body).toEqual([]);
      const path = `/projects/${projectId}`;
      expect((await api(server, 'GET', path, { token: manager.token })).body.userId).toBe(
        owner.userId,
      );
      const put = await api(server, 'PUT', path, {
        token: manager.token,
        body: { configuration: { reviewed: true } },
      });
      expect(put.status).toBe(200);
      // The owner stays the owner.
      expect(put.body).toMatchObject({ userId: owner.userId, configuration: { reviewed: true } });
      const del = await api(server, 'DELETE', path, { token: manager.token });
      expect(del.status).toBe(403);
      expect(del.body.code).toBe('forbidden');
      expect((await api(server, 'GET', path, { token: owner.token })).status).toBe(200);
    });

    it('an admin may list all, read, edit and delete others’ projects', async () => {
      const admin = await signIn(server, ADMIN);
      const victim = (
        await api(server, 'POST', '/projects', { token: owner.token, body: { location } })
      ).body.id as string;
      const all = await api(server, 'GET', '/projects?scope=all', { token: admin.token });
      expect(all.body.map((p: { id: string }) => p.id)).toEqual(
        expect.arrayContaining([projectId, victim]),
      );
      const path = `/projects/${victim}`;
      expect((await api(server, 'GET', path, { token: admin.token })).status).toBe(200);
      expect(
        (await api(server, 'PUT', path, { token: admin.token, body: { isDraft: false } })).status,
      ).toBe(200);
      expect((await api(server, 'DELETE', path, { token: admin.token })).status).toBe(204);
      expect((await api(server, 'GET', path, { token: owner.token })).status).toBe(404);
    });

    it('a deactivated owner loses access at once', async () => {
      const admin = await signIn(server, ADMIN);
      const user = await userOfType(server, TYPE.residential);
      const created = await api(server, 'POST', '/projects', {
        token: user.token,
        body: { location },
      });
      const detail = await api(server, 'GET', `/admin/users/${user.userId}`, {
        token: admin.token,
      });
      await api(server, 'PUT', `/admin/users/${user.userId}`, {
        token: admin.token,
        body: {
          name: detail.body.user.name,
          email: user.email,
          userType: TYPE.residential,
          emailConfirmed: true,
          isActive: false,
        },
      });
      const get = await api(server, 'GET', `/projects/${created.body.id}`, { token: user.token });
      expect(get.status).toBe(401);
    });
  });
});

describe('project action limit (100 per hour per user)', () => {
  let server: PluginServer;
  beforeAll(async () => {
    server = await startPluginServer('pglite');
  });
  afterAll(async () => {
    await server?.close();
  });

  it('the 101st project action of one user in an hour is 429 with Retry-After; reads are not counted', async () => {
    const busy = await userOfType(server, 4);
    const calm = await userOfType(server, 4);
    const created = await api(server, 'POST', '/projects', {
      token: busy.token,
      body: { location },
    });
    expect(created.status).toBe(201);
    const id = created.body.id as string;
    // Actions count (1 create + 99 saves = 100); reads in between do not.
    for (let i = 0; i < 99; i++) {
      const saved = await api(server, 'PUT', `/projects/${id}`, { token: busy.token, body: {} });
      expect(saved.status, `action ${i + 2}`).toBe(200);
      expect((await api(server, 'GET', '/projects', { token: busy.token })).status).toBe(200);
      expect((await api(server, 'GET', `/projects/${id}`, { token: busy.token })).status).toBe(200);
    }
    const refused = await api(server, 'POST', '/projects', {
      token: busy.token,
      body: { location },
    });
    expect(refused.status).toBe(429);
    expect(refused.body).toEqual({
      message: 'Rate limit exceeded: max 100 requests per hour',
      code: 'rate_limited',
    });
    const retryAfter = Number(refused.headers['retry-after']);
    expect(retryAfter).toBeGreaterThan(3500);
    expect(retryAfter).toBeLessThanOrEqual(3600);
    expect(
      (await api(server, 'PUT', `/projects/${id}`, { token: busy.token, body: {} })).status,
    ).toBe(429);
    expect((await api(server, 'DELETE', `/projects/${id}`, { token: busy.token })).status).toBe(
      429,
    );
    // While limited, the drafts can still be read.
    expect((await api(server, 'GET', '/projects', { token: busy.token })).status).toBe(200);
    expect((await api(server, 'GET', `/projects/${id}`, { token: busy.token })).status).toBe(200);
    // The refused create wrote nothing.
    expect((await server.database.db.select({ n: count() }).from(projects))[0]!.n).toBe(1);
    // Another user is not affected.
    expect(
      (await api(server, 'POST', '/projects', { token: calm.token, body: { location } })).status,
    ).toBe(201);
  });
});

describe('OpenAPI document', () => {
  it('lists the projects, calculator and geo endpoints', async () => {
    const server = await startPluginServer('pglite');
    try {
      const answer = await server.app.inject({ method: 'GET', url: '/api/v1/openapi.json' });
      expect(answer.statusCode).toBe(200);
      const paths = Object.keys(answer.json().paths as object).join(' ');
      for (const path of [
        '/projects',
        '/projects/{id}',
        '/calculator/bill-extract',
        '/calculator/production',
        '/geo/search',
        '/geo/reverse',
      ]) {
        expect(paths).toContain(path);
      }
    } finally {
      await server.close();
    }
  });
});
