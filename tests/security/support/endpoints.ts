/**
 * The API's endpoints as the security suites see them: who may call each one (public,
 * any signed-in user, or a permission flag of the domain's matrix) and one request that
 * succeeds for a caller who may. `routeTable` reads the live router, so an endpoint added
 * to the server without an entry here fails the authorization suite.
 */
import type { PermissionFlag, RoleKey } from '../../../packages/domain/src/index.ts';
import { ADMIN, uniqueEmail, type RoleUser, type SecurityServer } from './server.ts';

/** Who may call an endpoint. */
export type Access = 'public' | 'signed-in' | PermissionFlag;

/** What the table needs to build a request for a caller. */
export interface RequestContext {
  server: SecurityServer;
  /** The caller (undefined for an anonymous or forged-token call). */
  caller: RoleUser | undefined;
  /** A user every admin call may read and update. */
  target: RoleUser;
  /** A conversation of the caller (or of `target` for anonymous calls). */
  conversationOf(user: RoleUser | undefined): Promise<string>;
  /** A project of the caller (or of `target` for anonymous calls). */
  projectOf(user: RoleUser | undefined): Promise<string>;
}

/**
 * The request context of `caller` on `server`: conversations and projects are made through
 * the API (a chat message, a project at a fixed place) for the given user, else `target`.
 */
export function requestContext(
  server: SecurityServer,
  caller: RoleUser | undefined,
  target: RoleUser,
): RequestContext {
  return {
    server,
    caller,
    target,
    async conversationOf(user) {
      const answer = await server.call('POST', '/chat/stream', {
        token: (user ?? target).token,
        body: { message: 'Hello there', conversationId: null },
      });
      const id = /"conversationId":"([^"]+)"/.exec(answer.raw)?.[1];
      if (!id) throw new Error(`no conversation: ${answer.status} ${answer.raw}`);
      return id;
    },
    async projectOf(user) {
      const answer = await server.call('POST', '/projects', {
        token: (user ?? target).token,
        body: { location: { address: 'Somewhere 1', latitude: 42.8, longitude: 74.6 } },
      });
      if (answer.status !== 201) throw new Error(`no project: ${answer.raw}`);
      return answer.body.id as string;
    },
  };
}

/** One request: the URL (without /api/v1), an optional JSON body and the success status. */
export interface SampleRequest {
  url: string;
  body?: unknown;
  headers?: Record<string, string>;
  rawBody?: string | Buffer;
  ok: number;
}

export interface Endpoint {
  method: 'GET' | 'POST' | 'PUT' | 'DELETE';
  /** OpenAPI form, `{id}` for parameters. */
  path: string;
  access: Access;
  sample(ctx: RequestContext): Promise<SampleRequest>;
  /**
   * 5xx answers the contract gives for this endpoint in the test set-up (Google sign-in is
   * not configured: 503); the fuzzing suite accepts these and nothing else >= 500.
   */
  documented5xx?: number[];
}

