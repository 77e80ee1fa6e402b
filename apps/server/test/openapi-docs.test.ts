/**
 * The API documentation page in a real browser: the app listens, Chromium (Debian's, as
 * every browser test here: scripts/chromium.ts) opens the README's `/api/v1/docs` without
 * a trailing slash, and Swagger UI renders the operations of /api/v1/openapi.json. Its
 * scripts and styles must load from /api/v1/docs/static/ (they once resolved to
 * /docs/static/ and the page stayed blank), and the browser reports no failed request.
 */
import { chromium, type Browser } from 'playwright';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { chromiumLaunchOptions } from '../../../scripts/chromium.ts';
import { startTestServer, type TestServer } from './harness.ts';

let server: TestServer;
let address: string;
let browser: Browser;

beforeAll(async () => {
  server = await startTestServer('pglite');
  address = await server.app.listen({ port: 0, host: '127.0.0.1' });
  browser = await chromium.launch(chromiumLaunchOptions);
});
afterAll(async () => {
  await browser?.close();
  await server?.close();
});

describe.each(['/api/v1/docs', '/api/v1/docs/'])('the API documentation at %s', (path) => {
  it('renders the operations in Chromium, every asset loaded', async () => {
    const page = await browser.newPage();
    const failed: string[] = [];
    page.on('response', (response) => {
      if (response.status() >= 400) failed.push(`${response.status()} ${response.url()}`);
    });
    page.on('requestfailed', (request) => failed.push(`failed ${request.url()}`));
    try {
      await page.goto(`${address}${path}`);
      // Swagger UI shows each operation as a block with its method and path.
      const signIn = page.locator('.opblock', { hasText: '/auth/email/signin' }).first();
      await signIn.waitFor();
      await expect(signIn.locator('.opblock-summary-method').textContent()).resolves.toBe('POST');
      const operations = await page.locator('.opblock-summary-path').allTextContents();
      expect(operations).toEqual(
        expect.arrayContaining(['/projects/{id}', '/chat/stream', '/admin/users/{id}']),
      );
      expect(operations.length).toBeGreaterThan(30);
      expect(await page.locator('.info .title').textContent()).toContain('Solar API');
      expect(failed).toEqual([]);
    } finally {
      await page.close();
    }
  });
});
