import { userMessages as u } from '@solar/domain';
import type { Meta, StoryObj } from '@storybook/react-vite';
import { MessageIcon, SearchIcon, UsersIcon } from './icons.tsx';
import { EmptyState } from './empty-state.tsx';
import { ButtonLink } from './link.tsx';

const meta = {
  title: 'UI/Feedback/EmptyState',
  component: EmptyState,
  args: { title: u.emptyNone.defaultMessage, icon: <UsersIcon /> },
} satisfies Meta<typeof EmptyState>;

export default meta;
type Story = StoryObj<typeof meta>;

export const NoUsers: Story = {
  args: { action: <ButtonLink href="#create">Create user</ButtonLink> },
};

export const NoMatches: Story = {
  args: {
    title: u.emptyFiltered.defaultMessage,
    description: 'Try another search or clear the filters.',
    icon: <SearchIcon />,
  },
};

export const Catalog: Story = {
  render: () => (
    <div className="grid w-[40rem] grid-cols-2 gap-4">
      <EmptyState title="Title only" />
      <EmptyState
        title="No conversations yet"
        icon={<MessageIcon />}
        description="Start a new chat."
      />
    </div>
  ),
};
