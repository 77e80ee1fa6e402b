/**
 * /profile against the MSW fake (docs/product.md#accounts-and-sessions): loading and
 * load error, the view, edit with save and cancel, every validation message, 409 and other
 * failures, the secure email change (waiting for its link, resend, cancel), and the
 * Google-account notice without edit.
 */
import { delay, http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { page, userEvent } from 'vitest/browser';
import { render } from 'vitest-browser-react';
import {
  AppFixtureView,
  createAppFixture,
  type AppFixture,
  type AppFixtureOptions,
} from '../../testing/app-fixture.tsx';
import { createGoogleUserFixture } from '../../testing/auth-fixtures.ts';

async function show(fixture: AppFixture) {
  await fixture.ready;
  const screen = await render(<AppFixtureView fixture={fixture} />);
  await expect.element(screen.getByRole('heading', { name: 'Profile', level: 1 })).toBeVisible();
  return { fixture, screen };
}
const open = (options: AppFixtureOptions = {}) =>
  show(createAppFixture({ path: '/profile', as: 'client', ...options }));

const editButton = () => page.getByRole('button', { name: 'Edit profile' });
const nameField = () => page.getByRole('textbox', { name: 'Name' });
const emailField = () => page.getByRole('textbox', { name: 'Email' });
const save = () => userEvent.click(page.getByRole('button', { name: 'Save' }));
const currentPasswordField = () => page.getByLabelText('Current password', { exact: true });
/** The fake's password of the signed-in client (daniyar@example.com). */
const PASSWORD = 'Password1';

async function startEditing() {
  await userEvent.click(editButton());
  await expect.element(nameField()).toHaveFocus();
}

describe('profile: loading', () => {
  it('shows a spinner while the profile loads', async () => {
    await open({
      handlers: [
        http.get('*/api/v1/auth/me', async () => {
          await delay('infinite');
        }),
      ],
    });
    await expect
      .element(page.getByRole('progressbar', { name: 'Loading your profile…' }))
      .toBeInTheDocument();
  });

  it('says when the profile cannot be loaded, and retries', async () => {
    let fail = true;
    await open({
      handlers: [
        http.get('*/api/v1/auth/me', () =>
          fail
            ? HttpResponse.json({ message: 'down', code: 'internal' }, { status: 500 })
            : undefined,
        ),
      ],
    });
    await expect
      .element(page.getByRole('alert'))
      .toHaveTextContent('Your profile could not be loaded.Try again');
    fail = false;
    await userEvent.click(page.getByRole('button', { name: 'Try again' }));
    await expect.element(editButton()).toBeVisible();
  });
});

describe('profile: view and edit', () => {
  it('shows name, email and role badge', async () => {
    await open();
    await expect
      .element(page.getByRole('heading', { name: 'Daniyar Sadykov', level: 2 }))
      .toBeVisible();
    await expect.element(page.getByText('daniyar@example.com').first()).toBeVisible();
    await expect.element(page.getByText('Residential Client').first()).toBeVisible();
    await expect.element(editButton()).toBeVisible();
  });

  it('saves the name, returns to view with the success message and updates the session', async () => {
    const { fixture } = await open();
    await startEditing();
    await expect.element(nameField()).toHaveValue('Daniyar Sadykov');
    await expect.element(emailField()).toHaveValue('daniyar@example.com');
    await nameField().fill('Daniyar S. Sadykov');
    expect(currentPasswordField().query()).toBeNull();
    await save();
    await expect
      .element(page.getByRole('status').filter({ hasText: 'Profile updated successfully' }))
      .toHaveFocus();
    await expect
      .element(page.getByRole('heading', { name: 'Daniyar S. Sadykov', level: 2 }))
      .toBeVisible();
    expect(nameField().query()).toBeNull();
    expect(fixture.client.session.getSnapshot().user).toMatchObject({
      name: 'Daniyar S. Sadykov',
      email: 'daniyar@example.com',
    });
    const stored = [...fixture.mock.fake.users.values()].find(
      (u) => u.email === 'daniyar@example.com',
    );
    expect(stored?.name).toBe('Daniyar S. Sadykov');
  });

  it('cancel restores the saved values and returns focus to the edit button', async () => {
    const { fixture } = await open();
    await startEditing();
    await nameField().fill('Somebody Else');
    await userEvent.click(page.getByRole('button', { name: 'Cancel' }));
    await expect.element(editButton()).toHaveFocus();
    await expect
      .element(page.getByRole('heading', { name: 'Daniyar Sadykov', level: 2 }))
      .toBeVisible();
    await startEditing();
    await expect.element(nameField()).toHaveValue('Daniyar Sadykov');
    expect(fixture.client.session.getSnapshot().user?.name).toBe('Daniyar Sadykov');
  });
});

describe('profile: validation and failures', () => {
  it('requires a name and an email', async () => {
    await open();
    await startEditing();
    await nameField().fill('');
    await emailField().fill('');
    await save();
    await expect.element(nameField()).toHaveAccessibleDescription('Name is required');
    await expect.element(emailField()).toHaveAccessibleDescription('Email is required');
    await expect.element(nameField()).toHaveFocus();
  });

  it('checks name length and email pattern; an edit clears its error', async () => {
    await open();
    await startEditing();
    await nameField().fill('D');
    await emailField().fill('daniyar@example');
    await save();
    await expect
      .element(nameField())
      .toHaveAccessibleDescription('Name must be at least 2 characters');
    await expect
      .element(emailField())
      .toHaveAccessibleDescription('Please enter a valid email address');
    await nameField().fill('Daniyar');
    await expect.element(nameField()).toHaveAccessibleDescription('');
    await expect
      .element(emailField())
      .toHaveAccessibleDescription('Please enter a valid email address');
  });

  it('shows a taken email (409) on the email field', async () => {
    await open();
    await startEditing();
    await emailField().fill('aigerim@example.com');
    await currentPasswordField().fill(PASSWORD);
    await save();
    await expect
      .element(emailField())
      .toHaveAccessibleDescription('An account with this email already exists.');
    await expect.element(emailField()).toHaveFocus();
  });

  it("shows 'Failed to update profile.' when the save fails without a message", async () => {
    await open({
      handlers: [http.put('*/api/v1/auth/me', () => new HttpResponse(null, { status: 502 }))],
    });
    await startEditing();
    await nameField().fill('Daniyar Sadykov Jr');
    await save();
    await expect.element(page.getByRole('alert')).toHaveTextContent('Failed to update profile.');
    await expect.element(nameField()).toHaveValue('Daniyar Sadykov Jr');
  });
});

describe('profile: account safety', () => {
  it('a new email asks for the current password, and says when it is wrong', async () => {
    const hint =
      'Needed to change the email. We will send a confirmation link to the new address and tell the current one; your email changes once the link is opened.';
    await open();
    await startEditing();
    await emailField().fill('daniyar.new@example.com');
    await expect.element(currentPasswordField()).toHaveAccessibleDescription(hint);
    await save();
    await expect
      .element(currentPasswordField())
      .toHaveAccessibleDescription(`${hint} Please enter your current password`);
    await expect.element(currentPasswordField()).toHaveFocus();
    await currentPasswordField().fill('Wrong1234');
    await save();
    await expect
      .element(currentPasswordField())
      .toHaveAccessibleDescription(`${hint} The current password is not correct`);
  });

  it('a new email waits for its link: the email stays, the change shows with resend and cancel', async () => {
    const { fixture } = await open();
    await startEditing();
    await emailField().fill('daniyar.moved@example.com');
    await currentPasswordField().fill(PASSWORD);
    await save();
    await expect
      .element(page.getByRole('status'))
      .toHaveTextContent(
        'Saved. We have sent a confirmation link to daniyar.moved@example.com. Your email stays daniyar@example.com until you open it.',
      );
    await expect.element(page.getByRole('status')).toHaveFocus();
    const pending = page.getByRole('region', { name: 'Email change waiting for confirmation' });
    await expect
      .element(
        pending.getByText(
          'We sent a link to daniyar.moved@example.com. Until it is opened, your email stays daniyar@example.com.',
        ),
      )
      .toBeVisible();
    expect(fixture.client.session.getSnapshot().user?.email).toBe('daniyar@example.com');
    const mails = () =>
      fixture.mock.fake.outbox.filter((m) => m.to === 'daniyar.moved@example.com');
    expect(mails()).toHaveLength(1);
    // The old address got the notice with the cancel link.
    expect(
      fixture.mock.fake.outbox.some(
        (m) => m.to === 'daniyar@example.com' && m.link.includes('/cancel-email-change?'),
      ),
    ).toBe(true);

    await userEvent.click(pending.getByRole('button', { name: 'Resend to the new address' }));
    await expect
      .element(pending.getByRole('status'))
      .toHaveTextContent('We have sent a new link to daniyar.moved@example.com.');
    expect(mails()).toHaveLength(2);

    await userEvent.click(pending.getByRole('button', { name: 'Cancel the change' }));
    await expect
      .element(page.getByRole('status'))
      .toHaveTextContent('The email change is cancelled. Your email stays daniyar@example.com.');
    await expect.element(page.getByRole('status')).toHaveFocus();
    expect(pending.query()).toBeNull();
    const stored = [...fixture.mock.fake.users.values()].find(
      (u) => u.email === 'daniyar@example.com',
    );
    expect(stored?.pendingEmail).toBeNull();
  });

  it('says when the link cannot be sent again or the change cannot be cancelled', async () => {
    const fail = () => HttpResponse.json({ message: 'down', code: 'internal' }, { status: 500 });
    await open({
      handlers: [
        http.post('*/api/v1/auth/email/change/resend', fail),
        http.delete('*/api/v1/auth/email/change', fail),
      ],
      afterSignIn: (client) =>
        client.profile.update({
          name: 'Daniyar Sadykov',
          email: 'daniyar.new@example.com',
          currentPassword: PASSWORD,
        }),
    });
    const pending = page.getByRole('region', { name: 'Email change waiting for confirmation' });
    await userEvent.click(pending.getByRole('button', { name: 'Resend to the new address' }));
    await expect
      .element(pending.getByRole('alert'))
      .toHaveTextContent('The link could not be sent. Please try again later.');
    await userEvent.click(pending.getByRole('button', { name: 'Cancel the change' }));
    await expect
      .element(pending.getByRole('alert'))
      .toHaveTextContent('The change could not be cancelled. Please try again.');
    await expect.element(pending).toBeVisible();
  });

  it('changes the password: current and new with the sign-up rules', async () => {
    const { fixture } = await open();
    await userEvent.click(page.getByRole('button', { name: 'Change password' }));
    const current = page.getByLabelText('Current password', { exact: true });
    const next = page.getByLabelText('New password', { exact: true });
    const confirm = page.getByLabelText('Confirm new password', { exact: true });
    await next.fill('weakpass');
    await confirm.fill('weakpass');
    await userEvent.click(page.getByRole('button', { name: 'Change password' }));
    await expect.element(current).toHaveAccessibleDescription('Please enter your current password');
    await expect
      .element(next)
      .toHaveAccessibleDescription(
        'At least 8 characters, with uppercase, lowercase and a number. Password must contain uppercase, lowercase, and number',
      );
    await current.fill('Wrong1234');
    await next.fill('Newpass123');
    await confirm.fill('Newpass123');
    await userEvent.click(page.getByRole('button', { name: 'Change password' }));
    await expect
      .element(current)
      .toHaveAccessibleDescription('The current password is not correct');
    await current.fill(PASSWORD);
    await userEvent.click(page.getByRole('button', { name: 'Change password' }));
    await expect
      .element(page.getByRole('status').filter({ hasText: 'Your password was changed.' }))
      .toBeVisible();
    const stored = [...fixture.mock.fake.users.values()].find(
      (u) => u.email === 'daniyar@example.com',
    );
    expect(stored?.password).toBe('Newpass123');
  });
});

describe('profile: Google accounts', () => {
  it('shows the notice and no edit button', async () => {
    await show(createGoogleUserFixture('/profile'));
    await expect
      .element(
        page.getByText('Profile editing is not available for accounts signed in with Google.'),
      )
      .toBeVisible();
    await expect
      .element(page.getByRole('heading', { name: 'Daniyar Sadykov', level: 2 }))
      .toBeVisible();
    expect(editButton().query()).toBeNull();
  });
});
