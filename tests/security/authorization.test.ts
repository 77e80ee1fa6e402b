/**
 * Authorization matrix: every endpoint of the live router x every
 * role, plus anonymous and forged or misused credentials, against the expected status
 * derived from the endpoint table (support/endpoints.ts) and the domain's permission
 * matrix (`can`). A route the table does not know fails the first test.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  can,
  canSeeProject,
  canTakeAction,
  PERMISSION_FLAGS,
  PERMISSION_MATRIX,
  PIPELINE_ACTIONS,
  PIPELINE_RULES,
  permissionsFor,
  PROJECT_STATUSES,
  ROLE_KEYS,
  type PermissionFlag,
  type PipelineAction,
  type RoleKey,
} from '../../packages/domain/src/index.ts';
import {
  ENDPOINTS,
  endpointKey,
  requestContext,
  expectedFor,
  routeTable,
  type Endpoint,
} from './support/endpoints.ts';
import {
  claimsOf,
  forgeJwt,
  startSecurityServer,
  usersByRole,
  type RoleUser,
  type SecurityServer,
} from './support/server.ts';

let server: SecurityServer;
let users: Record<RoleKey, RoleUser>;
let target: RoleUser;

/** `can` for a role with a token that has not expired. */
const roleCan = (role: RoleKey, flag: PermissionFlag) =>
  can({ role, expiresAt: Math.floor(Date.now() / 1000) + 600 }, flag, Date.now());

const context = (caller: RoleUser | undefined) => requestContext(server, caller, target);

async function send(endpoint: Endpoint, caller: RoleUser | undefined, token: string | undefined) {
  const sample = await endpoint.sample(context(caller));
  const answer = await server.call(endpoint.method, sample.url, {
    ...(token === undefined ? {} : { token }),
    ...(sample.body === undefined ? {} : { body: sample.body }),
    ...(sample.rawBody === undefined ? {} : { rawBody: sample.rawBody }),
    ...(sample.headers === undefined ? {} : { headers: sample.headers }),
  });
  return { sample, answer };
}

beforeAll(async () => {
  server = await startSecurityServer();
  users = await usersByRole(server);
  target = await server.createUser('client_residential', 'Target User');
});
afterAll(async () => {
  await server?.close();
});

describe('the endpoint table', () => {
  it('names every route of the live router, and nothing else', () => {
    expect(ENDPOINTS.map(endpointKey).sort()).toEqual(routeTable(server));
  });

  it('agrees with the OpenAPI document on which endpoints need a bearer token', () => {
    const doc = server.app.swagger() as {
      paths: Record<string, Record<string, { security?: unknown[] }>>;
    };
    for (const endpoint of ENDPOINTS) {
      const operation = doc.paths[endpoint.path]?.[endpoint.method.toLowerCase()];
      expect(operation, endpointKey(endpoint)).toBeDefined();
      const bearer = (operation!.security ?? []).length > 0;
      expect(bearer, endpointKey(endpoint)).toBe(endpoint.access !== 'public');
    }
  });

  it('uses only flags of the domain matrix, and the matrix covers every role', () => {
    for (const endpoint of ENDPOINTS) {
      if (endpoint.access === 'public' || endpoint.access === 'signed-in') continue;
      expect(PERMISSION_FLAGS).toContain(endpoint.access);
    }
    expect(Object.keys(PERMISSION_MATRIX).sort()).toEqual([...ROLE_KEYS].sort());
  });
});

