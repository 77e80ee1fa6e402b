import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, within } from 'storybook/test';
import { LoadingOverlay, Spinner, TopProgressBar } from './spinner.tsx';

const meta = {
  title: 'UI/Feedback/Spinner',
  component: Spinner,
  args: { label: 'Loading' },
} satisfies Meta<typeof Spinner>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Default: Story = {
  play: async ({ canvasElement }) => {
    await expect(
      within(canvasElement).getByRole('progressbar', { name: 'Loading' }),
    ).toBeInTheDocument();
  },
};

export const WithLabel: Story = { args: { showLabel: true, label: 'Signing in…' } };

export const Overlay: Story = {
  render: () => (
    <div className="relative h-48 w-96 rounded-card border border-border bg-surface-raised p-4">
      <p className="text-sm">Rows under the overlay.</p>
      <LoadingOverlay isVisible label="Loading users" />
    </div>
  ),
  play: async ({ canvasElement }) => {
    await expect(
      within(canvasElement).getByRole('progressbar', { name: 'Loading users' }),
    ).toBeInTheDocument();
  },
};

export const Catalog: Story = {
  render: () => (
    <div className="flex items-center gap-6">
      <Spinner size="sm" label="Small" />
      <Spinner size="md" label="Medium" />
      <Spinner size="lg" label="Large" />
      <Spinner size="md" label="With label" showLabel />
    </div>
  ),
};

/** The bar at the top of the window while a long list reloads (the users table's next page). */
export const TopProgress: Story = {
  render: () => (
    <div className="flex h-48 w-96 flex-col gap-2 rounded-card border border-border bg-surface-raised p-4 text-sm">
      <TopProgressBar label="Loading users" />
      <p>
        The bar runs along the top edge of the window, above whatever part of the list is in view.
      </p>
    </div>
  ),
  play: async ({ canvasElement }) => {
    const bar = within(canvasElement).getByRole('progressbar', { name: 'Loading users' });
    await expect(bar).not.toHaveAttribute('aria-valuenow');
    await expect(getComputedStyle(bar).position).toBe('fixed');
  },
};
