/**
 * The profile (spec sections 2, 4, 5 and 6) in each state, signed in as the demo client on
 * the MSW fake: loading, load error, view, edit, validation, saved, Google account.
 */
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