describe.each(ENDPOINTS.map((e) => [endpointKey(e), e] as const))('%s', (_key, endpoint) => {
  it.each(ROLE_KEYS)('as %s', async (role) => {
    const user = users[role];
    const { sample, answer } = await send(endpoint, user, user.token);
    const expected = expectedFor(endpoint.access, role, sample.ok, roleCan);
    expect(answer.status, answer.raw).toBe(expected);
    if (expected === 403) expect(answer.body).toMatchObject({ code: 'forbidden' });
  });

  /** The forged or misused credentials, each with the 401 code a protected call gives. */
  const badCredentials: [string, () => string | undefined, string][] = [
    ['no token', () => undefined, 'unauthenticated'],
    ['a malformed token', () => 'not.a.jwt!', 'unauthenticated'],
    [
      'an expired token',
      () =>
        forgeJwt(
          claimsOf(users.admin, {
            iat: Math.floor(Date.now() / 1000) - 1000,
            exp: Math.floor(Date.now() / 1000) - 10,
          }),
          server.jwtSecret,
        ),
      'token_expired',
    ],
    [
      'a token signed with another key',
      () => forgeJwt(claimsOf(users.admin), 'another-secret-of-at-least-32-characters!'),
      'unauthenticated',
    ],
    [
      'an alg none token',
      () => forgeJwt(claimsOf(users.admin), '', { alg: 'none', typ: 'JWT' }),
      'unauthenticated',
    ],
    [
      'an HS512 token with the right key',
      () => {
        // Only HS256 is accepted; a different algorithm is refused even with the right key.
        const token = forgeJwt(claimsOf(users.admin), server.jwtSecret, { alg: 'HS512' });
        return token;
      },
      'unauthenticated',
    ],
    ['a refresh token', () => users.admin.refreshToken, 'unauthenticated'],
    [
      'a token of a user who does not exist',
      () =>
        forgeJwt(
          claimsOf(users.admin, { sub: '00000000-0000-4000-8000-000000000000' }),
          server.jwtSecret,
        ),
      'account_inactive',
    ],
  ];

  it.each(badCredentials)('with %s', async (_name, token, code) => {
    const { sample, answer } = await send(endpoint, undefined, token());
    if (endpoint.access === 'public') {
      // A public call ignores the Authorization header: the same answer as without one.
      expect(answer.status, answer.raw).toBe(sample.ok);
    } else {
      expect(answer.status, answer.raw).toBe(401);
      expect(answer.body).toMatchObject({ code });
      expect(answer.body.message).toEqual(expect.any(String));
    }
  });
});

describe('role comes from the account, not from the token', () => {
  it('a correctly signed token claiming admin for a client is refused the admin calls', async () => {
    const client = users.client_residential;
    const token = forgeJwt(claimsOf(client, { role: 'admin' }), server.jwtSecret);
    const answer = await server.call('GET', '/admin/users', { token });
    expect(answer.status).toBe(403);
  });

  it('a deactivated account is refused from the next request, with its old token', async () => {
    const victim = await server.createUser('project_manager');
    expect((await server.call('GET', '/auth/me', { token: victim.token })).status).toBe(200);
    const update = await server.call('PUT', `/admin/users/${victim.id}`, {
      token: users.admin.token,
      body: {
        name: 'Gone',
        email: victim.email,
        userType: 1,
        emailConfirmed: true,
        isActive: false,
      },
    });
    expect(update.status).toBe(200);
    const answer = await server.call('GET', '/projects?scope=all', { token: victim.token });
    expect(answer.status).toBe(401);
    expect(answer.body.code).toBe('account_inactive');
    const refresh = await server.call('POST', '/auth/refresh', {
      body: { refreshToken: victim.refreshToken },
    });
    expect(refresh.status).toBe(401);
  });
});

