/** The profile against the real server (spec sections 2 and 4): an edit persists. */
import { expect, test } from '@playwright/test';

test('a profile edit is saved and still there after a reload', async ({ page, request }) => {
  const email = `dinara.${Date.now()}@example.com`;
  const created = await request.post('/api/v1/auth/email/signup', {
    data: {
      name: 'Dinara Osmonova',
      email,
      password: 'Sunshine2026',
      confirmPassword: 'Sunshine2026',
    },
  });
  expect(created.status()).toBe(201);

  await page.goto('/profile');
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password', { exact: true }).fill('Sunshine2026');
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page).toHaveURL(/\/profile$/);

  await page.getByRole('button', { name: 'Edit profile' }).click();
  await expect(page.getByRole('textbox', { name: 'Name' })).toBeFocused();
  await page.getByRole('textbox', { name: 'Name' }).fill('Dinara O.');
  await page.getByRole('button', { name: 'Cancel' }).click();
  await expect(page.getByRole('heading', { name: 'Dinara Osmonova', level: 2 })).toBeVisible();

  await page.getByRole('button', { name: 'Edit profile' }).click();
  await page.getByRole('textbox', { name: 'Name' }).fill('Dinara Osmonova-Toktogulova');
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByRole('status')).toHaveText('Profile updated successfully');
  await expect(
    page.getByRole('heading', { name: 'Dinara Osmonova-Toktogulova', level: 2 }),
  ).toBeVisible();

  await page.reload();
  await expect(
    page.getByRole('heading', { name: 'Dinara Osmonova-Toktogulova', level: 2 }),
  ).toBeVisible();
  await page.goto('/dashboard');
  await expect(page.getByText('Welcome, Dinara Osmonova-Toktogulova')).toBeVisible();
});
