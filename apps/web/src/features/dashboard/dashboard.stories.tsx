/** The dashboard (spec section 2) for a client and for an administrator, on the MSW fake. */
import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, within } from 'storybook/test';
import { AccountApp } from '../../testing/auth-stories.tsx';
import { SCREEN_PARAMETERS } from '../../testing/story-modes.ts';

const meta = {
  title: 'Screens/Dashboard',
  component: AccountApp,
  parameters: SCREEN_PARAMETERS,
  args: { path: '/dashboard', as: 'client' },
} satisfies Meta<typeof AccountApp>;
export default meta;
type Story = StoryObj<typeof meta>;

/** A residential client: calculator and profile cards, no user management. */
export const Client: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(await canvas.findByText('Residential Client')).toBeVisible();
    await expect(canvas.queryByRole('link', { name: 'User Management' })).toBeNull();
  },
};

/** An administrator: the user management card and the users link. */
export const Admin: Story = {
  args: { as: 'admin' },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(await canvas.findByRole('link', { name: 'User Management' })).toBeVisible();
  },
};
