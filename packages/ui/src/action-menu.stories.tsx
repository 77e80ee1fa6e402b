import type { Meta, StoryObj } from '@storybook/react-vite';
import { fn } from 'storybook/test';
import { ActionMenu } from './action-menu.tsx';

const meta = {
  title: 'UI/Layout/ActionMenu',
  component: ActionMenu,
  parameters: { layout: 'padded' },
  decorators: [
    (Story) => (
      <div className="flex h-72 items-start justify-end">
        <Story />
      </div>
    ),
  ],
  args: {
    label: 'More actions',
    items: [
      { id: 'clear', label: 'Clear chat' },
      { id: 'end', label: 'End conversation', tone: 'danger' },
    ],
    onAction: fn(),
    options: [{ id: 'showBotType', label: 'Show the assistant type on replies', isSelected: true }],
    onOptionChange: fn(),
  },
} satisfies Meta<typeof ActionMenu>;

export default meta;
type Story = StoryObj<typeof meta>;

/** The closed button: an icon with an accessible name. */
export const Closed: Story = {};

/** Open: actions, then the on/off options. */
export const Open: Story = { args: { defaultOpen: true } };

/** A disabled action (e.g. clear while a reply streams). */
export const WithDisabledAction: Story = {
  args: {
    defaultOpen: true,
    items: [
      { id: 'clear', label: 'Clear chat', isDisabled: true },
      { id: 'end', label: 'End conversation', tone: 'danger' },
    ],
  },
};
