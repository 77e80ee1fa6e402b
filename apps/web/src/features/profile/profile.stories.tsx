/**
 * The profile (docs/product.md#accounts-and-sessions) in each state, signed in as the
 * demo client on the MSW fake: loading, load error, view, edit, validation, saved, the
 * email change (saved and waiting for its link, the link sent again, cancelled, a
 * failure), Google account.
 */
import type { ApiClient } from '@solar/api';
import type { Meta, StoryObj } from '@storybook/react-vite';
import { delay, http, HttpResponse } from 'msw';
import { expect, userEvent, within } from 'storybook/test';
import { AccountApp } from '../../testing/auth-stories.tsx';
import { SCREEN_PARAMETERS } from '../../testing/story-modes.ts';
import { text } from '../../testing/story-text.ts';

const meta = {
  title: 'Screens/Profile',
  component: AccountApp,
  parameters: SCREEN_PARAMETERS,
  args: { path: '/profile', as: 'client' },
} satisfies Meta<typeof AccountApp>;
export default meta;
type Story = StoryObj<typeof meta>;

/** Name, email, role badge and the edit button. */
export const View: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(await canvas.findByRole('button', { name: text('profile.edit') })).toBeVisible();
  },
};

/** The profile is on its way. */
export const Loading: Story = {
  args: {
    handlers: [
      http.get('*/api/v1/auth/me', async () => {
        await delay('infinite');
      }),
    ],
  },
};

/** The profile could not be loaded: message and retry. */
export const LoadError: Story = {
  args: {
    handlers: [
      http.get('*/api/v1/auth/me', () =>
        HttpResponse.json({ message: 'Server error', code: 'internal' }, { status: 500 }),
      ),
    ],
  },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(
      await canvas.findByRole('button', { name: text('profile.retry') }, { timeout: 5000 }),
    ).toBeVisible();
  },
};

/** Edit mode with the saved values. */
export const Editing: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await userEvent.click(await canvas.findByRole('button', { name: text('profile.edit') }));
    await expect(canvas.getByRole('textbox', { name: text('profile.name') })).toHaveValue(
      'Daniyar Sadykov',
    );
  },
};

/** A too-short name and an invalid email after Save. */
export const Validation: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await userEvent.click(await canvas.findByRole('button', { name: text('profile.edit') }));
    const name = canvas.getByRole('textbox', { name: text('profile.name') });
    const email = canvas.getByRole('textbox', { name: text('profile.email') });
    await userEvent.clear(name);
    await userEvent.type(name, 'D');
    await userEvent.clear(email);
    await userEvent.type(email, 'daniyar@example');
    await userEvent.click(canvas.getByRole('button', { name: text('profile.save') }));
    await expect(name).toHaveAccessibleDescription(text('validation.nameTooShort'));
    await expect(email).toHaveAccessibleDescription(text('validation.invalidEmail'));
  },
};

/** Saved: back to view mode with 'Profile updated successfully'. */
export const Saved: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await userEvent.click(await canvas.findByRole('button', { name: text('profile.edit') }));
    const name = canvas.getByRole('textbox', { name: text('profile.name') });
    await userEvent.clear(name);
    await userEvent.type(name, 'Daniyar S. Sadykov');
    await userEvent.click(canvas.getByRole('button', { name: text('profile.save') }));
    await expect(await canvas.findByRole('status')).toHaveTextContent(text('auth.profileUpdated'));
  },
};

/** A Google account: the notice and no edit button. */
export const GoogleAccount: Story = {
  args: { googleUser: true },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(await canvas.findByText(text('auth.googleProfileLocked'))).toBeVisible();
    await expect(canvas.queryByRole('button', { name: text('profile.edit') })).toBeNull();
  },
};

/** Asks, as the signed-in demo client, for a new (long) email address. */
const askEmailChange = (client: ApiClient) =>
  client.profile.update({
    name: 'Daniyar Sadykov',
    email: 'daniyar.sadykov.solar-installations@example.com',
    currentPassword: 'Password1',
  });

/** Saved with a new email: the link went to the new address, the email stays until it is opened. */
export const EmailChangeSaved: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await userEvent.click(await canvas.findByRole('button', { name: text('profile.edit') }));
    const email = canvas.getByRole('textbox', { name: text('profile.email') });
    await userEvent.clear(email);
    await userEvent.type(email, 'daniyar.sadykov.solar-installations@example.com');
    await userEvent.type(
      canvas.getByLabelText(text('profile.currentPassword'), { selector: 'input' }),
      'Password1',
    );
    await userEvent.click(canvas.getByRole('button', { name: text('profile.save') }));
    await expect(
      await canvas.findByRole('region', { name: text('profile.pendingTitle') }),
    ).toBeVisible();
  },
};

/** An email change waits for its link: the new address, resend and cancel. */
export const EmailChangePending: Story = {
  args: { afterSignIn: askEmailChange },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(
      await canvas.findByRole('button', { name: text('profile.pendingCancel') }),
    ).toBeVisible();
  },
};

/** The link was sent to the new address again. */
export const EmailChangeResent: Story = {
  args: { afterSignIn: askEmailChange },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await userEvent.click(
      await canvas.findByRole('button', { name: text('profile.pendingResend') }),
    );
    await expect(await canvas.findByRole('status')).toBeVisible();
  },
};

/** The change could not be sent again (the server failed). */
export const EmailChangeResendFailed: Story = {
  args: {
    afterSignIn: askEmailChange,
    handlers: [
      http.post('*/api/v1/auth/email/change/resend', () =>
        HttpResponse.json({ message: 'Server error', code: 'internal' }, { status: 500 }),
      ),
    ],
  },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await userEvent.click(
      await canvas.findByRole('button', { name: text('profile.pendingResend') }),
    );
    await expect(await canvas.findByRole('alert')).toBeVisible();
  },
};

/** The change was cancelled from the profile: the email stays. */
export const EmailChangeCancelled: Story = {
  args: { afterSignIn: askEmailChange },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await userEvent.click(
      await canvas.findByRole('button', { name: text('profile.pendingCancel') }),
    );
    await expect(await canvas.findByRole('status')).toHaveTextContent(
      text('profile.emailChangeCancelled', { email: 'daniyar@example.com' }),
    );
  },
};
