/**
 * /verify-email, /terms and /privacy against the MSW fake (the OpenAPI document email
 * verification; docs/product.md#accounts-and-sessions: terms and privacy pages linked from
 * sign-up).
 */
import { createFakeBackend } from '@solar/api/mock';
import { http } from 'msw';
import { describe, expect, it } from 'vitest';
import { page, userEvent } from 'vitest/browser';
import { render } from 'vitest-browser-react';
import type { Locale } from '../../i18n/locales.ts';
import {
  AppFixtureView,
  createAppFixture,
  FIXTURE_NOW,
  type AppFixtureOptions,
} from '../../testing/app-fixture.tsx';

async function open(path: string, options: AppFixtureOptions & { locale?: Locale } = {}) {
  const { locale, ...rest } = options;
  const fixture = createAppFixture({ path, ...rest });
  await fixture.ready;
  const screen = await render(<AppFixtureView fixture={fixture} {...(locale ? { locale } : {})} />);
  return { fixture, screen };
}

/** A fake where Nurlan just signed up; returns the verification link's path. */
function withVerifyLink() {
  const fake = createFakeBackend({ now: () => FIXTURE_NOW });
  fake.signUp({
    name: 'Nurlan Toktosunov',
    email: 'nurlan@example.com',
    password: 'Sunshine2026',
    confirmPassword: 'Sunshine2026',
  });
  const link = new URL(fake.outbox.at(-1)!.link);
  return { fake, path: `${link.pathname}${link.search}` };
}

describe('verify email (POST /auth/email/verify)', () => {
  it('confirms the email once and links to sign in', async () => {
    const { fake, path } = withVerifyLink();
    await open(path, { mock: { fake } });
    await expect
      .element(page.getByRole('heading', { name: 'Your email is confirmed' }))
      .toBeVisible();
    await expect
      .element(page.getByRole('link', { name: 'Go to sign in' }))
      .toHaveAttribute('href', '/signin');
    const user = [...fake.users.values()].find((u) => u.email === 'nurlan@example.com');
    expect(user?.emailConfirmed).toBe(true);
  });

  it('says a link clicked twice already confirmed the email', async () => {
    const { fake, path } = withVerifyLink();
    const first = await open(path, { mock: { fake } });
    await expect
      .element(page.getByRole('heading', { name: 'Your email is confirmed' }))
      .toBeVisible();
    await first.screen.unmount();
    await open(path, { mock: { fake } });
    await expect
      .element(page.getByRole('heading', { name: 'Your email is already confirmed' }))
      .toBeVisible();
    await expect
      .element(page.getByText('This link was used before. There is nothing more to do.'))
      .toBeVisible();
    await expect
      .element(page.getByRole('link', { name: 'Go to sign in' }))
      .toHaveAttribute('href', '/signin');
  });

  it('explains an invalid link, calling the server once', async () => {
    const calls: string[] = [];
    await open('/verify-email?token=used-or-wrong', {
      handlers: [
        http.post('*/api/v1/auth/email/verify', ({ request }) => {
          calls.push(request.url);
        }),
      ],
    });
    await expect
      .element(page.getByRole('heading', { name: 'We could not confirm your email' }))
      .toBeVisible();
    await expect.element(page.getByText('This link is invalid or has expired.')).toBeVisible();
    expect(calls).toHaveLength(1);
  });

  it('treats a link without token as invalid, without calling the server', async () => {
    const calls: string[] = [];
    await open('/verify-email', {
      handlers: [
        http.post('*/api/v1/auth/email/verify', ({ request }) => {
          calls.push(request.url);
        }),
      ],
    });
    await expect.element(page.getByText('This link is invalid or has expired.')).toBeVisible();
    expect(calls).toEqual([]);
  });

  it('links a signed-in user to the dashboard', async () => {
    await open('/verify-email?token=wrong', { as: 'client' });
    await expect
      .element(page.getByRole('link', { name: 'Go to the dashboard' }))
      .toHaveAttribute('href', '/dashboard');
  });
});

describe('terms and privacy pages', () => {
  it('shows the terms with their sections and links to the privacy policy', async () => {
    const { fixture } = await open('/terms');
    await expect
      .element(page.getByRole('heading', { name: 'Terms of Service', level: 1 }))
      .toBeVisible();
    await expect
      .element(page.getByRole('heading', { name: 'Estimates are not offers', level: 2 }))
      .toBeVisible();
    expect(page.getByRole('heading', { level: 2 }).elements()).toHaveLength(6);
    await expect.element(page.getByText('Last updated: March 1, 2026')).toBeVisible();
    await userEvent.click(page.getByRole('link', { name: 'Read the Privacy Policy' }));
    await expect
      .element(page.getByRole('heading', { name: 'Privacy Policy', level: 1 }))
      .toBeVisible();
    expect(fixture.location.history.at(-1)).toBe('/privacy');
  });

  it('links back to sign up when signed out and to the dashboard when signed in', async () => {
    await open('/privacy');
    await expect
      .element(page.getByRole('link', { name: 'Back to sign up' }))
      .toHaveAttribute('href', '/signup');
  });

  it('links a signed-in reader back to the dashboard', async () => {
    await open('/terms', { as: 'client' });
    await expect
      .element(page.getByRole('link', { name: 'Back to the dashboard' }))
      .toHaveAttribute('href', '/dashboard');
  });

  it.each([
    ['es', 'Términos del servicio', 'Su cuenta'],
    ['ru', 'Условия использования', 'Ваш аккаунт'],
  ] as const)('is translated (%s)', async (locale, title, section) => {
    await open('/terms', { locale });
    await expect.element(page.getByRole('heading', { name: title, level: 1 })).toBeVisible();
    await expect.element(page.getByRole('heading', { name: section, level: 2 })).toBeVisible();
  });
});
