/**
 * Hostile values one at a time: for every endpoint of the table, each value of
 * HOSTILE_VALUES goes alone into each body field (nested ones too), each query parameter
 * and each path id of the endpoint's own sample request, everything else left valid, so a
 * value that passes validation reaches the database. Random combinations (fuzz.test.ts)
 * missed NUL in a name and a 6000-level configuration; this enumeration cannot.
 *
 * Every answer is below 500 (except the 503 of unconfigured Google sign-in), a refusal has
 * the contract's error shape, a 400 `validation_failed` names the fields, and a refusal
 * changes no row. Runs on PGlite and, with TEST_DATABASE_URL, on PostgreSQL.
 */
import { messageText, validationMessages } from '../../packages/domain/src/index.ts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  ENDPOINTS,
  endpointKey,
  requestContext,
  type Endpoint,
  type RequestContext,
  type SampleRequest,
} from './support/endpoints.ts';
import { HOSTILE_VALUES, asText, percentEncode, toJson } from './support/hostile.ts';
import { startSecurityServer, type SecurityServer } from './support/server.ts';

const UNREADABLE_BODY = messageText(validationMessages.invalidBody.id);
const UUID = /[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}/i;

/** The calls that take no body, query or id (only a token or nothing). */
const NO_INPUT = new Set([
  'GET /health',
  'GET /health/live',
  'GET /health/ready',
  'GET /config',
  'GET /config/logo',
  'GET /auth/me',
  'POST /auth/email/verify/resend',
  'POST /auth/email/change/resend',
  'DELETE /auth/email/change',
  'GET /chat/portfolio',
  'GET /staff',
]);

type Place = { in: 'body'; path: string[] } | { in: 'query'; name: string } | { in: 'id' };

const placeName = (place: Place) =>
  place.in === 'body' ? place.path.join('.') : place.in === 'query' ? `?${place.name}` : '{id}';

/** Every field of a JSON body, objects and their members alike, as key paths. */
function fieldPaths(value: unknown, prefix: string[] = []): string[][] {
  if (value === null || typeof value !== 'object' || Array.isArray(value)) return [];
  return Object.entries(value).flatMap(([key, member]) => [
    [...prefix, key],
    ...fieldPaths(member, [...prefix, key]),
  ]);
}

/** Where an endpoint's sample takes input: body fields, query parameters, the path id. */
function placesOf(sample: SampleRequest): Place[] {
  const url = new URL(sample.url, 'http://x');
  return [
    ...fieldPaths(sample.body).map((path): Place => ({ in: 'body', path })),
    ...[...url.searchParams.keys()].map((name): Place => ({ in: 'query', name })),
    ...(UUID.test(url.pathname) ? [{ in: 'id' } as const] : []),
  ];
}

/** A copy of `body` with the field at `path` replaced by `value`. */
function withField(body: unknown, path: string[], value: unknown): unknown {
  const [key, ...rest] = path as [string, ...string[]];
  const copy = { ...(body as Record<string, unknown>) };
  copy[key] = rest.length === 0 ? value : withField(copy[key], rest, value);
  return copy;
}

/** The sample request with `value` alone at `place`: URL (without /api/v1) and body. */
function hostileRequest(sample: SampleRequest, place: Place, value: unknown) {
  const url = new URL(sample.url, 'http://x');
  let path = url.pathname;
  if (place.in === 'query') url.searchParams.set(place.name, asText(value));
  if (place.in === 'id') path = path.replace(UUID, percentEncode(asText(value)));
  const query = url.searchParams.toString();
  return {
    url: query ? `${path}?${query}` : path,
    body: place.in === 'body' ? withField(sample.body, place.path, value) : sample.body,
  };
}

describe.each(
  process.env.TEST_DATABASE_URL ? (['pglite', 'postgres'] as const) : (['pglite'] as const),
)('hostile values one at a time on %s', (kind) => {
  let server: SecurityServer;
  let context: RequestContext;

  beforeAll(async () => {
    server = await startSecurityServer({}, kind);
    const caller = await server.createUser('admin', 'Hostile Admin');
    const target = await server.createUser('client_residential', 'Hostile Target');
    context = requestContext(server, caller, target);
  });
  afterAll(async () => {
    await server?.close();
  });

  it.each(ENDPOINTS.map((endpoint) => [endpointKey(endpoint), endpoint] as const))(
    '%s: every value alone in every field is refused or stored, never a 5xx',
    async (key, endpoint: Endpoint) => {
      let sample = await endpoint.sample(context);
      const places = placesOf(sample);
      // A sample without inputs must be one of the calls that take none.
      expect(places.length === 0, key).toBe(NO_INPUT.has(key));
      const allowed5xx = new Set(endpoint.documented5xx ?? []);
      let counts = await server.rowCounts();
      for (const place of places) {
        for (const value of HOSTILE_VALUES) {
          const request = hostileRequest(sample, place, value);
          const answer = await server.call(endpoint.method, request.url, {
            token: context.caller!.token,
            ...(request.body === undefined
              ? {}
              : {
                  rawBody: toJson(request.body),
                  headers: { 'content-type': 'application/json', ...sample.headers },
                }),
          });
          const what = `${endpoint.method} ${request.url.slice(0, 200)} ${placeName(place)}=${JSON.stringify(asText(value)).slice(0, 60)} -> ${answer.status} ${answer.raw.slice(0, 300)}`;
          if (answer.status >= 500) expect(allowed5xx.has(answer.status), what).toBe(true);
          expect(answer.raw, what).not.toMatch(/\$argon2|passwordHash/);
          if (answer.status >= 400) {
            expect(answer.body, what).toMatchObject({
              message: expect.any(String),
              code: expect.any(String),
            });
            // A bad field is named, unless the body as a whole could not be read.
            if (answer.body.code === 'validation_failed' && place.in === 'body') {
              if (answer.body.message !== UNREADABLE_BODY) {
                expect(Object.keys(answer.body.errors ?? {}), what).not.toHaveLength(0);
              }
            }
            expect(await server.rowCounts(), what).toEqual(counts);
          } else {
            // Accepted: the value was stored or used. Take a fresh sample, since the old
            // one may be spent (a refresh token rotated, an email taken, a project deleted).
            sample = await endpoint.sample(context);
            counts = await server.rowCounts();
          }
        }
      }
    },
  );

  it('the server still answers afterwards', async () => {
    expect((await server.call('GET', '/health')).status).toBe(200);
  });
});