describe("another user's project, by role (owner or canViewAllProjects / canEditProjects / canDeleteProjects)", () => {
  it.each(ROLE_KEYS)('as %s', async (role) => {
    const caller = users[role];
    const owner = await server.createUser('client_commercial');
    const project = await context(owner).projectOf(owner);
    const read = roleCan(role, 'canViewAllProjects');
    const expectFor = (flag: PermissionFlag, ok: number) =>
      !read ? 404 : roleCan(role, flag) ? ok : 403;

    const list = await server.call('GET', '/projects?scope=all', { token: caller.token });
    expect(list.status).toBe(read ? 200 : 403);
    const own = await server.call('GET', '/projects', { token: caller.token });
    expect(own.body.map((p: { id: string }) => p.id)).not.toContain(project);

    expect((await server.call('GET', `/projects/${project}`, { token: caller.token })).status).toBe(
      read ? 200 : 404,
    );
    const put = await server.call('PUT', `/projects/${project}`, {
      token: caller.token,
      body: { isDraft: false },
    });
    expect(put.status).toBe(expectFor('canEditProjects', 200));
    const del = await server.call('DELETE', `/projects/${project}`, { token: caller.token });
    expect(del.status).toBe(expectFor('canDeleteProjects', 204));
  });
});

/**
 * The pipeline's answer to `role` taking `action` on someone else's project in `status`,
 * from the domain's rules (pipeline.ts): 404 unseen, 200 allowed, 409 when the role may
 * take it but not from this status, else 403.
 */
function pipelineExpectation(
  role: RoleKey,
  status: (typeof PROJECT_STATUSES)[number],
  action: PipelineAction,
) {
  if (!canSeeProject(role, false, status)) return 404;
  if (canTakeAction(role, false, status, action)) return 200;
  const granted = permissionsFor(role);
  return PIPELINE_RULES[action].flags.some((flag) => granted[flag]) ? 409 : 403;
}

const pipelineBody = (action: PipelineAction) =>
  PIPELINE_RULES[action].needs === 'date'
    ? { action, date: '2054-12-15' }
    : PIPELINE_RULES[action].needs === 'inspection'
      ? { action, inspection: { roofType: 'flat', roofAreaM2: 50, shadingNotes: '' } }
      : { action };

describe("another user's project in the pipeline, by role (pipeline.ts visibility and actions)", () => {
  it.each(ROLE_KEYS)(
    'as %s: every status seen or 404, every action 200, 403, 404 or 409',
    async (role) => {
      const caller = users[role];
      const owner = await server.createUser('client_residential');
      for (const status of PROJECT_STATUSES) {
        const project = await context(owner).projectOf(owner);
        await server.setProjectStatus(project, status);
        const seen = canSeeProject(role, false, status);
        const view = await server.call('GET', `/projects/${project}/pipeline`, {
          token: caller.token,
        });
        expect(view.status, `${role} sees ${status}`).toBe(seen ? 200 : 404);
        const listed = await server.call(
          'GET',
          `/projects/pipeline?pageSize=100&searchTerm=${owner.email}`,
          {
            token: caller.token,
          },
        );
        expect(listed.body.items.map((p: { id: string }) => p.id).includes(project)).toBe(seen);
        for (const action of PIPELINE_ACTIONS) {
          await server.setProjectStatus(project, status);
          const answer = await server.call('POST', `/projects/${project}/transitions`, {
            token: caller.token,
            body: pipelineBody(action),
          });
          expect(answer.status, `${role} ${action} from ${status}`).toBe(
            pipelineExpectation(role, status, action),
          );
        }
        // Photos: only while the inspection is scheduled or recorded, by those who inspect.
        await server.setProjectStatus(project, status);
        // (No body: an upload that gets past the rules is then refused as not multipart, 415.)
        const photo = await server.call('POST', `/projects/${project}/photos`, {
          token: caller.token,
        });
        const inspects = roleCan(role, 'canScheduleInspections');
        const open = status === 'inspection_scheduled' || status === 'inspected';
        expect(photo.status, `${role} photo on ${status}`).toBe(
          !seen ? 404 : !inspects ? 403 : open ? 415 : 409,
        );
      }
    },
  );
});

describe('secrets never leave the server', () => {
  it('no answer of this suite carried a password hash or a password field', () => {
    expect(server.seenBodies.length).toBeGreaterThan(300);
    for (const body of server.seenBodies) {
      expect(body).not.toMatch(/\$argon2|passwordHash|password_hash|"password"/);
    }
  });
});
