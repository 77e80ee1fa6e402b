/**
 * Fuzzing: for every endpoint of the table, property-based requests built by
 * fast-check: the endpoint's own body with its fields replaced by hostile values, random
 * JSON (deep, huge, wrong-typed, unicode edge cases), text that is not JSON, random query
 * strings, path ids and headers. Every answer is below 500 (except the 503 the contract
 * documents for unconfigured Google sign-in), a refusal has the contract's error shape and
 * changes no row, and the server still answers afterwards.
 *
 * Runs per endpoint: SOLAR_FUZZ_RUNS (default 40, about 1300 requests in all; raise it for
 * a longer local run). A failure prints the fast-check seed and the shrunk request.
 */
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ENDPOINTS, endpointKey, requestContext, type SampleRequest } from './support/endpoints.ts';
import { HOSTILE_VALUES, asText, percentEncode, toJson } from './support/hostile.ts';
import {
  ADMIN,
  startSecurityServer,
  type RoleUser,
  type SecurityServer,
} from './support/server.ts';

const RUNS = Number(process.env.SOLAR_FUZZ_RUNS ?? 40);

let server: SecurityServer;
let fuzzer: RoleUser;
let target: RoleUser;
const samples = new Map<string, SampleRequest>();

/** The shared hostile values plus generated text, numbers and JSON. */
const hostile = fc.oneof(
  fc.constantFrom<unknown>(...HOSTILE_VALUES),
  fc.string({ unit: 'binary', maxLength: 300 }),
  fc.string({ unit: 'grapheme', maxLength: 300 }),
  fc.integer(),
  fc.double(),
  fc.jsonValue({ maxDepth: 3 }),
);

/** A value nested `depth` levels deep in arrays or objects. */
const deep = fc
  .tuple(fc.integer({ min: 50, max: 3000 }), fc.boolean())
  .map(([depth, arrays]) =>
    arrays
      ? `${'['.repeat(depth)}${']'.repeat(depth)}`
      : `${'{"a":'.repeat(depth)}1${'}'.repeat(depth)}`,
  );

/** A body: the sample's fields mutated, random JSON, deep JSON, or raw text. */
function bodyArbitrary(sample: SampleRequest) {
  const fields =
    sample.body && typeof sample.body === 'object' ? Object.keys(sample.body as object) : [];
  const mutated = fc
    .tuple(
      fc.dictionary(fc.constantFrom(...(fields.length ? fields : ['x'])), hostile, {
        maxKeys: fields.length || 1,
      }),
      fc.dictionary(fc.string({ maxLength: 20 }), hostile, { maxKeys: 2 }),
      fc.boolean(),
    )
    .map(([changes, extra, withExtra]) =>
      toJson({
        ...(sample.body as object | undefined),
        ...changes,
        ...(withExtra ? extra : {}),
      }),
    );
  return fc.oneof(
    { weight: 4, arbitrary: mutated },
    { weight: 2, arbitrary: hostile.map(toJson) },
    { weight: 1, arbitrary: deep },
    { weight: 1, arbitrary: fc.string({ unit: 'binary', maxLength: 200 }) },
    { weight: 1, arbitrary: fc.constant('{"__proto__":{"isAdmin":true},"email":"a@b.c"}') },
    { weight: 1, arbitrary: fc.constant(undefined) },
  );
}

const contentTypes = fc.constantFrom(
  'application/json',
  'application/json; charset=utf-8',
  'application/json; charset=utf-16',
  'application/JSON',
  'text/plain',
  'application/x-www-form-urlencoded',
  'multipart/form-data; boundary=----x',
  'multipart/form-data',
  'application/xml',
  '*/*',
  '',
  'application/json, text/html',
);

const headerArbitrary = fc.record(
  {
    'content-type': contentTypes,
    'accept-language': fc.oneof(
      fc.constantFrom('ru', 'es-ES,es;q=0.9', '*', 'zz', 'en;q=abc', ';;;,,,'),
      fc.string({ maxLength: 200 }),
    ),
    accept: fc.constantFrom('application/json', 'text/event-stream', '*/*', 'text/html'),
    'x-forwarded-for': fc.constantFrom('1.2.3.4', 'garbage', '::1, 10.0.0.1'),
    'content-encoding': fc.constantFrom('gzip', 'br', 'identity'),
  },
  { requiredKeys: ['content-type'] },
);

/** Query pairs: the sample's keys with hostile values, and unknown keys. */
function queryArbitrary(sample: SampleRequest) {
  const keys = [...new URL(sample.url, 'http://x').searchParams.keys()];
  const value = fc.oneof(
    fc.string({ unit: 'grapheme', maxLength: 60 }),
    fc.constantFrom('', '-1', '1e999', 'NaN', '0x10', '[]', 'true', 'a'.repeat(3000), '%', '%zz'),
  );
  return fc.array(
    fc.tuple(
      fc.oneof(fc.constantFrom(...(keys.length ? keys : ['q'])), fc.string({ maxLength: 10 })),
      value,
    ),
    { maxLength: 4 },
  );
}

