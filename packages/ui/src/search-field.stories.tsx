import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn, userEvent, within } from 'storybook/test';
import { SearchField } from './search-field.tsx';

const meta = {
  title: 'UI/Forms/SearchField',
  component: SearchField,
  args: {
    label: 'Search users',
    clearLabel: 'Clear search',
    placeholder: 'Name or email',
    onChange: fn(),
    onSubmit: fn(),
    className: 'w-80',
  },
} satisfies Meta<typeof SearchField>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Empty: Story = {};
export const Filled: Story = { args: { defaultValue: 'ada' } };
export const HiddenLabel: Story = { args: { hideLabel: true } };

/** Typing reports each change; the clear button and Escape empty the field. */
export const TypeAndClear: Story = {
  play: async ({ args, canvasElement }) => {
    const canvas = within(canvasElement);
    const input = canvas.getByRole('searchbox', { name: 'Search users' });
    await userEvent.type(input, 'ada');
    await expect(args.onChange).toHaveBeenLastCalledWith('ada');
    await userEvent.keyboard('{Enter}');
    await expect(args.onSubmit).toHaveBeenCalledWith('ada');
    await userEvent.click(canvas.getByRole('button', { name: 'Clear search' }));
    await expect(input).toHaveValue('');
    await userEvent.type(input, 'bob{Escape}');
    await expect(input).toHaveValue('');
  },
};

export const Catalog: Story = {
  render: (args) => (
    <div className="flex w-80 flex-col gap-6">
      <SearchField {...args} label="Empty" />
      <SearchField {...args} label="Filled" defaultValue="ada@example.com" />
      <SearchField {...args} label="Disabled" isDisabled />
    </div>
  ),
};
