/**
 * Protection of the HTTP surface: rate limits with 429 + Retry-After, body
 * limit (413), media type (415), security headers and the CSP of the served web app, and
 * the OpenAPI document generated from the route schemas.
 */
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { brotliCompressSync, brotliDecompressSync, gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADMIN, startTestServer, type TestServer } from './harness.ts';
import { call, rowCounts } from './helpers.ts';

describe('rate limits', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer('pglite', { AUTH_RATE_LIMIT: '3' });
  });
  afterAll(async () => {
    await server?.close();
  });

  it('limits sign-in per client address and email, then answers 429 with Retry-After', async () => {
    const attempt = (email: string) =>
      call(server, 'POST', '/auth/email/signin', { body: { email, password: 'Wrong1234' } });
    for (let i = 0; i < 3; i++) expect((await attempt(ADMIN.email)).status).toBe(401);
    const limited = await attempt(ADMIN.email);
    expect(limited.status).toBe(429);
    expect(limited.body).toEqual({
      message: 'Too many requests. Please try again later.',
      code: 'rate_limited',
    });
    expect(Number(limited.headers['retry-after'])).toBeGreaterThan(0);
    expect(Number(limited.headers['retry-after'])).toBeLessThanOrEqual(60);
    // Another email from the same address has its own budget.
    expect((await attempt('someone@example.com')).status).toBe(401);
  });

  it('limits forgot-password (ceil(n/2) per 15 minutes) and refresh (6n per minute)', async () => {
    const forgot = () =>
      call(server, 'POST', '/auth/password/forgot', { body: { email: 'x@example.com' } });
    expect((await forgot()).status).toBe(202);
    expect((await forgot()).status).toBe(202);
    const limited = await forgot();
    expect(limited.status).toBe(429);
    expect(Number(limited.headers['retry-after'])).toBeGreaterThan(60);
    const statuses = [];
    for (let i = 0; i < 19; i++) {
      statuses.push(
        (await call(server, 'POST', '/auth/refresh', { body: { refreshToken: 'x' } })).status,
      );
    }
    expect(statuses.filter((s) => s === 401)).toHaveLength(18);
    expect(statuses.at(-1)).toBe(429);
  });

  it('limits sign-up per client address', async () => {
    const statuses = [];
    for (let i = 0; i < 4; i++) {
      statuses.push((await call(server, 'POST', '/auth/email/signup', { body: {} })).status);
    }
    expect(statuses).toEqual([400, 400, 400, 429]);
  });
});

describe('sign-in limits across addresses and emails', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer('pglite', { AUTH_RATE_LIMIT: '3' });
  });
  afterAll(async () => {
    await server?.close();
  });

  /** One sign-in from `address`: status and Retry-After (seconds). */
  const attempt = async (address: string, email: string, password = 'Wrong1234') => {
    const response = await server.app.inject({
      method: 'POST',
      url: '/api/v1/auth/email/signin',
      remoteAddress: address,
      payload: { email, password },
    });
    return { status: response.statusCode, retryAfter: Number(response.headers['retry-after']) };
  };

  it('limits one account across addresses: 3n per 15 minutes, then 429', async () => {
    const statuses = [];
    for (let ip = 1; ip <= 4; ip++) {
      for (let i = 0; i < 3; i++)
        statuses.push((await attempt(`10.0.1.${ip}`, 'acct@x.io')).status);
    }
    expect(statuses).toEqual([...Array<number>(9).fill(401), 429, 429, 429]);
  });

  it('limits one address across emails (spraying): 3n per minute, then 429', async () => {
    const statuses = [];
    for (let i = 0; i < 10; i++)
      statuses.push((await attempt('10.0.2.1', `spray${i}@x.io`)).status);
    expect(statuses).toEqual([...Array<number>(9).fill(401), 429]);
  });

  it('doubles the wait of one address at one account, while the owner elsewhere signs in', async () => {
    const email = ADMIN.email;
    for (let i = 0; i < 3; i++) expect((await attempt('10.0.3.1', email)).status).toBe(401);
    const waits = [];
    for (let i = 0; i < 3; i++) {
      const limited = await attempt('10.0.3.1', email);
      expect(limited.status).toBe(429);
      waits.push(limited.retryAfter);
    }
    expect(waits[0]).toBeLessThanOrEqual(60);
    expect(waits[1]).toBeGreaterThan(60);
    expect(waits[2]).toBeGreaterThan(waits[1]!);
    expect((await attempt('10.0.3.2', email, ADMIN.password)).status).toBe(200);
  });
});

