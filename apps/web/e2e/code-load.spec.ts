/**
 * A screen's code that cannot be fetched (a deployment replaced it, the server went away)
 * never blanks the app (the chunk-load message of docs/product.md#errors-and-messages): the page
 * reloads once to pick up new files, then the screen shows the message with a Reload button, Back
 * works, and Reload brings the screen once its code can be fetched again.
 */
import { expect, test } from '@playwright/test';
import { E2E_ADMIN } from '../playwright.config.ts';

test('a chat screen whose code fails to load shows the message, Back and Reload recover', async ({
  page,
}) => {
  await page.goto('/signin');
  await page.getByLabel('Email').fill(E2E_ADMIN.email);
  await page.getByLabel('Password', { exact: true }).fill(E2E_ADMIN.password);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page).toHaveURL(/\/dashboard$/);

  const blocked = (url: URL) => /\/assets\/chat-screen-[\w-]+\.js$/.test(url.pathname);
  let documentLoads = 0;
  page.on('load', () => (documentLoads += 1));
  await page.route(blocked, (route) => route.abort('connectionrefused'));

  await page.getByRole('link', { name: 'Chat', exact: true }).first().click();
  const alert = page.getByRole('alert').filter({ hasText: 'Failed to load application resources' });
  await expect(alert).toContainText(
    'Failed to load application resources. Please refresh the page.',
  );
  await expect(page.getByRole('heading', { name: 'This page could not be shown' })).toBeVisible();
  // One automatic reload (a new deployment's files), never a loop.
  expect(documentLoads).toBe(1);
  await expect(page).toHaveURL(/\/chat$/);

  await page.goBack();
  await expect(page).toHaveURL(/\/dashboard$/);
  await expect(page.getByText('Welcome, Administrator')).toBeVisible();

  await page.goForward();
  await expect(page.getByRole('button', { name: 'Reload page' })).toBeVisible();
  await page.unroute(blocked);
  await page.getByRole('button', { name: 'Reload page' }).click();
  await expect(page.getByRole('textbox', { name: 'Message' })).toBeVisible();
});
