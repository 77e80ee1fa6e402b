/**
 * /signup against the MSW fake (docs/product.md#accounts-and-sessions and #errors-and-messages):
 * every validation message of the sign-up form, errors clearing on edit, the live password
 * checklist, terms and privacy links, 409 on the email field, server failures, success to
 * /dashboard, sign-up with the external provider.
 */
import { http, HttpResponse } from 'msw';
import { afterEach, describe, expect, it } from 'vitest';
import { page, userEvent } from 'vitest/browser';
import { render } from 'vitest-browser-react';
import {
  AppFixtureView,
  createAppFixture,
  type AppFixtureOptions,
} from '../../testing/app-fixture.tsx';
import { FAKE_GOOGLE_PROVIDER, watchProviderNavigation } from '../../testing/auth-fixtures.ts';
import { ATTEMPT_KEY } from './external-sign-in.ts';

async function open(options: AppFixtureOptions = {}) {
  const fixture = createAppFixture({ path: '/signup', ...options });
  const screen = await render(<AppFixtureView fixture={fixture} />);
  await expect
    .element(screen.getByRole('heading', { name: 'Create your Solar account' }))
    .toBeVisible();
  return { fixture, screen };
}

const name = () => page.getByLabelText('Full name');
const email = () => page.getByLabelText('Email');
const password = () => page.getByLabelText('Password', { exact: true });
const confirm = () => page.getByLabelText('Confirm password', { exact: true });
const terms = () => page.getByRole('checkbox', { name: /I agree to the/ });
const submit = () => userEvent.click(page.getByRole('button', { name: 'Create account' }));
const requirement = (text: string) => page.getByRole('listitem').filter({ hasText: text });

async function fillValid(overrides: { email?: string } = {}) {
  await name().fill('Nurlan Toktosunov');
  await email().fill(overrides.email ?? 'nurlan@example.com');
  await password().fill('Sunshine2026');
  await confirm().fill('Sunshine2026');
  await userEvent.click(terms(), { force: true });
}

let navigation: ReturnType<typeof watchProviderNavigation> | null = null;
afterEach(() => {
  navigation?.restore();
  navigation = null;
  window.sessionStorage.removeItem(ATTEMPT_KEY);
});

describe('sign up: validation', () => {
  it('shows a message on every empty field and focuses the first', async () => {
    await open();
    await submit();
    await expect.element(name()).toHaveAccessibleDescription('Name is required');
    await expect.element(email()).toHaveAccessibleDescription('Email is required');
    await expect
      .element(password())
      .toHaveAccessibleDescription(expect.stringContaining('Password is required'));
    await expect.element(confirm()).toHaveAccessibleDescription('Please confirm your password');
    await expect
      .element(terms())
      .toHaveAccessibleDescription('You must accept the terms and conditions');
    await expect.element(name()).toHaveFocus();
  });

  it('checks name length, email pattern, password length and confirmation', async () => {
    await open();
    await name().fill('A');
    await email().fill('nurlan@example');
    await password().fill('Sun1');
    await confirm().fill('Sun2');
    await submit();
    await expect.element(name()).toHaveAccessibleDescription('Name must be at least 2 characters');
    await expect.element(email()).toHaveAccessibleDescription('Please enter a valid email address');
    await expect
      .element(password())
      .toHaveAccessibleDescription(
        expect.stringContaining('Password must be at least 8 characters'),
      );
    await expect.element(confirm()).toHaveAccessibleDescription('Passwords do not match');
  });

  it('asks for uppercase, lowercase and a number', async () => {
    await open();
    await password().fill('sunshine2026');
    await submit();
    await expect
      .element(password())
      .toHaveAccessibleDescription(
        expect.stringContaining('Password must contain uppercase, lowercase, and number'),
      );
  });

  it('clears a field error when that field is edited, and only that one', async () => {
    await open();
    await submit();
    await name().fill('Nurlan');
    await expect.element(name()).toHaveAccessibleDescription('');
    await expect.element(email()).toHaveAccessibleDescription('Email is required');
    await userEvent.click(terms(), { force: true });
    await expect.element(terms()).toHaveAccessibleDescription('');
  });

  it('ticks the live checklist as the password grows', async () => {
    await open();
    await expect.element(requirement('At least 8 characters')).toHaveAttribute('data-met', 'false');
    await password().fill('sun');
    await expect.element(requirement('One lowercase letter')).toHaveAttribute('data-met', 'true');
    await expect.element(requirement('One uppercase letter')).toHaveAttribute('data-met', 'false');
    await password().fill('Sunshine2026');
    for (const text of [
      'At least 8 characters',
      'One lowercase letter',
      'One uppercase letter',
      'One number',
    ]) {
      await expect.element(requirement(text)).toHaveAttribute('data-met', 'true');
    }
    await expect.element(requirement('One number')).toHaveTextContent('One number: met');
    await password().fill('SUN');
    await expect
      .element(requirement('One lowercase letter'))
      .toHaveTextContent('One lowercase letter: not met');
  });
});

