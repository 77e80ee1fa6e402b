/**
 * User administration end to end against the real server (docs/product.md#user-administration,
 * #roles-and-permissions and #errors-and-messages): the seeded admin creates a user, finds it by
 * search, filter and sort, views and edits it; the server refuses the admin's own deactivation; the
 * new (non-admin) user opening /users lands on /dashboard.
 */
import { expect, test, type Page } from '@playwright/test';
import { E2E_ADMIN } from '../playwright.config.ts';

const stamp = Date.now().toString(36);
const person = {
  name: `Nurlan Installer ${stamp}`,
  renamed: `Nurlan Supplier ${stamp}`,
  email: `nurlan.${stamp}@example.com`,
  password: 'secret1',
};

async function signIn(page: Page, email: string, password: string, path = '/signin') {
  await page.goto(path);
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'Sign in' }).click();
}

/** Picks `option` in the select labelled `label`. */
async function choose(page: Page, label: string, option: string) {
  await page.getByRole('button', { name: new RegExp(`. ${label}$`) }).click();
  await page.getByRole('option', { name: option, exact: true }).click();
}

const toast = (page: Page, text: string) =>
  page.getByRole('region', { name: /Notifications/ }).getByText(text, { exact: true });

test.describe.configure({ mode: 'serial' });

test('the admin creates, finds, views and edits a user', async ({ page }) => {
  await signIn(page, E2E_ADMIN.email, E2E_ADMIN.password, '/users');
  await expect(page).toHaveURL(/\/users$/);
  await expect(page.getByRole('heading', { name: 'Users', level: 1 })).toBeVisible();

  // Create (the password follows the admin rule: at least 6 characters).
  await page.getByRole('link', { name: 'Create user' }).click();
  await expect(page).toHaveURL(/\/users\/create$/);
  await page.getByRole('textbox', { name: 'Name' }).fill(person.name);
  await page.getByRole('textbox', { name: 'Email' }).fill(person.email);
  await page.getByLabel('Password', { exact: true }).fill('12345');
  await page.getByLabel('Confirm password', { exact: true }).fill('12345');
  await page.getByRole('button', { name: 'Create user' }).click();
  await expect(page.getByText('Password must be at least 6 characters')).toBeVisible();
  await page.getByLabel('Password', { exact: true }).fill(person.password);
  await page.getByLabel('Confirm password', { exact: true }).fill(person.password);
  await choose(page, 'User type', 'Installer');
  await page.getByText('Email confirmed').click();
  await page.getByRole('button', { name: 'Create user' }).click();
  await expect(toast(page, 'User created successfully')).toBeVisible();
  await expect(page).toHaveURL(/\/users$/);

  // The same email again is refused on the email field (409).
  await page.getByRole('link', { name: 'Create user' }).click();
  await page.getByRole('textbox', { name: 'Name' }).fill('Someone Else');
  await page.getByRole('textbox', { name: 'Email' }).fill(person.email.toUpperCase());
  await page.getByLabel('Password', { exact: true }).fill(person.password);
  await page.getByLabel('Confirm password', { exact: true }).fill(person.password);
  await page.getByRole('button', { name: 'Create user' }).click();
  await expect(page.getByRole('textbox', { name: 'Email' })).toHaveAccessibleDescription(
    'An account with this email already exists.',
  );
  await page.getByRole('link', { name: 'Cancel' }).click();

  // Find: search (debounced), filter by type and verification, sort by name.
  await page.getByRole('searchbox', { name: 'Search users' }).fill(stamp);
  await expect(page).toHaveURL(new RegExp(`q=${stamp}`));
  await choose(page, 'User type', 'Installer');
  await choose(page, 'Email verification', 'Verified');
  await page.getByRole('button', { name: 'Name', exact: true }).click();
  await expect(page.getByRole('columnheader', { name: 'Name' })).toHaveAttribute(
    'aria-sort',
    'descending',
  );
  await expect(page).toHaveURL(/type=installer/);
  await expect(page).toHaveURL(/verified=yes/);
  await expect(page).toHaveURL(/sort=name&dir=desc/);
  const row = page.getByRole('row', { name: new RegExp(person.name) });
  await expect(row).toHaveCount(1);
  await expect(row.getByText('Installer', { exact: true })).toBeVisible();
  await expect(row.getByText('Never', { exact: true })).toBeVisible();
  // The list state survives a reload.
  await page.reload();
  await expect(page.getByRole('searchbox', { name: 'Search users' })).toHaveValue(stamp);
  await expect(page.getByRole('row', { name: new RegExp(person.name) })).toBeVisible();

  // View.
  await page.getByRole('link', { name: person.name, exact: true }).click();
  await expect(page.getByRole('heading', { name: person.name, level: 1 })).toBeVisible();
  await expect(page.getByText(person.email, { exact: true })).toBeVisible();
  await expect(page.getByText('Installer', { exact: true })).toBeVisible();
  await expect(page.getByText('Verified', { exact: true })).toBeVisible();
  await expect(page.getByText('Not linked', { exact: true })).toBeVisible();

  // Edit: new name and type.
  await page.getByRole('link', { name: 'Edit user' }).click();
  await expect(page.getByRole('textbox', { name: 'Name' })).toHaveValue(person.name);
  await page.getByRole('textbox', { name: 'Name' }).fill(person.renamed);
  await choose(page, 'User type', 'Supplier');
  await page.getByRole('button', { name: 'Save changes' }).click();
  await expect(toast(page, 'User updated successfully')).toBeVisible();
  // Back to the list as it was left: search, filters and sort kept.
  await expect(page).toHaveURL(/\/users\?.*type=installer/);
  await expect(page.getByRole('searchbox', { name: 'Search users' })).toHaveValue(stamp);
  // Now a Supplier, the user leaves the Installer filter.
  await choose(page, 'User type', 'All user types');
  const edited = page.getByRole('row', { name: new RegExp(person.renamed) });
  await expect(edited).toBeVisible();
  await expect(edited.getByText('Supplier', { exact: true })).toBeVisible();
});

test("the admin's own account: user type and Active are locked, saying why", async ({ page }) => {
  const reason = 'You cannot deactivate or change the role of your own account.';
  await signIn(page, E2E_ADMIN.email, E2E_ADMIN.password, `/users?q=${E2E_ADMIN.email}`);
  await page.getByRole('link', { name: /^Edit / }).click();
  await expect(page.getByRole('textbox', { name: 'Email' })).toHaveValue(E2E_ADMIN.email);
  const active = page.getByRole('checkbox', { name: 'Active account' });
  await expect(active).toBeDisabled();
  await expect(active).toHaveAccessibleDescription(reason);
  await expect(page.getByRole('button', { name: /User type/ })).toBeDisabled();
  // Saving what can be changed still works.
  await page.getByRole('button', { name: 'Save changes' }).click();
  await expect(toast(page, 'User updated successfully')).toBeVisible();
});

test('a non-admin opening /users lands on /dashboard', async ({ page }) => {
  await signIn(page, person.email, person.password, '/users');
  await expect(page).toHaveURL(/\/dashboard$/);
  await page.goto('/users');
  await expect(page).toHaveURL(/\/dashboard$/);
  await page.goto('/users/create');
  await expect(page).toHaveURL(/\/dashboard$/);
});
