/**
 * /confirm-email-change and /cancel-email-change against the MSW fake
 * (docs/decisions/034-secure-email-change.md): each link's token is sent once; the new
 * address is confirmed, taken meanwhile, or the link is invalid; the old address cancels;
 * a failed connection offers 'Try again' with the same token; a link without a token is
 * refused without a call.
 */
import { createFakeBackend } from '@solar/api/mock';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { page, userEvent } from 'vitest/browser';
import { render } from 'vitest-browser-react';
import {
  AppFixtureView,
  createAppFixture,
  FIXTURE_NOW,
  type AppFixtureOptions,
} from '../../testing/app-fixture.tsx';
import { EMAIL_CHANGE, requestEmailChange } from '../../testing/email-change-fixtures.ts';

async function open(path: string, options: AppFixtureOptions = {}) {
  const fixture = createAppFixture({ path, ...options });
  await fixture.ready;
  await render(<AppFixtureView fixture={fixture} />);
  return fixture;
}

/** A fake where the customer asked for the change, and the two links' paths. */
function withEmailChange() {
  const fake = createFakeBackend({ now: () => FIXTURE_NOW });
  return { fake, ...requestEmailChange(fake) };
}

const customer = (fake: ReturnType<typeof createFakeBackend>) =>
  [...fake.users.values()].find((u) => u.name === EMAIL_CHANGE.name)!;

describe('confirm an email change (POST /auth/email/change/confirm)', () => {
  it('confirms the new address once, names it and links to sign in', async () => {
    const { fake, confirmPath } = withEmailChange();
    const calls: string[] = [];
    await open(confirmPath, {
      mock: { fake },
      handlers: [
        http.post('*/api/v1/auth/email/change/confirm', ({ request }) => {
          calls.push(request.url);
        }),
      ],
    });
    const heading = page.getByRole('heading', { name: 'Your new email is confirmed', level: 2 });
    await expect.element(heading).toHaveFocus();
    await expect
      .element(
        page.getByText(
          `Your account’s email is now ${EMAIL_CHANGE.newEmail}. Use it to sign in from now on.`,
        ),
      )
      .toBeVisible();
    await expect
      .element(page.getByRole('link', { name: 'Go to sign in' }))
      .toHaveAttribute('href', '/signin');
    expect(customer(fake)).toMatchObject({ email: EMAIL_CHANGE.newEmail, pendingEmail: null });
    expect(calls).toHaveLength(1);
  });

  it('links a signed-in user to the profile', async () => {
    await open('/confirm-email-change?token=wrong', { as: 'client' });
    await expect
      .element(page.getByRole('link', { name: 'Go to your profile' }))
      .toHaveAttribute('href', '/profile');
  });

  it('says when another account took the address meanwhile; the email stays', async () => {
    const { fake, confirmPath } = withEmailChange();
    const password = 'Another2026';
    fake.signUp({
      name: 'Quick',
      email: EMAIL_CHANGE.newEmail,
      password,
      confirmPassword: password,
    });
    await open(confirmPath, { mock: { fake } });
    await expect
      .element(page.getByRole('heading', { name: 'This address now belongs to another account' }))
      .toHaveFocus();
    expect(customer(fake)).toMatchObject({
      email: EMAIL_CHANGE.email,
      pendingEmail: EMAIL_CHANGE.newEmail,
    });
  });

  it('explains an invalid, used or cancelled link', async () => {
    const { fake, confirmPath, cancelPath } = withEmailChange();
    fake.cancelEmailChangeByLink({
      token: new URL(cancelPath, 'http://x').searchParams.get('token'),
    });
    await open(confirmPath, { mock: { fake } });
    await expect
      .element(page.getByRole('heading', { name: 'We could not confirm the new email' }))
      .toBeVisible();
    await expect.element(page.getByText('This link is invalid or has expired.')).toBeVisible();
    await expect
      .element(page.getByText(/The link may have been used already, or the change cancelled/))
      .toBeVisible();
  });

  it('offers to try again after a failed connection, with the same token', async () => {
    const { fake, confirmPath } = withEmailChange();
    let down = true;
    await open(confirmPath, {
      mock: { fake },
      handlers: [
        http.post('*/api/v1/auth/email/change/confirm', () =>
          down ? HttpResponse.error() : undefined,
        ),
      ],
    });
    await expect.element(page.getByRole('alert')).toBeVisible();
    expect(customer(fake).pendingEmail).toBe(EMAIL_CHANGE.newEmail);
    down = false;
    await userEvent.click(page.getByRole('button', { name: 'Try again' }));
    await expect
      .element(page.getByRole('heading', { name: 'Your new email is confirmed' }))
      .toBeVisible();
  });

  it('treats a link without token as invalid, without calling the server', async () => {
    const calls: string[] = [];
    await open('/confirm-email-change', {
      handlers: [
        http.post('*/api/v1/auth/email/change/confirm', ({ request }) => {
          calls.push(request.url);
        }),
      ],
    });
    await expect.element(page.getByText('This link is invalid or has expired.')).toBeVisible();
    expect(calls).toEqual([]);
  });
});

describe('cancel an email change (POST /auth/email/change/cancel)', () => {
  it('cancels: the email stays, and a signed-out reader is offered a password reset', async () => {
    const { fake, cancelPath } = withEmailChange();
    await open(cancelPath, { mock: { fake } });
    await expect
      .element(page.getByRole('heading', { name: 'The email change is cancelled', level: 2 }))
      .toHaveFocus();
    await expect
      .element(page.getByRole('link', { name: 'Reset your password' }))
      .toHaveAttribute('href', '/forgot-password');
    expect(customer(fake)).toMatchObject({ email: EMAIL_CHANGE.email, pendingEmail: null });
  });

  it('explains a link that no longer works, and offers a signed-in reader the password change', async () => {
    await open('/cancel-email-change?token=used', { as: 'client' });
    await expect
      .element(page.getByRole('heading', { name: 'We could not cancel the change' }))
      .toBeVisible();
    await expect
      .element(page.getByRole('link', { name: 'Change your password' }))
      .toHaveAttribute('href', '/profile');
  });

  it('shows the checking state while the call is on its way', async () => {
    await open('/cancel-email-change?token=slow', {
      handlers: [
        http.post('*/api/v1/auth/email/change/cancel', () => new Promise<never>(() => {})),
      ],
    });
    await expect
      .element(page.getByRole('progressbar', { name: 'Cancelling the email change…' }))
      .toBeVisible();
  });
});
