import { userMessages as u } from '@solar/domain';
import type { Meta, StoryObj } from '@storybook/react-vite';
import { StatusBadge } from './status-badge.tsx';

const meta = {
  title: 'UI/Display/StatusBadge',
  component: StatusBadge,
  args: { label: u.active.defaultMessage, tone: 'positive' },
} satisfies Meta<typeof StatusBadge>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Active: Story = {};
export const Inactive: Story = { args: { label: u.inactive.defaultMessage, tone: 'negative' } };
export const Verified: Story = { args: { label: u.verified.defaultMessage, tone: 'positive' } };
export const Unverified: Story = { args: { label: u.unverified.defaultMessage, tone: 'warning' } };

export const Catalog: Story = {
  render: () => (
    <div className="flex flex-wrap gap-2">
      <StatusBadge tone="positive" label={u.active.defaultMessage} />
      <StatusBadge tone="negative" label={u.inactive.defaultMessage} />
      <StatusBadge tone="positive" label={u.verified.defaultMessage} />
      <StatusBadge tone="warning" label={u.unverified.defaultMessage} />
    </div>
  ),
};
