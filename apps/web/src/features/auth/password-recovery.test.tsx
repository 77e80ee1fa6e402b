/**
 * /forgot-password and /reset-password against the MSW fake (docs/product.md#accounts-and-sessions
 * and #errors-and-messages): disabled submit while empty, email validation, success panel and 'try
 * a different email', token required, every reset validation message, the live checklist, invalid
 * token, and the success panel that goes to /signin after 3 s.
 */
import { createFakeBackend, scenarios } from '@solar/api/mock';
import { DELAYS_MS } from '@solar/domain';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { page, userEvent } from 'vitest/browser';
import { render } from 'vitest-browser-react';
import {
  AppFixtureView,
  createAppFixture,
  FIXTURE_ACCOUNTS,
  FIXTURE_NOW,
  type AppFixtureOptions,
} from '../../testing/app-fixture.tsx';
import { manualSchedule } from '../../testing/manual-schedule.ts';

async function open(path: string, options: AppFixtureOptions = {}) {
  const fixture = createAppFixture({ path, ...options });
  const screen = await render(<AppFixtureView fixture={fixture} />);
  return { fixture, screen };
}

afterEach(() => {
  vi.useRealTimers();
});

describe('forgot password', () => {
  const email = () => page.getByLabelText('Email');
  const send = () => page.getByRole('button', { name: 'Send reset link' });

  it('keeps the submit disabled while the email is empty', async () => {
    await open('/forgot-password');
    await expect.element(send()).toBeDisabled();
    await email().fill('  ');
    await expect.element(send()).toBeDisabled();
    await email().fill('daniyar@example.com');
    await expect.element(send()).toBeEnabled();
  });

  it('asks for a valid email address', async () => {
    await open('/forgot-password');
    await email().fill('daniyar@');
    await userEvent.click(send());
    await expect.element(email()).toHaveAccessibleDescription('Please enter a valid email address');
    await expect.element(email()).toHaveFocus();
  });

  it('sends the link, shows the success panel, and "try a different email" resets the form', async () => {
    const { fixture } = await open('/forgot-password');
    await email().fill(FIXTURE_ACCOUNTS.client.email);
    await userEvent.click(send());
    const panel = page.getByRole('heading', { name: 'Check your email' });
    await expect.element(panel).toBeVisible();
    await expect.element(panel).toHaveFocus();
    await expect
      .element(
        page.getByText(
          `If an account exists for ${FIXTURE_ACCOUNTS.client.email}, we have sent it a link to reset the password.`,
        ),
      )
      .toBeVisible();
    expect(fixture.mock.fake.outbox.at(-1)).toMatchObject({
      to: FIXTURE_ACCOUNTS.client.email,
      subject: 'Reset your Solar password',
    });

    await userEvent.click(page.getByRole('button', { name: 'Try a different email' }));
    await expect.element(email()).toHaveValue('');
    await expect.element(email()).toHaveFocus();
    await expect.element(send()).toBeDisabled();
    expect(panel.query()).toBeNull();
  });

  it('shows the rate-limit message when the server refuses (429)', async () => {
    await open('/forgot-password', { mock: { scenario: scenarios.groupError('auth', 429) } });
    await email().fill(FIXTURE_ACCOUNTS.client.email);
    await userEvent.click(send());
    await expect
      .element(page.getByRole('alert'))
      .toHaveTextContent('Too many requests. Please try again later.');
  });
});

