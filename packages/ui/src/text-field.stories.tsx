import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn, userEvent, within } from 'storybook/test';
import { TextField } from './text-field.tsx';

const meta = {
  title: 'UI/Forms/TextField',
  component: TextField,
  args: { label: 'Email', placeholder: 'you@example.com', onChange: fn(), className: 'w-80' },
} satisfies Meta<typeof TextField>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Default: Story = {
  play: async ({ args, canvasElement }) => {
    const input = within(canvasElement).getByRole('textbox', { name: 'Email' });
    await userEvent.type(input, 'ada@example.com');
    await expect(args.onChange).toHaveBeenLastCalledWith('ada@example.com');
  },
};

export const WithDescription: Story = {
  args: { label: 'Name', description: 'At least 2 characters.', placeholder: undefined },
};

export const Invalid: Story = {
  args: { defaultValue: 'ada@', errorMessage: 'Please enter a valid email address' },
  play: async ({ canvasElement }) => {
    const input = within(canvasElement).getByRole('textbox', { name: 'Email' });
    await expect(input).toHaveAttribute('aria-invalid', 'true');
    await expect(input).toHaveAccessibleDescription('Please enter a valid email address');
  },
};

export const Disabled: Story = { args: { isDisabled: true, defaultValue: 'ada@example.com' } };

export const Focused: Story = {
  play: async ({ canvasElement }) => {
    await userEvent.tab();
    await expect(within(canvasElement).getByRole('textbox')).toHaveFocus();
  },
};

/** Every state side by side. */
export const Catalog: Story = {
  render: () => (
    <div className="grid w-[40rem] grid-cols-2 gap-6">
      <TextField label="Empty" placeholder="Type here" />
      <TextField label="Filled" defaultValue="Ada Lovelace" />
      <TextField label="With help" description="We never share your email." />
      <TextField
        label="Invalid"
        defaultValue="a"
        errorMessage="Name must be at least 2 characters"
      />
      <TextField label="Disabled" defaultValue="Read only" isDisabled />
      <TextField label="Required" isRequired />
    </div>
  ),
};