/** A script of the web build, large and repetitive enough to compress well. */
const ASSET = `export const messages = ${JSON.stringify(Array.from({ length: 200 }, (_, i) => `message ${i}`))};\n`;

describe('request limits and headers', () => {
  let server: TestServer;
  let webDist: string;
  beforeAll(async () => {
    webDist = await mkdtemp(path.join(os.tmpdir(), 'solar-web-'));
    await writeFile(path.join(webDist, 'index.html'), '<!doctype html><title>Solar</title>');
    // A built asset with the compressed copies the web build writes beside it.
    await mkdir(path.join(webDist, 'assets'));
    await writeFile(path.join(webDist, 'assets', 'app-abc123.js'), ASSET);
    await writeFile(path.join(webDist, 'assets', 'app-abc123.js.br'), brotliCompressSync(ASSET));
    await writeFile(path.join(webDist, 'assets', 'app-abc123.js.gz'), gzipSync(ASSET));
    server = await startTestServer('pglite', { WEB_DIST: webDist });
  });
  afterAll(async () => {
    await server?.close();
    await rm(webDist, { recursive: true, force: true });
  });

  it('answers 413 payload_too_large for a JSON body over 100 KB and writes nothing', async () => {
    const before = await rowCounts(server);
    const answer = await call(server, 'POST', '/auth/email/signup', {
      body: {
        name: 'x'.repeat(101 * 1024),
        email: 'big@example.com',
        password: 'Secret123',
        confirmPassword: 'Secret123',
      },
    });
    expect(answer.status).toBe(413);
    expect(answer.body).toEqual({
      message: 'The request is too large.',
      code: 'payload_too_large',
    });
    expect(await rowCounts(server)).toEqual(before);
  });

  it.each(['text/plain', 'application/x-www-form-urlencoded'])(
    'answers 415 unsupported_media_type for a %s body',
    async (type) => {
      const response = await server.app.inject({
        method: 'POST',
        url: '/api/v1/auth/email/signin',
        headers: { 'content-type': type },
        payload: 'email=a',
      });
      expect(response.statusCode).toBe(415);
      expect(response.json()).toEqual({
        message: 'This file type is not supported.',
        code: 'unsupported_media_type',
      });
    },
  );

  it('answers 400 for malformed JSON', async () => {
    const response = await server.app.inject({
      method: 'POST',
      url: '/api/v1/auth/email/signin',
      headers: { 'content-type': 'application/json' },
      payload: '{"email":',
    });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({
      message: 'The request body must be a JSON object',
      code: 'validation_failed',
    });
  });

  it('serves the web app with a strict Content-Security-Policy and security headers', async () => {
    const response = await server.app.inject({ method: 'GET', url: '/users/123' });
    expect(response.statusCode).toBe(200);
    const csp = String(response.headers['content-security-policy']);
    expect(csp).toContain("default-src 'self'");
    expect(csp).toContain("script-src 'self'");
    expect(csp).not.toMatch(/script-src[^;]*unsafe-inline/);
    expect(csp).toContain("object-src 'none'");
    expect(csp).toContain("frame-ancestors 'none'");
    expect(csp).not.toContain('accounts.google.com');
    expect(response.headers['x-content-type-options']).toBe('nosniff');
    expect(response.headers['referrer-policy']).toBe('no-referrer');
  });

  it('sends the web build compressed to clients that accept it, and plain to the others', async () => {
    const get = (encoding: string) =>
      server.app.inject({
        method: 'GET',
        url: '/assets/app-abc123.js',
        headers: { 'accept-encoding': encoding },
      });
    const br = await get('gzip, deflate, br');
    expect(br.statusCode).toBe(200);
    expect(br.headers['content-encoding']).toBe('br');
    expect(String(br.headers['vary']).toLowerCase()).toContain('accept-encoding');
    expect(brotliDecompressSync(br.rawPayload).toString()).toBe(ASSET);
    expect(br.rawPayload.length).toBeLessThan(ASSET.length / 4);
    expect((await get('gzip')).headers['content-encoding']).toBe('gzip');
    const plain = await get('identity');
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body).toBe(ASSET);
  });

  it('lets browsers keep hashed assets for a year and revalidate the page itself', async () => {
    const asset = await server.app.inject({ method: 'GET', url: '/assets/app-abc123.js' });
    expect(asset.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    // A hashed file carries only what matters for such a file: no request id,
    // no validators (it is never revalidated), no byte ranges.
    for (const header of ['x-request-id', 'etag', 'last-modified', 'accept-ranges']) {
      expect(asset.headers[header], header).toBeUndefined();
    }
    expect(asset.headers['x-content-type-options']).toBe('nosniff');
    for (const url of ['/', '/signin']) {
      const page = await server.app.inject({ method: 'GET', url });
      expect(page.statusCode).toBe(200);
      expect(page.headers['cache-control']).toBe('no-cache');
      // The page is revalidated: it keeps its validators.
      expect(page.headers['etag'] ?? page.headers['last-modified']).toBeDefined();
    }
  });

  it("answers the API with OWASP's REST security headers, a policy that loads nothing and no caching", async () => {
    for (const url of ['/api/v1/health', '/api/v1/no-such-endpoint']) {
      const response = await server.app.inject({ method: 'GET', url });
      expect(response.headers['content-security-policy']).toBe(
        "default-src 'none';frame-ancestors 'none'",
      );
      expect(response.headers['cache-control']).toBe('no-store');
      expect(response.headers['x-content-type-options']).toBe('nosniff');
      expect(response.headers['x-frame-options']).toBe('DENY');
      expect(response.headers['cross-origin-resource-policy']).toBe('same-origin');
      expect(response.headers['strict-transport-security']).toBe(
        'max-age=31536000; includeSubDomains',
      );
      // Headers that act only on documents a browser renders are not repeated on JSON.
      for (const documentOnly of [
        'cross-origin-opener-policy',
        'origin-agent-cluster',
        'referrer-policy',
        'x-dns-prefetch-control',
        'x-download-options',
        'x-permitted-cross-domain-policies',
        'x-xss-protection',
      ]) {
        expect(response.headers[documentOnly], documentOnly).toBeUndefined();
      }
    }
  });

  it("sends the document headers on the API's browsable docs, a page", async () => {
    const docs = await server.app.inject({ method: 'GET', url: '/api/v1/docs' });
    expect(docs.statusCode).toBe(200);
    expect(docs.headers['content-type']).toContain('text/html');
    expect(docs.headers['referrer-policy']).toBe('no-referrer');
    expect(docs.headers['cross-origin-opener-policy']).toBe('same-origin');
  });

  it('sends static files only the headers that matter for them, and documents the full set', async () => {
    const asset = await server.app.inject({
      method: 'GET',
      url: '/assets/app-abc123.js',
      headers: { 'accept-encoding': 'br' },
    });
    expect(asset.statusCode).toBe(200);
    expect(asset.headers['content-type']).toContain('javascript');
    expect(asset.headers['content-encoding']).toBe('br');
    expect(asset.headers['x-content-type-options']).toBe('nosniff');
    for (const documentOnly of [
      'content-security-policy',
      'cross-origin-opener-policy',
      'cross-origin-resource-policy',
      'origin-agent-cluster',
      'referrer-policy',
      'strict-transport-security',
      'x-dns-prefetch-control',
      'x-download-options',
      'x-frame-options',
      'x-permitted-cross-domain-policies',
      'x-xss-protection',
    ]) {
      expect(asset.headers[documentOnly], documentOnly).toBeUndefined();
    }
    // The document itself, asked for directly, through the history fallback and at /.
    for (const url of ['/index.html', '/dashboard', '/']) {
      const page = await server.app.inject({ method: 'GET', url });
      expect(page.headers['content-type']).toContain('text/html');
      expect(String(page.headers['content-security-policy'])).toContain("default-src 'self'");
      expect(page.headers['x-frame-options']).toBe('DENY');
      expect(page.headers['cross-origin-opener-policy']).toBe('same-origin');
      expect(page.headers['strict-transport-security']).toBe('max-age=31536000; includeSubDomains');
    }
    // A JSON answer outside the API (no such file, not a GET) gets the API set.
    const missing = await server.app.inject({ method: 'POST', url: '/nothing-here' });
    expect(missing.statusCode).toBe(404);
    expect(missing.headers['content-security-policy']).toBe(
      "default-src 'none';frame-ancestors 'none'",
    );
  });

  it('loads no third-party script, frame or popup with external sign-in configured', async () => {
    const withSignIn = await startTestServer('pglite', {
      WEB_DIST: webDist,
      OIDC_CLIENT_ID: 'id',
      OIDC_CLIENT_SECRET: 'secret',
    });
    try {
      const response = await withSignIn.app.inject({ method: 'GET', url: '/' });
      const policy = String(response.headers['content-security-policy']);
      expect(policy).toContain("script-src 'self';");
      expect(policy).toContain("frame-src 'none'");
      expect(policy).toContain("connect-src 'self';");
      expect(response.headers['cross-origin-opener-policy']).toBe('same-origin');
    } finally {
      await withSignIn.close();
    }
  });

  it('publishes the OpenAPI document from the route schemas, and the docs page', async () => {
    const doc = await call(server, 'GET', '/openapi.json');
    expect(doc.status).toBe(200);
    expect(doc.body.openapi).toMatch(/^3\./);
    expect(doc.body.servers).toEqual([{ url: '/api/v1' }]);
    for (const route of [
      '/auth/email/signup',
      '/auth/email/signin',
      '/auth/google/start',
      '/auth/google/signin',
      '/auth/refresh',
      '/auth/signout',
      '/auth/me',
      '/auth/password/forgot',
      '/auth/password/reset',
      '/auth/email/verify',
      '/admin/users',
      '/admin/users/{id}',
    ]) {
      expect(doc.body.paths, route).toHaveProperty([route]);
    }
    const signup = doc.body.paths['/auth/email/signup'].post;
    const schema = signup.requestBody.content['application/json'].schema;
    expect(schema.required).toEqual(
      expect.arrayContaining(['name', 'email', 'password', 'confirmPassword']),
    );
    expect(schema.additionalProperties).toBe(false);
    const list = doc.body.paths['/admin/users'].get.parameters.map((p: { name: string }) => p.name);
    expect(list).toEqual(
      expect.arrayContaining(['pageNumber', 'pageSize', 'sortBy', 'descending', 'searchTerm']),
    );
    const docs = await server.app.inject({ method: 'GET', url: '/api/v1/docs/' });
    expect(docs.statusCode).toBe(200);
    expect(docs.body).toContain('swagger');
    const docsCsp = String(docs.headers['content-security-policy']);
    expect(docsCsp).toMatch(/script-src 'self'[^;]*;/);
    expect(docsCsp).not.toMatch(/script-src[^;]*unsafe-inline/);
    expect(docsCsp).toContain("style-src 'self' 'unsafe-inline';");
    expect(docsCsp).not.toContain('upgrade-insecure-requests');
  });

  it('answers unknown API paths with a JSON 404', async () => {
    const answer = await call(server, 'GET', '/no-such-thing');
    expect(answer.status).toBe(404);
    expect(answer.body.code).toBe('not_found');
  });
});

