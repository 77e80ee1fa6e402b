/**
 * The profile against the real server (docs/product.md#accounts-and-sessions): an edit
 * persists; a new email waits for the link mailed to it, which moves the account
 * (docs/decisions/034-secure-email-change.md).
 */
import { expect, test } from '@playwright/test';
import { newestMailLink } from './mail-outbox.ts';

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

test('a new email stays pending until the link mailed to it is opened', async ({
  page,
  request,
}) => {
  const stamp = Date.now();
  const email = `bakyt.${stamp}@example.com`;
  const newEmail = `bakyt.new.${stamp}@example.com`;
  const password = 'Sunshine2026';
  const created = await request.post('/api/v1/auth/email/signup', {
    data: { name: 'Bakyt Asanov', email, password, confirmPassword: password },
  });
  expect(created.status()).toBe(201);

  await page.goto('/profile');
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page).toHaveURL(/\/profile$/);

  await page.getByRole('button', { name: 'Edit profile' }).click();
  await page.getByRole('textbox', { name: 'Email' }).fill(newEmail);
  await page.getByLabel('Current password', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByRole('status')).toHaveText(
    `Saved. We have sent a confirmation link to ${newEmail}. Your email stays ${email} until you open it.`,
  );
  const pending = page.getByRole('region', { name: 'Email change waiting for confirmation' });
  await expect(pending).toContainText(newEmail);
  await page.reload();
  await expect(pending).toBeVisible();

  await page.goto(await newestMailLink(newEmail, 'confirm-email-change'));
  await expect(page.getByRole('heading', { name: 'Your new email is confirmed' })).toBeVisible();
  await page.getByRole('link', { name: 'Go to your profile' }).click();
  await expect(page.getByText(`${newEmail} (verified)`)).toBeVisible();
  await expect(pending).toHaveCount(0);
});
