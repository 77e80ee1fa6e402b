/**
 * When the server cannot be reached (docs/product.md#when-the-server-cannot-be-reached): every
 * request the page makes is refused, as if the server had stopped. Opening a screen whose code
 * is not loaded yet, or sending the first chat message, keeps the user on the page (no reload
 * into the browser's own error page), shows 'Unable to connect to the server...' with
 * "Try again", and loses nothing typed; once the server is back, "Try again" carries on.
 */
import { expect, test, type Page } from '@playwright/test';
import { E2E_ADMIN } from '../playwright.config.ts';

const CONNECTION = 'Unable to connect to the server. Please check your internet connection.';
/** The failed screen's message (toasts may be alerts too). */
const screenAlert = (page: Page) =>
  page.getByRole('alert').filter({ hasText: 'This page could not be shown' });
/** The composer's message about a message not sent. */
const composerAlert = (page: Page) =>
  page.getByRole('alert').filter({ hasText: 'Your message was not sent' });

async function signIn(page: Page) {
  await page.goto('/signin');
  await page.getByLabel('Email').fill(E2E_ADMIN.email);
  await page.getByLabel('Password', { exact: true }).fill(E2E_ADMIN.password);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page).toHaveURL(/\/dashboard$/);
}

/** Refuses every request of `page` until the returned function is called. */
async function stopServer(page: Page): Promise<() => Promise<void>> {
  const refuse = (url: URL) => url.origin === new URL(page.url()).origin;
  await page.route(refuse, (route) => route.abort('connectionrefused'));
  return () => page.unroute(refuse);
}

/** Counts the page's document loads from now on (a reload is one). */
function countLoads(page: Page): () => number {
  let loads = 0;
  page.on('load', () => (loads += 1));
  return () => loads;
}

test('a screen whose code cannot be fetched stays on the page with Try again', async ({ page }) => {
  await signIn(page);
  const loads = countLoads(page);
  const restart = await stopServer(page);

  await page.getByRole('link', { name: 'Chat', exact: true }).first().click();
  await expect(screenAlert(page)).toContainText(CONNECTION);
  await expect(page).toHaveURL(/\/chat$/);
  const tryAgain = page.getByRole('button', { name: 'Try again' });
  await expect(tryAgain).toBeVisible();
  expect(loads()).toBe(0);

  // Still down: Try again asks again and says so again, without reloading.
  await tryAgain.click();
  await expect(screenAlert(page)).toContainText(CONNECTION);
  expect(loads()).toBe(0);

  await restart();
  await page.getByRole('button', { name: 'Try again' }).click();
  await expect(page.getByRole('textbox', { name: 'Message' })).toBeVisible();
  expect(loads()).toBe(0);
});

test('the first chat message sent while the server is down stays in the composer', async ({
  page,
}) => {
  await signIn(page);
  await page.getByRole('link', { name: 'Chat', exact: true }).first().click();
  const input = page.getByRole('textbox', { name: 'Message' });
  await expect(input).toBeFocused();
  const loads = countLoads(page);
  const restart = await stopServer(page);

  const words = 'How many panels do I need for 400 kWh a month?';
  await input.fill(words);
  await input.press('Enter');
  await expect(composerAlert(page)).toContainText(CONNECTION);
  await expect(input).toHaveValue(words);
  await expect(page).toHaveURL(/\/chat$/);
  expect(loads()).toBe(0);

  await restart();
  await page.getByRole('button', { name: 'Try again' }).click();
  await expect(page.getByRole('log').getByRole('article').first()).toContainText(words);
  await expect(input).toHaveValue('');
  expect(loads()).toBe(0);
});
