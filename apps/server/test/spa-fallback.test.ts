/**
 * The web app's history fallback: a path that is a route of the app
 * (docs/product.md#roles-and-permissions, the route table of @solar/domain the web router uses) is
 * the app's document with 200; any other path still gets the document, so the app shows its
 * not-found screen, but with 404, so crawlers and monitors see a missing page.
 */
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from './harness.ts';

const INDEX = '<!doctype html><title>Solar</title>';

describe('the single-page app fallback', () => {
  let server: TestServer;
  let webDist: string;
  beforeAll(async () => {
    webDist = await mkdtemp(path.join(os.tmpdir(), 'solar-web-'));
    await writeFile(path.join(webDist, 'index.html'), INDEX);
    server = await startTestServer('pglite', { WEB_DIST: webDist });
  });
  afterAll(async () => {
    await server?.close();
    await rm(webDist, { recursive: true, force: true });
  });

  const get = (url: string) => server.app.inject({ method: 'GET', url });

  it.each([
    '/',
    '/signin',
    '/signin?from=%2Fprofile',
    '/dashboard',
    '/dashboard/',
    '/solar-calculator-full',
    '/chat',
    '/chat/5b0e6a3c-0000-4000-8000-000000000000',
    '/users/create',
    '/users/42/edit',
    '/verify-email?token=abc',
  ])('serves %s, a route of the app, with 200', async (url) => {
    const answer = await get(url);
    expect(answer.statusCode).toBe(200);
    expect(answer.headers['content-type']).toMatch(/^text\/html/);
    expect(answer.body.startsWith(INDEX)).toBe(true);
  });

  it.each(['/no-such-page', '/dashboard/extra', '/users/42/edit/more', '/chat/a/b', '/index'])(
    'serves %s, no route of the app, the document with 404',
    async (url) => {
      const answer = await get(url);
      expect(answer.statusCode).toBe(404);
      expect(answer.headers['content-type']).toMatch(/^text\/html/);
      expect(answer.body.startsWith(INDEX)).toBe(true);
      expect(String(answer.headers['content-security-policy'])).toContain("default-src 'self'");
    },
  );

  it('still answers an unknown API path 404 in JSON', async () => {
    const answer = await get('/api/v1/no-such-endpoint');
    expect(answer.statusCode).toBe(404);
    expect(answer.json()).toMatchObject({ code: 'not_found' });
  });
});