/** The sample URL with its query replaced or extended and its uuid ids swapped for `id`. */
function fuzzUrl(
  sample: SampleRequest,
  pairs: [string, string][],
  id: string | undefined,
  keep: boolean,
) {
  const url = new URL(sample.url, 'http://x');
  const params = keep ? url.searchParams : new URLSearchParams();
  for (const [key, value] of pairs) params.append(key, value);
  let path = url.pathname;
  if (id !== undefined) {
    path = path.replace(
      /[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}/i,
      percentEncode(id),
    );
  }
  const query = params.toString();
  return query ? `${path}?${query}` : path;
}

/** A multipart body with one part of random bytes (bill-extract, roof photos). */
const multipart = fc
  .record({
    field: fc.constantFrom('file', 'photo', ''),
    filename: fc.constantFrom('bill.png', '../../x.jpg', 'a'.repeat(300), 'счёт.webp'),
    type: fc.constantFrom('image/png', 'image/jpeg', 'application/octet-stream', 'text/html'),
    bytes: fc.uint8Array({ maxLength: 2048 }),
    magic: fc.constantFrom(
      Buffer.alloc(0),
      Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
      Buffer.from([0xff, 0xd8, 0xff]),
      Buffer.from('RIFF\0\0\0\0WEBP'),
    ),
  })
  .map(({ field, filename, type, bytes, magic }) => {
    const boundary = '----solarfuzz';
    return Buffer.concat([
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="${field}"; filename="${filename}"\r\nContent-Type: ${type}\r\n\r\n`,
      ),
      magic,
      Buffer.from(bytes),
      Buffer.from(`\r\n--${boundary}--\r\n`),
    ]);
  });

beforeAll(async () => {
  server = await startSecurityServer();
  // A dedicated admin: fuzzing PUT /auth/me may change its own name and email.
  fuzzer = await server.createUser('admin', 'Fuzz Admin');
  target = await server.createUser('client_residential', 'Fuzz Target');
  for (const endpoint of ENDPOINTS) {
    samples.set(
      endpointKey(endpoint),
      await endpoint.sample(requestContext(server, fuzzer, target)),
    );
  }
});
afterAll(async () => {
  await server?.close();
});

describe.each(ENDPOINTS.map((e) => [endpointKey(e), e] as const))('fuzz %s', (key, endpoint) => {
  it(`${RUNS} generated requests: no 5xx, refusals write nothing`, async () => {
    const sample = samples.get(key)!;
    const allowed5xx = new Set(endpoint.documented5xx ?? []);
    const isUpload =
      endpoint.path === '/calculator/bill-extract' || endpoint.path === '/projects/{id}/photos';
    await fc.assert(
      fc.asyncProperty(
        isUpload ? fc.oneof(bodyArbitrary(sample), multipart) : bodyArbitrary(sample),
        queryArbitrary(sample),
        fc.option(fc.oneof(hostile.map(asText), fc.string({ unit: 'binary', maxLength: 200 }))),
        fc.boolean(),
        headerArbitrary,
        fc.constantFrom('valid', 'none', 'garbage'),
        async (body, pairs, id, keepQuery, headers, auth) => {
          const url = fuzzUrl(sample, pairs, id ?? undefined, keepQuery);
          const sendsBody = endpoint.method !== 'GET' && body !== undefined;
          const requestHeaders: Record<string, string> = {};
          for (const [name, value] of Object.entries(headers)) {
            if (value !== undefined && value !== '') requestHeaders[name] = value;
          }
          if (!sendsBody) {
            delete requestHeaders['content-type'];
            delete requestHeaders['content-encoding'];
          } else if (Buffer.isBuffer(body)) {
            requestHeaders['content-type'] = 'multipart/form-data; boundary=----solarfuzz';
          }
          if (auth === 'valid') requestHeaders.authorization = `Bearer ${fuzzer.token}`;
          if (auth === 'garbage') requestHeaders.authorization = `Bearer ${'a'.repeat(40)}.b.c`;
          const before = await server.rowCounts();
          const answer = await server.call(endpoint.method, url, {
            headers: requestHeaders,
            ...(sendsBody ? { rawBody: body } : {}),
          });
          const context = `${endpoint.method} ${url.slice(0, 300)} -> ${answer.status} ${answer.raw.slice(0, 300)}`;
          if (answer.status >= 500) expect(allowed5xx.has(answer.status), context).toBe(true);
          if (answer.status >= 400) {
            expect(answer.body, context).toMatchObject({
              message: expect.any(String),
              code: expect.any(String),
            });
            expect(await server.rowCounts(), context).toEqual(before);
          }
          expect(answer.raw, context).not.toMatch(/\$argon2|passwordHash/);
        },
      ),
      { numRuns: RUNS, endOnFailure: true },
    );
  });
});

describe('after the fuzzing', () => {
  it('the server still answers: health, sign-in and a list', async () => {
    expect((await server.call('GET', '/health')).status).toBe(200);
    const admin = await server.signIn(ADMIN.email, ADMIN.password);
    expect((await server.call('GET', '/admin/users', { token: admin.token })).status).toBe(200);
  });
});
