/**
 * The profile (spec sections 2, 4, 5 and 6) in each state, signed in as the demo client on
 * the MSW fake: loading, load error, view, edit, validation, saved, Google account.
 */
import type { Meta, StoryObj } from '@storybook/react-vite';
import { delay, http, HttpResponse } from 'msw';
import { expect, userEvent, within } from 'storybook/test';
import { AccountApp } from '../../testing/auth-stories.tsx';
import { SCREEN_PARAMETERS } from '../../testing/story-modes.ts';

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
    await expect(await canvas.findByRole('button', { name: 'Edit profile' })).toBeVisible();
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
      await canvas.findByRole('button', { name: 'Try again' }, { timeout: 5000 }),
    ).toBeVisible();
  },
};

/** Edit mode with the saved values. */
export const Editing: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await userEvent.click(await canvas.findByRole('button', { name: 'Edit profile' }));
    await expect(canvas.getByRole('textbox', { name: 'Name' })).toHaveValue('Daniyar Sadykov');
  },
};

/** A too-short name and an invalid email after Save. */
export const Validation: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await userEvent.click(await canvas.findByRole('button', { name: 'Edit profile' }));
    const name = canvas.getByRole('textbox', { name: 'Name' });
    const email = canvas.getByRole('textbox', { name: 'Email' });
    await userEvent.clear(name);
    await userEvent.type(name, 'D');
    await userEvent.clear(email);
    await userEvent.type(email, 'daniyar@example');
    await userEvent.click(canvas.getByRole('button', { name: 'Save' }));
    await expect(name).toHaveAccessibleDescription('Name must be at least 2 characters');
    await expect(email).toHaveAccessibleDescription('Please enter a valid email address');
  },
};

/** Saved: back to view mode with 'Profile updated successfully'. */
export const Saved: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await userEvent.click(await canvas.findByRole('button', { name: 'Edit profile' }));
    const name = canvas.getByRole('textbox', { name: 'Name' });
    await userEvent.clear(name);
    await userEvent.type(name, 'Daniyar S. Sadykov');
    await userEvent.click(canvas.getByRole('button', { name: 'Save' }));
    await expect(await canvas.findByRole('status')).toHaveTextContent(
      'Profile updated successfully',
    );
  },
};

/** A Google account: the notice and no edit button. */
export const GoogleAccount: Story = {
  args: { googleUser: true },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(
      await canvas.findByText(
        'Profile editing is not available for accounts signed in with Google.',
      ),
    ).toBeVisible();
    await expect(canvas.queryByRole('button', { name: 'Edit profile' })).toBeNull();
  },
};
