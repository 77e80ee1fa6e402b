/**
 * The audit log end to end against the real server (docs/product.md#audit-log): the seeded
 * admin creates a user, finds the creation in /audit-log by action, narrows the log to that
 * user, exports the rows as CSV and sees the change in the user page's history.
 */
import { expect, test, type Page } from '@playwright/test';
import { E2E_ADMIN } from '../playwright.config.ts';

const stamp = Date.now().toString(36);
const person = { name: `Audit Person ${stamp}`, email: `audit.${stamp}@example.com` };

async function signIn(page: Page, path: string) {
  await page.goto(`/signin?from=${encodeURIComponent(path)}`);
  await page.getByLabel('Email').fill(E2E_ADMIN.email);
  await page.getByLabel('Password', { exact: true }).fill(E2E_ADMIN.password);
  await page.getByRole('button', { name: 'Sign in' }).click();
}

test('the admin finds a change in the audit log, exports it and sees it in the history', async ({
  page,
}) => {
  await signIn(page, '/users/create');
  await page.getByRole('textbox', { name: 'Name' }).fill(person.name);
  await page.getByRole('textbox', { name: 'Email' }).fill(person.email);
  await page.getByLabel('Password', { exact: true }).fill('secret1');
  await page.getByLabel('Confirm password', { exact: true }).fill('secret1');
  await page.getByRole('button', { name: 'Create user' }).click();
  await expect(page).toHaveURL(/\/users$/);

  await page.getByRole('link', { name: 'Audit log' }).click();
  await expect(page.getByRole('heading', { name: 'Audit log', level: 1 })).toBeVisible();
  await page.getByRole('button', { name: /. Action$/ }).click();
  await page.getByRole('option', { name: 'Account created', exact: true }).click();
  await expect(page).toHaveURL(/action=user\.create/);
  const row = page.getByRole('row', { name: new RegExp(person.name) });
  await expect(row.getByText('Account created')).toBeVisible();
  await row.getByRole('button', { name: `Only this target: User ${person.name}` }).click();
  await expect(page).toHaveURL(/type=user&target=/);
  await expect(page.getByText(`Target: User ${person.name}`)).toBeVisible();

  const download = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Export CSV' }).click();
  expect((await download).suggestedFilename()).toMatch(/^audit-\d{4}-\d{2}-\d{2}\.csv$/);

  await row.getByRole('link', { name: `User ${person.name}` }).click();
  const history = page.getByRole('region', { name: 'Change history' });
  await expect(history.getByText('Account created')).toBeVisible();
  await expect(history.getByText(`Name: none to ${person.name}`)).toBeVisible();
});