describe('logs', () => {
  it('never contain passwords, tokens or reset links', async () => {
    const { Writable } = await import('node:stream');
    const { buildApp, redactUrl } = await import('../src/app.ts');
    const { loadConfig } = await import('../src/config.ts');
    const { openDatabase } = await import('../src/db/database.ts');
    const { ensureAdmin } = await import('../src/users/seed-admin.ts');
    expect(redactUrl('/reset-password?token=abc&x=1')).toBe('/reset-password?token=[redacted]&x=1');
    const dataDir = await mkdtemp(path.join(os.tmpdir(), 'solar-logs-'));
    const webDist = await mkdtemp(path.join(os.tmpdir(), 'solar-web-'));
    await writeFile(path.join(webDist, 'index.html'), '<!doctype html><title>Solar</title>');
    const lines: string[] = [];
    const stream = new Writable({
      write(chunk, _encoding, done) {
        lines.push(String(chunk));
        done();
      },
    });
    const database = await openDatabase({ kind: 'memory' });
    await ensureAdmin(database.db, ADMIN);
    const config = loadConfig({ DATA_DIR: dataDir, WEB_DIST: webDist, LOG_LEVEL: 'info' });
    const app = await buildApp({
      config,
      database,
      jwtSecret: 'x'.repeat(40),
      logger: { level: 'info', stream },
    });
    try {
      const signin = await app.inject({
        method: 'POST',
        url: '/api/v1/auth/email/signin',
        payload: ADMIN,
      });
      const { refreshToken } = signin.json();
      await app.inject({ method: 'POST', url: '/api/v1/auth/refresh', payload: { refreshToken } });
      await app.inject({
        method: 'POST',
        url: '/api/v1/auth/password/forgot',
        payload: { email: ADMIN.email },
      });
      await app.inject({ method: 'GET', url: '/reset-password?token=SECRET-LINK-TOKEN' });
      await app.close();
      const log = lines.join('');
      expect(log).toContain('mail written to the outbox');
      expect(log).toContain('/reset-password?token=[redacted]');
      for (const secret of [ADMIN.password, refreshToken, 'SECRET-LINK-TOKEN']) {
        expect(log).not.toContain(secret);
      }
      // The mailed link's token is in the .eml file only.
      expect(log).not.toMatch(/reset-password\?token=(?!\[redacted\])/);
    } finally {
      await database.close();
      await rm(dataDir, { recursive: true, force: true });
      await rm(webDist, { recursive: true, force: true });
    }
  });

  it('never contain query parameters or failing rows, on the failure path', async () => {
    const { Writable } = await import('node:stream');
    const { sql } = await import('drizzle-orm');
    const { buildApp } = await import('../src/app.ts');
    const { loadConfig } = await import('../src/config.ts');
    const { openDatabase } = await import('../src/db/database.ts');
    const dataDir = await mkdtemp(path.join(os.tmpdir(), 'solar-logs-'));
    const lines: string[] = [];
    const stream = new Writable({
      write(chunk, _encoding, done) {
        lines.push(String(chunk));
        done();
      },
    });
    const database = await openDatabase({ kind: 'memory' });
    // A rule the schema does not know, so the sign-up's insert fails in the database.
    await database.db.execute(
      sql`alter table users add constraint refuse_boom check (name <> 'Boom Bekova')`,
    );
    const app = await buildApp({
      config: loadConfig({ DATA_DIR: dataDir, LOG_LEVEL: 'info' }),
      database,
      jwtSecret: 'x'.repeat(40),
      logger: { level: 'info', stream },
    });
    try {
      const email = 'boom.secret@example.com';
      const answer = await app.inject({
        method: 'POST',
        url: '/api/v1/auth/email/signup',
        payload: {
          name: 'Boom Bekova',
          email,
          password: 'Secret123',
          confirmPassword: 'Secret123',
        },
      });
      expect(answer.statusCode).toBe(500);
      await app.close();
      const log = lines.join('');
      expect(log).toContain('request failed');
      expect(log).toContain('refuse_boom');
      expect(log).not.toContain(email);
      expect(log).not.toContain('$argon2');
      expect(log).toContain('params: [redacted]');
    } finally {
      await database.close();
      await rm(dataDir, { recursive: true, force: true });
    }
  });
});
