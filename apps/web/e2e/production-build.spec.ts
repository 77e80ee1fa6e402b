/**
 * What the production build publishes, as the real server serves it: no source maps (no
 * `.map` file is served, no script names one in a `sourceMappingURL` comment), and the
 * third-party notices at /third-party-licenses.txt include the fonts' (SIL OFL 1.1), which
 * the build appends from THIRD-PARTY-NOTICES.md.
 */
import { expect, test } from '@playwright/test';
import { readdirSync } from 'node:fs';
import path from 'node:path';

/** The build the e2e server serves (playwright.config.ts: E2E_WEB_DIST, else apps/web/dist). */
const webDist = path.resolve(import.meta.dirname, '..', process.env.E2E_WEB_DIST ?? 'dist');

test('no source map is served, and no served script points to one', async ({ page, request }) => {
  const scripts = new Set<string>();
  page.on('response', (response) => {
    if (response.request().resourceType() === 'script')
      scripts.add(new URL(response.url()).pathname);
  });
  await page.goto('/signin');
  await expect(page.getByRole('button', { name: 'Sign in' })).toBeVisible();
  // Every script of the build, loaded by this page or not.
  for (const name of readdirSync(path.join(webDist, 'assets'))) {
    if (name.endsWith('.js')) scripts.add(`/assets/${name}`);
  }
  expect(scripts.size).toBeGreaterThan(10);
  for (const script of scripts) {
    const answer = await request.get(script);
    expect(answer.status(), script).toBe(200);
    expect(await answer.text(), script).not.toContain('sourceMappingURL');
    const map = await request.get(`${script}.map`);
    expect(map.status(), `${script}.map`).toBe(404);
  }
});

test('the third-party notices name the fonts and their licence', async ({ request }) => {
  const answer = await request.get('/third-party-licenses.txt');
  expect(answer.status()).toBe(200);
  const text = await answer.text();
  expect(text).toContain('Name: react\n');
  expect(text).toContain('Copyright 2016 The Inter Project Authors');
  expect(text).toContain('Copyright 2020 The JetBrains Mono Project Authors');
  expect(text).toContain('SIL OPEN FONT LICENSE Version 1.1');
});