describe('reset password', () => {
  const password = () => page.getByLabelText('New password', { exact: true });
  const confirm = () => page.getByLabelText('Confirm new password', { exact: true });
  const submit = () => userEvent.click(page.getByRole('button', { name: 'Reset password' }));

  /** A fake with a fresh reset link for the demo client; returns the link's path. */
  function withResetLink() {
    const fake = createFakeBackend({ now: () => FIXTURE_NOW });
    fake.forgotPassword({ email: FIXTURE_ACCOUNTS.client.email });
    const link = new URL(fake.outbox.at(-1)!.link);
    return { fake, path: `${link.pathname}${link.search}` };
  }

  it('sends a visitor without a token to /forgot-password', async () => {
    const { fixture } = await open('/reset-password');
    await expect
      .element(page.getByRole('heading', { name: 'Forgot your password?' }))
      .toBeVisible();
    expect(fixture.location.history.at(-1)).toBe('/forgot-password');
  });

  it('asks for a password and its confirmation', async () => {
    await open('/reset-password?token=abc');
    await submit();
    await expect
      .element(password())
      .toHaveAccessibleDescription(expect.stringContaining('Password is required'));
    await expect.element(confirm()).toHaveAccessibleDescription('Please confirm your password');
    await expect.element(password()).toHaveFocus();
  });

  it('checks length, character classes and the match', async () => {
    await open('/reset-password?token=abc');
    await password().fill('Sun1');
    await confirm().fill('Sun1');
    await submit();
    await expect
      .element(password())
      .toHaveAccessibleDescription(
        expect.stringContaining('Password must be at least 8 characters'),
      );
    await password().fill('sunshine2026');
    await expect
      .element(password())
      .toHaveAccessibleDescription(expect.not.stringContaining('Password must'));
    await confirm().fill('sunshine2027');
    await submit();
    await expect
      .element(password())
      .toHaveAccessibleDescription(
        expect.stringContaining('Password must contain uppercase, lowercase, and number'),
      );
    await expect.element(confirm()).toHaveAccessibleDescription('Passwords do not match');
  });

  it('shows the live checklist of requirements', async () => {
    await open('/reset-password?token=abc');
    const item = (text: string) => page.getByRole('listitem').filter({ hasText: text });
    await password().fill('sunshine');
    await expect.element(item('At least 8 characters')).toHaveAttribute('data-met', 'true');
    await expect.element(item('One uppercase letter')).toHaveAttribute('data-met', 'false');
    await expect.element(item('One number')).toHaveTextContent('One number: not met');
  });

  it('explains an invalid or expired link and links to /forgot-password', async () => {
    await open('/reset-password?token=expired');
    await password().fill('Sunshine2026');
    await confirm().fill('Sunshine2026');
    await submit();
    await expect.element(page.getByText('This link is invalid or has expired.')).toBeVisible();
    await expect
      .element(page.getByRole('link', { name: 'Request a new link' }))
      .toHaveAttribute('href', '/forgot-password');
  });

  it('resets the password, announces the redirect and goes to /signin after 3 s', async () => {
    const { fake, path } = withResetLink();
    const timers = manualSchedule();
    const { fixture } = await open(path, { mock: { fake }, schedule: timers.schedule });
    await password().fill('Sunshine2026');
    await confirm().fill('Sunshine2026');
    await submit();
    await expect
      .element(page.getByRole('heading', { name: 'Your password has been reset' }))
      .toBeVisible();
    await expect
      .element(page.getByRole('status').filter({ hasText: 'Taking you to sign in' }))
      .toHaveTextContent('Taking you to sign in in 3 seconds…');
    // The page stays put until the 3 s are up, then goes to /signin.
    expect(DELAYS_MS.resetRedirect).toBe(3000);
    await vi.waitFor(() => expect(timers.pending).toBe(1));
    timers.advance(DELAYS_MS.resetRedirect - 1);
    expect(fixture.location.history.at(-1)).toBe(path);
    timers.advance(1);
    await expect.element(page.getByRole('heading', { name: 'Sign in to Solar' })).toBeVisible();
    expect(fixture.location.history.at(-1)).toBe('/signin');
    // The new password works; the old one no longer does.
    expect(
      fake.signIn({ email: FIXTURE_ACCOUNTS.client.email, password: 'Sunshine2026' }).status,
    ).toBe(200);
    expect(fake.signIn(FIXTURE_ACCOUNTS.client).status).toBe(401);
  });
});
