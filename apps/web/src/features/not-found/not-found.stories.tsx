/**
 * The 404 page (docs/product.md#roles-and-permissions), signed out and signed in. In development
 * builds (the Storybook dev server and its test run) it also shows the developer toast buttons.
 */
import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, within } from 'storybook/test';
import { AccountApp } from '../../testing/auth-stories.tsx';
import { SCREEN_PARAMETERS } from '../../testing/story-modes.ts';
import { text } from '../../testing/story-text.ts';

const meta = {
  title: 'Screens/NotFound',
  component: AccountApp,
  parameters: SCREEN_PARAMETERS,
  args: { path: '/no/such/page' },
} satisfies Meta<typeof AccountApp>;
export default meta;
type Story = StoryObj<typeof meta>;

/** Signed out: links to sign in and to the calculator. */
export const SignedOut: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(await canvas.findByRole('link', { name: text('notFound.signin') })).toBeVisible();
  },
};

/** Signed in: links to the dashboard and to the calculator. */
export const SignedIn: Story = {
  args: { as: 'client' },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(
      await canvas.findByRole('link', { name: text('notFound.dashboard') }),
    ).toBeVisible();
  },
};
