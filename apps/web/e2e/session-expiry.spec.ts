/**
 * One session across tabs with access tokens that expire while the user looks (a server of
 * its own, ACCESS_TOKEN_TTL=20 s): when one tab refreshes the tokens, the other uses the
 * new pair on its next navigation instead of waiting behind a spinner
 * (docs/decisions/035-one-session-across-tabs.md).
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { rmSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { expect, test, type Page } from '@playwright/test';
import { E2E_ADMIN, e2eServerEnv } from '../playwright.config.ts';

const port = Number(process.env.E2E_PORT ?? 3199) + 1003;
const origin = `http://127.0.0.1:${port}`;
const dataDir = fileURLToPath(
  new URL(`../../../test-results/e2e-data-ttl-${port}`, import.meta.url),
);
const ACCESS_TOKEN_TTL = 20;

let server: ChildProcess | undefined;

test.beforeAll(async () => {
  test.setTimeout(90_000);
  rmSync(dataDir, { recursive: true, force: true });
  server = spawn(
    process.execPath,
    [fileURLToPath(new URL('../../server/src/main.ts', import.meta.url))],
    {
      env: {
        ...process.env,
        ...e2eServerEnv(port, dataDir),
        ACCESS_TOKEN_TTL: String(ACCESS_TOKEN_TTL),
      },
      stdio: ['ignore', 'inherit', 'inherit'],
    },
  );
  await expect
    .poll(
      async () => {
        try {
          return (await fetch(`${origin}/api/v1/health`)).status;
        } catch {
          return 0;
        }
      },
      { timeout: 60_000 },
    )
    .toBe(200);
});

test.afterAll(() => {
  server?.kill();
});

test.use({ baseURL: origin });

/** True once the page's stored access token has expired (its `exp` has passed). */
function tokenExpired(page: Page): Promise<boolean> {
  return page.evaluate(() => {
    const token = localStorage.getItem('authToken') ?? '';
    const payload = JSON.parse(atob(token.split('.')[1]!.replace(/-/g, '+').replace(/_/g, '/')));
    return Date.now() / 1000 > (payload as { exp: number }).exp;
  });
}

const mainNav = (page: Page) => page.getByRole('navigation', { name: 'Main' });

test('a tab whose token another tab refreshed opens the next page at once', async ({ context }) => {
  test.setTimeout(90_000);
  const first = await context.newPage();
  await first.goto('/signin?from=%2Fdashboard');
  await first.getByLabel('Email').fill(E2E_ADMIN.email);
  await first.getByLabel('Password', { exact: true }).fill(E2E_ADMIN.password);
  await first.getByRole('button', { name: 'Sign in' }).click();
  await expect(first.getByRole('heading', { name: 'Dashboard', level: 1 })).toBeVisible();
  const second = await context.newPage();
  await second.goto('/chat');
  await expect(second).toHaveURL(/\/chat$/);
  await expect(mainNav(second).getByRole('link', { name: 'Dashboard' })).toBeVisible();

  const refreshes: number[] = [];
  for (const page of [first, second]) {
    page.on('response', (response) => {
      if (response.url().endsWith('/api/v1/auth/refresh')) refreshes.push(response.status());
    });
  }
  // Both tabs now hold a token the client must refresh before its next call.
  await expect.poll(() => tokenExpired(first), { timeout: 30_000 }).toBe(true);

  const refreshed = second.waitForResponse((r) => r.url().endsWith('/api/v1/auth/refresh'));
  await mainNav(second).getByRole('link', { name: 'Dashboard' }).click();
  expect((await refreshed).status()).toBe(200);
  await expect(second.getByRole('heading', { name: 'Dashboard', level: 1 })).toBeVisible();

  await mainNav(first).getByRole('link', { name: 'Profile' }).click();
  await expect(first.getByRole('heading', { name: 'Profile', level: 1 })).toBeVisible({
    timeout: 5_000,
  });
  await expect(first.getByRole('progressbar', { name: 'Loading…' })).toHaveCount(0);
  expect(refreshes.every((status) => status === 200)).toBe(true);
});
