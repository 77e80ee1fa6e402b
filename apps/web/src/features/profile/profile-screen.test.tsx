/**
 * /profile against the MSW fake (spec sections 2, 4, 5, 6 and 8): loading and load error,
 * the view, edit with save and cancel, every validation message, 409 and other failures,
 * and the Google-account notice without edit.
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

describe('profile: loading (spec section 2)', () => {
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

describe('profile: view and edit (spec sections 2 and 4)', () => {
  it('shows name, email and role badge', async () => {
    await open();
    await expect
      .element(page.getByRole('heading', { name: 'Daniyar Sadykov', level: 2 }))
      .toBeVisible();
    await expect.element(page.getByText('daniyar@example.com').first()).toBeVisible();
    await expect.element(page.getByText('Residential Client').first()).toBeVisible();
    await expect.element(editButton()).toBeVisible();
  });

  it('saves name and email, returns to view with the success message and updates the session', async () => {
    const { fixture } = await open();
    await startEditing();
    await expect.element(nameField()).toHaveValue('Daniyar Sadykov');
    await expect.element(emailField()).toHaveValue('daniyar@example.com');
    await nameField().fill('Daniyar S. Sadykov');
    expect(currentPasswordField().query()).toBeNull();
    await emailField().fill('daniyar.s@example.com');
    await currentPasswordField().fill(PASSWORD);
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
      email: 'daniyar.s@example.com',
    });
    const stored = [...fixture.mock.fake.users.values()].find(
      (u) => u.email === 'daniyar.s@example.com',
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

describe('profile: validation and failures (spec sections 5 and 8)', () => {
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

describe('profile: account safety (issue 25 item 4)', () => {
  it('a new email asks for the current password, and says when it is wrong', async () => {
    const hint =
      'Needed to change the email. We will tell your current address and send a confirmation link to the new one.';
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

  it('after an email change the address is unverified and the link can be sent again', async () => {
    await open();
    await startEditing();
    await emailField().fill('daniyar.moved@example.com');
    await currentPasswordField().fill(PASSWORD);
    await save();
    await expect.element(page.getByText('(not verified yet)')).toBeVisible();
    await userEvent.click(page.getByRole('button', { name: 'Send the link again' }));
    await expect
      .element(page.getByRole('status').filter({ hasText: 'We have sent a new confirmation link' }))
      .toBeVisible();
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

describe('profile: Google accounts (spec section 6)', () => {
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
