import { expect, test } from '@playwright/test';
import { E2E_ADMIN } from '../playwright.config.ts';

test('the seeded admin signs in and reaches the dashboard', async ({ page }) => {
  await page.goto('/');
  await expect(page).toHaveURL(/\/signin\?from=%2Fdashboard$/);
  await expect(page.getByRole('heading', { name: 'Sign in to Solar' })).toBeVisible();
  await page.getByLabel('Email').fill(E2E_ADMIN.email);
  await page.getByLabel('Password', { exact: true }).fill(E2E_ADMIN.password);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page).toHaveURL(/\/dashboard$/);
  await expect(page.getByText('Welcome, Administrator')).toBeVisible();
});

test('a wrong password shows the spec message and stays on /signin', async ({ page }) => {
  await page.goto('/signin');
  await page.getByLabel('Email').fill(E2E_ADMIN.email);
  await page.getByLabel('Password', { exact: true }).fill('wrong-password');
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page.getByRole('alert')).toHaveText('Login failed. Please check your credentials.');
  await expect(page).toHaveURL(/\/signin$/);
});

test('the language choice is applied and survives a reload', async ({ page }) => {
  await page.goto('/signin');
  await page.getByRole('combobox', { name: 'Language' }).selectOption('ru');
  await expect(page.getByRole('heading', { name: 'Вход в Solar' })).toBeVisible();
  await page.reload();
  await expect(page.getByRole('heading', { name: 'Вход в Solar' })).toBeVisible();
  await expect(page.locator('html')).toHaveAttribute('lang', 'ru');
});

test('an unknown path shows the 404 page', async ({ page }) => {
  await page.goto('/no-such-page');
  await expect(page.getByRole('heading', { name: 'Page not found' })).toBeVisible();
});

test('a crafted ?from= that the URL parser reads as another site signs in to the dashboard', async ({
  page,
}) => {
  for (const from of ['%2F%09%2Fevil.example', '%2F%0A%2Fevil.example', '%2F%0D%2Fevil.example']) {
    await page.context().clearCookies();
    await page.goto(`/signin?from=${from}`);
    await page.getByLabel('Email').fill(E2E_ADMIN.email);
    await page.getByLabel('Password', { exact: true }).fill(E2E_ADMIN.password);
    await page.getByRole('button', { name: 'Sign in' }).click();
    await expect(page).toHaveURL(/\/dashboard$/);
    await expect(page.getByText('Welcome, Administrator')).toBeVisible();
    // Signed in, the same link still lands on the dashboard (it once stayed blank on reload).
    await page.goto(`/signin?from=${from}`);
    await expect(page).toHaveURL(/\/dashboard$/);
    await page.getByRole('button', { name: 'Account menu' }).click();
    await page.getByRole('menuitem', { name: 'Sign out' }).click();
    await expect(page).toHaveURL(/\/signin/);
  }
});
