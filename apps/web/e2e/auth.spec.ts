/**
 * Account flows against the real server (docs/product.md#accounts-and-sessions), as a new user
 * would: sign up with a weak then a valid password, sign out, deep link while signed out, the
 * forgot/reset password mail, and the verification mail.
 */
import { expect, test, type Page } from '@playwright/test';
import { newestMailLink } from './mail-outbox.ts';

/** A fresh address per run (the data directory is new, but tests may be re-run). */
const uniqueEmail = (name: string) => `${name}.${Date.now()}@example.com`;

async function signUp(page: Page, name: string, email: string, password: string) {
  await page.goto('/signup');
  await page.getByLabel('Full name').fill(name);
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByLabel('Confirm password', { exact: true }).fill(password);
  await page.getByRole('checkbox', { name: /I agree to the/ }).check({ force: true });
  await page.getByRole('button', { name: 'Create account' }).click();
}

async function signIn(page: Page, email: string, password: string) {
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'Sign in' }).click();
}

test('sign up (weak, then valid password), sign out, deep link to /profile and back', async ({
  page,
}) => {
  const email = uniqueEmail('asel');
  await signUp(page, 'Asel Nurbekova', email, 'sunshine');
  await expect(page.getByLabel('Password', { exact: true })).toHaveAccessibleDescription(
    /Password must contain uppercase, lowercase, and number/,
  );
  await expect(page).toHaveURL(/\/signup$/);

  await page.getByLabel('Password', { exact: true }).fill('Sunshine2026');
  await page.getByLabel('Confirm password', { exact: true }).fill('Sunshine2026');
  await page.getByRole('button', { name: 'Create account' }).click();
  await expect(page).toHaveURL(/\/dashboard$/);
  await expect(page.getByText('Welcome, Asel Nurbekova')).toBeVisible();
  await expect(page.getByText('Residential Client')).toBeVisible();

  await page.getByRole('button', { name: 'Account menu' }).click();
  await page.getByRole('menuitem', { name: 'Sign out' }).click();
  // The shell's guard may add ?from=%2Fdashboard while signing out (harmless: same target).
  await expect(page).toHaveURL(/\/signin(\?from=%2Fdashboard)?$/);
  await expect(page.getByRole('heading', { name: 'Sign in to Solar' })).toBeVisible();

  await page.goto('/profile');
  await expect(page).toHaveURL(/\/signin\?from=%2Fprofile$/);
  await signIn(page, email, 'Sunshine2026');
  await expect(page).toHaveURL(/\/profile$/);
  await expect(page.getByRole('heading', { name: 'Asel Nurbekova', level: 2 })).toBeVisible();
});

test('a taken email is reported on the email field', async ({ page, request }) => {
  const email = uniqueEmail('taken');
  const created = await request.post('/api/v1/auth/email/signup', {
    data: { name: 'First Owner', email, password: 'Sunshine2026', confirmPassword: 'Sunshine2026' },
  });
  expect(created.status()).toBe(201);
  await signUp(page, 'Second Owner', email, 'Sunshine2026');
  await expect(page.getByLabel('Email')).toHaveAccessibleDescription(
    'An account with this email already exists.',
  );
});

test('forgot and reset password through the mail outbox', async ({ page, request }) => {
  const email = uniqueEmail('bolot');
  const created = await request.post('/api/v1/auth/email/signup', {
    data: {
      name: 'Bolot Usenov',
      email,
      password: 'Sunshine2026',
      confirmPassword: 'Sunshine2026',
    },
  });
  expect(created.status()).toBe(201);

  await page.goto('/signin');
  await page.getByRole('link', { name: 'Forgot password?' }).click();
  await expect(page.getByRole('button', { name: 'Send reset link' })).toBeDisabled();
  await page.getByLabel('Email').fill(email);
  await page.getByRole('button', { name: 'Send reset link' }).click();
  await expect(page.getByRole('heading', { name: 'Check your email' })).toBeVisible();

  const link = await newestMailLink(email, 'reset-password');
  await page.goto(link);
  await page.getByLabel('New password', { exact: true }).fill('Moonlight2027');
  await page.getByLabel('Confirm new password', { exact: true }).fill('Moonlight2027');
  await page.getByRole('button', { name: 'Reset password' }).click();
  await expect(page.getByRole('heading', { name: 'Your password has been reset' })).toBeVisible();
  await expect(page.getByRole('status')).toHaveText('Taking you to sign in in 3 seconds…');
  await expect(page).toHaveURL(/\/signin$/, { timeout: 6000 });

  await signIn(page, email, 'Sunshine2026');
  await expect(page.getByRole('alert')).toHaveText('Login failed. Please check your credentials.');
  await signIn(page, email, 'Moonlight2027');
  await expect(page).toHaveURL(/\/dashboard$/);

  // The link works once.
  await page.getByRole('button', { name: 'Account menu' }).click();
  await page.getByRole('menuitem', { name: 'Sign out' }).click();
  await page.goto(link);
  await page.getByLabel('New password', { exact: true }).fill('Starlight2028');
  await page.getByLabel('Confirm new password', { exact: true }).fill('Starlight2028');
  await page.getByRole('button', { name: 'Reset password' }).click();
  await expect(page.getByText('This link is invalid or has expired.')).toBeVisible();
});

test('the verification mail confirms the email', async ({ page }) => {
  const email = uniqueEmail('cholpon');
  await signUp(page, 'Cholpon Asanova', email, 'Sunshine2026');
  await expect(page).toHaveURL(/\/dashboard$/);
  const link = await newestMailLink(email, 'verify-email');
  await page.goto(link);
  await expect(page.getByRole('heading', { name: 'Your email is confirmed' })).toBeVisible();
  await page.getByRole('link', { name: 'Go to the dashboard' }).click();
  await expect(page).toHaveURL(/\/dashboard$/);
});
