import { chatMessages as c } from '@solar/domain';
import type { ConversationSummary } from '@solar/domain/contract';
import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn, userEvent, within } from 'storybook/test';
import { daysAgo, FROZEN_NOW } from '../../../.storybook/fixtures.ts';
import { ConversationList } from './conversation-list.tsx';

const conversations: ConversationSummary[] = [
  {
    id: 'c1',
    title: 'Flat roof in Bishkek',
    messageCount: 6,
    lastMessageAt: daysAgo(0, 2),
    titleGenerated: true,
  },
  {
    id: 'c2',
    title: 'Quote for a 5 kW system',
    messageCount: 4,
    lastMessageAt: daysAgo(1),
    titleGenerated: false,
  },
  {
    id: 'c3',
    title: 'Battery storage options',
    messageCount: 9,
    lastMessageAt: daysAgo(3),
    titleGenerated: true,
  },
  {
    id: 'c4',
    title: 'Winter production',
    messageCount: 2,
    lastMessageAt: daysAgo(20),
    titleGenerated: false,
  },
];

const meta = {
  title: 'UI/Chat/ConversationList',
  component: ConversationList,
  args: {
    conversations,
    activeId: 'c2',
    onSelect: fn(),
    onLoadMore: fn(),
    onRetry: fn(),
    now: FROZEN_NOW,
    locale: 'en',
    timeZone: 'UTC',
    labels: {
      list: 'Conversations',
      loadMore: 'Load more',
      loading: 'Loading conversations',
      empty: 'No conversations yet. Start a new chat.',
      error: c.conversationsLoadFailed.defaultMessage,
      retry: c.retry.defaultMessage,
      generatedTitle: 'generated title',
    },
    className: 'w-72',
  },
} satisfies Meta<typeof ConversationList>;

export default meta;
type Story = StoryObj<typeof meta>;

/** Today: time; yesterday; within a week: weekday; older: month and day. */
export const Default: Story = {
  play: async ({ args, canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByText('8:30 AM')).toBeVisible();
    await expect(canvas.getByText('Yesterday')).toBeVisible();
    await expect(canvas.getByText('Wednesday')).toBeVisible();
    await expect(canvas.getByText('Feb 22')).toBeVisible();
    const generated = canvas.getByRole('button', {
      name: /Flat roof in Bishkek \(generated title\)/,
    });
    await expect(canvas.getByRole('button', { name: /Quote for a 5 kW system/ })).toHaveAttribute(
      'aria-current',
      'true',
    );
    await userEvent.click(generated);
    await expect(args.onSelect).toHaveBeenCalledWith('c1');
  },
};

export const Russian: Story = {
  args: { locale: 'ru' },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByText('Вчера')).toBeVisible();
    await expect(canvas.getByText('Среда')).toBeVisible();
  },
};

export const HasMore: Story = {
  args: { hasMore: true },
  play: async ({ args, canvasElement }) => {
    await userEvent.click(within(canvasElement).getByRole('button', { name: 'Load more' }));
    await expect(args.onLoadMore).toHaveBeenCalledTimes(1);
  },
};

export const LoadingMore: Story = { args: { hasMore: true, isLoadingMore: true } };
export const Loading: Story = { args: { conversations: [], isLoading: true } };
export const Empty: Story = { args: { conversations: [] } };

export const LoadError: Story = {
  args: { conversations: [], hasError: true },
  play: async ({ args, canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByRole('alert')).toHaveTextContent(
      c.conversationsLoadFailed.defaultMessage,
    );
    await userEvent.click(canvas.getByRole('button', { name: 'Retry' }));
    await expect(args.onRetry).toHaveBeenCalledTimes(1);
  },
};

/** A later page failed: the loaded items stay, the error and retry follow them. */
export const LoadMoreError: Story = { args: { hasMore: true, hasError: true } };

export const Catalog: Story = {
  render: (args) => (
    <div className="grid w-[60rem] grid-cols-3 gap-6">
      <ConversationList {...args} labels={{ ...args.labels, list: 'Loaded' }} hasMore />
      <ConversationList {...args} labels={{ ...args.labels, list: 'Empty' }} conversations={[]} />
      <ConversationList
        {...args}
        labels={{ ...args.labels, list: 'Failed' }}
        conversations={[]}
        hasError
      />
    </div>
  ),
};
