import type { Meta, StoryObj } from '@storybook/react-vite';
import { StatusHistory } from './status-history.tsx';

const meta = {
  title: 'UI/Display/StatusHistory',
  component: StatusHistory,
  args: {
    label: 'Status history',
    emptyLabel: 'Nothing has happened yet.',
    events: [
      {
        id: 'e3',
        title: 'Inspection scheduled',
        at: '2026-11-24T09:30:00Z',
        atLabel: '24 Nov 2026, 09:30',
        actor: 'by Rustam Inspector',
        note: 'Gate code 4411; call on arrival.',
      },
      {
        id: 'e2',
        title: 'Quote requested',
        at: '2026-11-22T15:02:00Z',
        atLabel: '22 Nov 2026, 15:02',
        actor: 'by Aida Client',
      },
      {
        id: 'e1',
        title: 'Draft saved',
        at: '2026-11-20T08:00:00Z',
        atLabel: '20 Nov 2026, 08:00',
        actor: null,
      },
    ],
  },
} satisfies Meta<typeof StatusHistory>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Events: Story = {};
export const OneEvent: Story = {
  args: {
    events: [
      { id: 'e1', title: 'Draft saved', at: '2026-11-20T08:00:00Z', atLabel: '20 Nov 2026, 08:00' },
    ],
  },
};
export const Empty: Story = { args: { events: [] } };