const location = {
  address: 'Chui Avenue 1, Bishkek',
  latitude: 42.87,
  longitude: 74.59,
  placeId: 'osm:way:1',
};
/** A 1x1 PNG as a multipart upload in field `file` (the roof photo samples). */
const photoUpload = (() => {
  const boundary = '----solarsecurity';
  const png = Buffer.from(
    'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==',
    'base64',
  );
  return {
    rawBody: Buffer.concat([
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="roof.png"\r\nContent-Type: image/png\r\n\r\n`,
      ),
      png,
      Buffer.from(`\r\n--${boundary}--\r\n`),
    ]),
    headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
  };
})();

/** The seeded admin's token on each server (signed in once). */
const adminTokens = new WeakMap<SecurityServer, Promise<string>>();
const adminToken = (server: SecurityServer) => {
  if (!adminTokens.has(server)) {
    adminTokens.set(
      server,
      server.signIn(ADMIN.email, ADMIN.password).then((admin) => admin.token),
    );
  }
  return adminTokens.get(server)!;
};

/**
 * A project of `user` (or `target`) whose inspection is scheduled: the owner requests the
 * site visit, then `scheduler` (default the admin) schedules it.
 */
async function scheduledProject(ctx: RequestContext, schedulerToken?: string): Promise<string> {
  const { server, caller, target, projectOf } = ctx;
  const id = await projectOf(caller);
  await server.call('POST', `/projects/${id}/transitions`, {
    token: (caller ?? target).token,
    body: { action: 'requestQuote' },
  });
  await server.call('POST', `/projects/${id}/transitions`, {
    token: schedulerToken ?? (await adminToken(server)),
    body: { action: 'scheduleInspection', date: '2054-12-15' },
  });
  return id;
}

/** A project configuration with text, a number and a nested object (stored as JSON). */
const configuration = { systemSizeKw: 5, note: 'South roof', panels: { count: 12 } };
/** A full calculator configuration (system-configuration.ts): what a proposal needs. */
const proposalConfiguration = {
  systemSizeKw: 4,
  panelCount: 10,
  tiltDeg: 30,
  azimuthDeg: 180,
  roofType: 'flat',
  lossPercent: 14,
  pricePerKwhSom: 1.49,
};

export const ENDPOINTS: Endpoint[] = [
  {
    method: 'GET',
    path: '/health',
    access: 'public',
    sample: async () => ({ url: '/health', ok: 200 }),
  },
  {
    method: 'GET',
    path: '/health/live',
    access: 'public',
    sample: async () => ({ url: '/health/live', ok: 200 }),
  },
  {
    method: 'GET',
    path: '/health/ready',
    access: 'public',
    sample: async () => ({ url: '/health/ready', ok: 200 }),
  },
  {
    method: 'GET',
    path: '/config',
    access: 'public',
    sample: async () => ({ url: '/config', ok: 200 }),
  },
  {
    method: 'GET',
    path: '/config/logo',
    access: 'public',
    // No BUSINESS_LOGO_PATH in the suite: 404 for everybody.
    sample: async () => ({ url: '/config/logo', ok: 404 }),
  },
  {
    method: 'POST',
    path: '/auth/email/signup',
    access: 'public',
    sample: async () => ({
      url: '/auth/email/signup',
      body: {
        name: 'New Person',
        email: uniqueEmail('signup'),
        password: 'Secret123',
        confirmPassword: 'Secret123',
      },
      ok: 201,
    }),
  },
  {
    method: 'POST',
    path: '/auth/email/signin',
    access: 'public',
    sample: async ({ target }) => ({
      url: '/auth/email/signin',
      body: { email: target.email, password: 'Secret123' },
      ok: 200,
    }),
  },
  {
    method: 'POST',
    path: '/auth/google/start',
    access: 'public',
    documented5xx: [502, 503],
    // External sign-in is not configured in the suite: the answer is 503 for everybody.
    sample: async () => ({
      url: '/auth/google/start',
      body: { redirectUri: 'http://127.0.0.1/signin/callback' },
      ok: 503,
    }),
  },
  {
    method: 'POST',
    path: '/auth/google/signin',
    access: 'public',
    documented5xx: [502, 503],
    // External sign-in is not configured in the suite: the answer is 503 for everybody.
    sample: async () => ({
      url: '/auth/google/signin',
      body: { code: 'abc', state: 'st', redirectUri: 'http://127.0.0.1/signin/callback' },
      ok: 503,
    }),
  },
  {
    method: 'POST',
    path: '/auth/refresh',
    access: 'public',
    sample: async ({ server, target }) => ({
      url: '/auth/refresh',
      body: { refreshToken: (await server.signIn(target.email, 'Secret123')).refreshToken },
      ok: 200,
    }),
  },
  {
    method: 'POST',
    path: '/auth/signout',
    access: 'public',
    sample: async ({ server, target }) => ({
      url: '/auth/signout',
      body: { refreshToken: (await server.signIn(target.email, 'Secret123')).refreshToken },
      ok: 204,
    }),
  },
  {
    method: 'GET',
    path: '/auth/me',
    access: 'signed-in',
    sample: async () => ({ url: '/auth/me', ok: 200 }),
  },
  {
    method: 'PUT',
    path: '/auth/me',
    access: 'signed-in',
    sample: async ({ caller, target }) => ({
      url: '/auth/me',
      body: { name: 'Same Name', email: (caller ?? target).email },
      ok: 200,
    }),
  },
  {
    method: 'PUT',
    path: '/auth/me/locale',
    access: 'signed-in',
    sample: async () => ({ url: '/auth/me/locale', body: { locale: 'en' }, ok: 204 }),
  },
  {
    method: 'POST',
    path: '/auth/password/forgot',
    access: 'public',
    sample: async ({ target }) => ({
      url: '/auth/password/forgot',
      body: { email: target.email },
      ok: 202,
    }),
  },
  {
    method: 'POST',
    path: '/auth/password/reset',
    access: 'public',
    // The token is the proof; a wrong one is 400 invalid_token whoever calls.
    sample: async () => ({
      url: '/auth/password/reset',
      body: { token: 'not-a-token', password: 'Secret123', confirmPassword: 'Secret123' },
      ok: 400,
    }),
  },
  {
    method: 'POST',
    path: '/auth/password/change',
    access: 'signed-in',
    // A wrong current password: 400 for every signed-in caller, and no password changes.
    sample: async () => ({
      url: '/auth/password/change',
      body: {
        currentPassword: 'Not-the-password1',
        password: 'Secret123',
        confirmPassword: 'Secret123',
      },
      ok: 400,
    }),
  },
  {
    method: 'POST',
    path: '/auth/email/verify/resend',
    access: 'signed-in',
    // The suite's users are confirmed: 409 for every signed-in caller.
    sample: async () => ({ url: '/auth/email/verify/resend', ok: 409 }),
  },
  {
    method: 'POST',
    path: '/auth/email/verify',
    access: 'public',
    sample: async () => ({ url: '/auth/email/verify', body: { token: 'not-a-token' }, ok: 400 }),
  },
  {
    method: 'POST',
    path: '/auth/email/change/confirm',
    access: 'public',
    // The token is the proof; a wrong one is 400 invalid_token whoever calls.
    sample: async () => ({
      url: '/auth/email/change/confirm',
      body: { token: 'not-a-token' },
      ok: 400,
    }),
  },
  {
    method: 'POST',
    path: '/auth/email/change/cancel',
    access: 'public',
    sample: async () => ({
      url: '/auth/email/change/cancel',
      body: { token: 'not-a-token' },
      ok: 400,
    }),
  },
  {
    method: 'POST',
    path: '/auth/email/change/resend',
    access: 'signed-in',
    // No change is pending for the suite's users: 409 for every signed-in caller.
    sample: async () => ({ url: '/auth/email/change/resend', ok: 409 }),
  },
  {
    method: 'DELETE',
    path: '/auth/email/change',
    access: 'signed-in',
    sample: async () => ({ url: '/auth/email/change', ok: 200 }),
  },
  {
    method: 'GET',
    path: '/admin/users',
    access: 'canManageUsers',
    sample: async () => ({
      url: '/admin/users?pageNumber=1&pageSize=5&searchTerm=user&sortBy=name&userType=4',
      ok: 200,
    }),
  },
  {
    method: 'POST',
    path: '/admin/users',
    access: 'canManageUsers',
    sample: async () => ({
      url: '/admin/users',
      body: {
        name: 'Made By Admin',
        email: uniqueEmail('made'),
        password: 'Secret1',
        userType: 4,
        emailConfirmed: false,
      },
      ok: 201,
    }),
  },
  {
    method: 'GET',
    path: '/admin/users/{id}',
    access: 'canManageUsers',
    sample: async ({ target }) => ({ url: `/admin/users/${target.id}`, ok: 200 }),
  },
  {
    method: 'PUT',
    path: '/admin/users/{id}',
    access: 'canManageUsers',
    sample: async ({ target }) => ({
      url: `/admin/users/${target.id}`,
      body: {
        name: 'Target User',
        email: target.email,
        userType: 4,
        emailConfirmed: true,
        isActive: true,
      },
      ok: 200,
    }),
  },
  {
    method: 'PUT',
    path: '/admin/users/{id}/status',
    access: 'canManageUsers',
    sample: async ({ target }) => ({
      url: `/admin/users/${target.id}/status`,
      body: { isActive: true },
      ok: 200,
    }),
  },
  {
    method: 'GET',
    path: '/audit-events',
    access: 'canViewAuditLog',
    sample: async ({ target }) => ({
      url: `/audit-events?actorId=${target.id}&targetType=user&action=user.update&from=2026-01-01&to=2099-12-31&pageNumber=1&pageSize=5`,
      ok: 200,
    }),
  },
  {
    method: 'GET',
    path: '/audit-events.csv',
    access: 'canViewAuditLog',
    sample: async ({ target }) => ({
      url: `/audit-events.csv?targetType=user&targetId=${target.id}&from=2026-01-01`,
      ok: 200,
    }),
  },
  {
    method: 'GET',
    path: '/users/{id}/history',
    access: 'canViewAuditLog',
    sample: async ({ target }) => ({ url: `/users/${target.id}/history?pageSize=5`, ok: 200 }),
  },
  {
    method: 'GET',
    path: '/admin/jobs',
    access: 'canManageUsers',
    sample: async () => ({ url: '/admin/jobs?state=failed', ok: 200 }),
  },
  {
    method: 'POST',
    path: '/admin/jobs/{id}/retry',
    access: 'canManageUsers',
    // No job with this id: 404 is the answer an authorized caller gets.
    sample: async () => ({
      url: '/admin/jobs/00000000-0000-4000-8000-000000000000/retry',
      ok: 404,
    }),
  },
  {
    method: 'POST',
    path: '/chat/stream',
    access: 'signed-in',
    sample: async () => ({
      url: '/chat/stream',
      body: {
        message: 'My bill is 2500 som a month',
        conversationId: null,
        context: { botType: 0, locale: 'en' },
      },
      ok: 200,
    }),
  },
  {
    method: 'GET',
    path: '/chat/history/{id}',
    access: 'signed-in',
    sample: async ({ caller, conversationOf }) => ({
      url: `/chat/history/${await conversationOf(caller)}`,
      ok: 200,
    }),
  },
  {
    method: 'POST',
    path: '/chat/end/{id}',
    access: 'signed-in',
    sample: async ({ caller, conversationOf }) => ({
      url: `/chat/end/${await conversationOf(caller)}`,
      ok: 200,
    }),
  },
  {
    method: 'POST',
    path: '/chat/stop/{id}',
    access: 'signed-in',
    sample: async ({ caller, conversationOf }) => ({
      url: `/chat/stop/${await conversationOf(caller)}`,
      ok: 204,
    }),
  },
  {
    method: 'GET',
    path: '/chat/stream/{id}',
    access: 'signed-in',
    sample: async ({ caller, conversationOf }) => ({
      url: `/chat/stream/${await conversationOf(caller)}`,
      ok: 204,
    }),
  },
  {
    method: 'GET',
    path: '/chat/conversations',
    access: 'signed-in',
    sample: async () => ({ url: '/chat/conversations?page=1&pageSize=5', ok: 200 }),
  },
  {
    method: 'PUT',
    path: '/chat/conversations/{id}/title',
    access: 'signed-in',
    sample: async ({ caller, conversationOf }) => ({
      url: `/chat/conversations/${await conversationOf(caller)}/title`,
      body: { title: 'Renamed' },
      ok: 200,
    }),
  },
  {
    method: 'GET',
    path: '/chat/portfolio',
    access: 'signed-in',
    sample: async () => ({ url: '/chat/portfolio', ok: 200 }),
  },
  {
    method: 'GET',
    path: '/projects',
    access: 'signed-in',
    sample: async () => ({ url: '/projects?scope=own', ok: 200 }),
  },
  {
    method: 'POST',
    path: '/projects',
    access: 'signed-in',
    sample: async () => ({
      url: '/projects',
      body: { location, configuration, isDraft: true },
      ok: 201,
    }),
  },
  {
    method: 'GET',
    path: '/projects/{id}',
    access: 'signed-in',
    sample: async ({ caller, projectOf }) => ({
      url: `/projects/${await projectOf(caller)}`,
      ok: 200,
    }),
  },
  {
    method: 'PUT',
    path: '/projects/{id}',
    access: 'signed-in',
    sample: async ({ caller, projectOf }) => ({
      url: `/projects/${await projectOf(caller)}`,
      body: { location, configuration, isDraft: false },
      ok: 200,
    }),
  },
  {
    method: 'DELETE',
    path: '/projects/{id}',
    access: 'signed-in',
    sample: async ({ caller, projectOf }) => ({
      url: `/projects/${await projectOf(caller)}`,
      ok: 204,
    }),
  },
  {
    method: 'GET',
    path: '/projects/{id}/proposal.pdf',
    access: 'signed-in',
    sample: async ({ server, caller, target }) => {
      const answer = await server.call('POST', '/projects', {
        token: (caller ?? target).token,
        body: { location, configuration: proposalConfiguration, isDraft: false },
      });
      if (answer.status !== 201) throw new Error(`no project: ${answer.raw}`);
      return { url: `/projects/${answer.body.id as string}/proposal.pdf?locale=ru`, ok: 200 };
    },
  },
  {
    method: 'GET',
    path: '/projects/pipeline',
    access: 'signed-in',
    sample: async () => ({
      url: '/projects/pipeline?pageNumber=1&pageSize=5&sortBy=address&descending=false&searchTerm=somewhere&status=draft',
      ok: 200,
    }),
  },
  {
    method: 'GET',
    path: '/projects/{id}/pipeline',
    access: 'signed-in',
    sample: async ({ caller, projectOf }) => ({
      url: `/projects/${await projectOf(caller)}/pipeline`,
      ok: 200,
    }),
  },
  {
    method: 'PUT',
    path: '/projects/{id}/assignees',
    access: 'canViewAllProjects',
    // The caller's own project: only project managers and admins may assign (403 else).
    sample: async ({ caller, projectOf }) => ({
      url: `/projects/${await projectOf(caller)}/assignees`,
      body: { roofInspectorId: null, installerId: null },
      ok: 200,
    }),
  },
  {
    method: 'GET',
    path: '/staff',
    access: 'canViewAllProjects',
    sample: async () => ({ url: '/staff', ok: 200 }),
  },
  {
    method: 'GET',
    path: '/projects/{id}/history',
    access: 'signed-in',
    sample: async ({ caller, projectOf }) => ({
      url: `/projects/${await projectOf(caller)}/history?pageNumber=1&pageSize=5`,
      ok: 200,
    }),
  },
  {
    method: 'POST',
    path: '/projects/{id}/transitions',
    access: 'signed-in',
    // The owner requests a site visit for their own draft (every role may).
    sample: async ({ caller, projectOf }) => ({
      url: `/projects/${await projectOf(caller)}/transitions`,
      body: { action: 'requestQuote', note: 'Please call before coming' },
      ok: 200,
    }),
  },
  {
    method: 'POST',
    path: '/projects/{id}/photos',
    access: 'canScheduleInspections',
    // The caller's own project with its inspection scheduled by the caller: only roles that
    // schedule inspections get that far and may add photos (403 for the others).
    sample: async (ctx) => {
      const token = (ctx.caller ?? ctx.target).token;
      return {
        url: `/projects/${await scheduledProject(ctx, token)}/photos`,
        ...photoUpload,
        ok: 201,
      };
    },
  },
  {
    method: 'GET',
    path: '/projects/{id}/photos/{photoId}',
    access: 'signed-in',
    // A photo the admin added to the caller's own project.
    sample: async (ctx) => {
      const id = await scheduledProject(ctx);
      const added = await ctx.server.call('POST', `/projects/${id}/photos`, {
        token: await adminToken(ctx.server),
        ...photoUpload,
      });
      if (added.status !== 201) throw new Error(`no photo: ${added.raw}`);
      return { url: `/projects/${id}/photos/${added.body.id as string}`, ok: 200 };
    },
  },
  {
    method: 'GET',
    path: '/geo/search',
    access: 'public',
    sample: async () => ({ url: '/geo/search?q=bishkek', ok: 200 }),
  },
  {
    method: 'GET',
    path: '/geo/suggest',
    access: 'public',
    // The Photon fake (PHOTON_URL in server.ts).
    sample: async () => ({ url: '/geo/suggest?q=chui', ok: 200 }),
  },
  {
    method: 'GET',
    path: '/geo/reverse',
    access: 'public',
    // The contract's 502 when the provider has no address (the fake: south of the equator).
    documented5xx: [502],
    sample: async () => ({ url: '/geo/reverse?lat=42.87&lon=74.59', ok: 200 }),
  },
  {
    method: 'POST',
    path: '/calculator/bill-extract',
    access: 'public',
    // A body that is not multipart is refused (415) whoever calls: the call needs no token.
    sample: async () => ({
      url: '/calculator/bill-extract',
      body: { file: 'x' },
      ok: 415,
    }),
  },
  {
    method: 'GET',
    path: '/calculator/production',
    access: 'public',
    sample: async () => ({
      url: '/calculator/production?lat=42.87&lon=74.59&peakPowerKw=5',
      ok: 200,
    }),
  },
  {
    method: 'GET',
    path: '/saved-views',
    access: 'signed-in',
    sample: async () => ({ url: '/saved-views?list=users', ok: 200 }),
  },
  {
    method: 'POST',
    path: '/saved-views',
    access: 'signed-in',
    sample: async () => ({
      url: '/saved-views',
      body: { list: 'projects', name: 'Drafts', query: 'status=draft' },
      ok: 201,
    }),
  },
  {
    method: 'DELETE',
    path: '/saved-views/{id}',
    access: 'signed-in',
    sample: async ({ server, caller, target }) => {
      const saved = await server.call('POST', '/saved-views', {
        token: (caller ?? target).token,
        body: { list: 'users', name: `Gone ${Math.random()}`, query: 'page=2' },
      });
      if (saved.status !== 201) throw new Error(`no saved view: ${saved.raw}`);
      return { url: `/saved-views/${saved.body.id}`, ok: 204 };
    },
  },
];

/** `METHOD /path` of an endpoint. */
export const endpointKey = (e: { method: string; path: string }) => `${e.method} ${e.path}`;

/**
 * The API routes of the live router (`printRoutes`), as `METHOD /path` with `{param}`:
 * HEAD (Fastify adds it to every GET), the OpenAPI document and the Swagger UI left out.
 */
export function routeTable(server: SecurityServer): string[] {
  const tree = server.app.printRoutes({ commonPrefix: false });
  const stack: string[] = [];
  const routes: string[] = [];
  for (const line of tree.split('\n')) {
    const match = /^((?:│ {3}| {4})*)(?:├── |└── )(.*?)(?: \(([^)]+)\))?$/.exec(line);
    if (!match) continue;
    const depth = match[1]!.length / 4;
    const full = (stack[depth - 1] ?? '') + match[2]!;
    stack[depth] = full;
    stack.length = depth + 1;
    if (!match[3] || !full.startsWith('/api/v1/')) continue;
    const path = full.slice('/api/v1'.length).replace(/:(\w+)/g, '{$1}');
    if (path === '/openapi.json' || path.startsWith('/docs')) continue;
    for (const method of match[3].split(',').map((m) => m.trim())) {
      if (method !== 'HEAD') routes.push(`${method} ${path}`);
    }
  }
  return routes.sort();
}

/** The expected status of a valid-token call by `role`: 403 without the flag, else `ok`. */
export function expectedFor(
  access: Access,
  role: RoleKey,
  ok: number,
  can: (role: RoleKey, flag: PermissionFlag) => boolean,
): number {
  if (access === 'public' || access === 'signed-in') return ok;
  return can(role, access) ? ok : 403;
}