describe('sign up: the terms checkbox', () => {
  it('links the terms and privacy pages', async () => {
    await open();
    await expect
      .element(page.getByRole('link', { name: 'Terms of Service' }))
      .toHaveAttribute('href', '/terms');
    await expect
      .element(page.getByRole('link', { name: 'Privacy Policy' }))
      .toHaveAttribute('href', '/privacy');
  });
});

describe('sign up: answers of the server', () => {
  it('creates the account and goes to /dashboard as a Residential Client', async () => {
    const { fixture, screen } = await open();
    await fillValid();
    await submit();
    await expect.element(screen.getByRole('heading', { name: 'Dashboard' })).toBeVisible();
    await expect.element(screen.getByText('Welcome, Nurlan Toktosunov')).toBeVisible();
    await expect.element(screen.getByText('Residential Client')).toBeVisible();
    expect(fixture.location.history.at(-1)).toBe('/dashboard');
  });

  it('goes to the safe ?from= kept from /signin, and links back to /signin with it', async () => {
    const { fixture, screen } = await open({ path: '/signup?from=%2Fprofile' });
    await expect
      .element(screen.getByRole('link', { name: 'Sign in' }))
      .toHaveAttribute('href', '/signin?from=%2Fprofile');
    await fillValid();
    await submit();
    await expect.element(screen.getByRole('heading', { name: 'Profile', level: 1 })).toBeVisible();
    expect(fixture.location.history.at(-1)).toBe('/profile');
  });

  it('goes to /dashboard when ?from= leaves the site', async () => {
    const { fixture } = await open({ path: '/signup?from=https%3A%2F%2Fevil.example' });
    await fillValid();
    await submit();
    await expect.poll(() => fixture.location.history.at(-1)).toBe('/dashboard');
  });

  it('shows a taken email (409) on the email field', async () => {
    const { fixture } = await open();
    await fillValid({ email: 'daniyar@example.com' });
    await submit();
    await expect
      .element(email())
      .toHaveAccessibleDescription('An account with this email already exists.');
    await expect.element(email()).toHaveFocus();
    expect(fixture.location.history.at(-1)).toBe('/signup');
  });

  it("falls back to 'Registration failed. Please try again.' without a server message", async () => {
    await open({
      handlers: [
        http.post('*/api/v1/auth/email/signup', () => new HttpResponse(null, { status: 502 })),
      ],
    });
    await fillValid();
    await submit();
    await expect
      .element(page.getByRole('alert'))
      .toHaveTextContent('Registration failed. Please try again.');
  });

  it('signs up with the provider: goes there remembering a sign-up (back to the dashboard)', async () => {
    navigation = watchProviderNavigation();
    const { screen } = await open({ mock: { oidcProvider: FAKE_GOOGLE_PROVIDER } });
    await userEvent.click(screen.getByRole('button', { name: 'Sign up with Google' }));
    await expect.poll(() => navigation!.urls.length).toBe(1);
    expect(JSON.parse(window.sessionStorage.getItem(ATTEMPT_KEY)!)).toMatchObject({
      mode: 'signUp',
      from: null,
    });
  });
});
