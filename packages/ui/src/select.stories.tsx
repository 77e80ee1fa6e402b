import { ROLE_KEYS, roleMessages } from '@solar/domain';
import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn, userEvent, waitFor, within } from 'storybook/test';
import { Select } from './select.tsx';

const roles = ROLE_KEYS.map((id) => ({ id, label: roleMessages[id].defaultMessage }));

const meta = {
  title: 'UI/Forms/Select',
  component: Select<string>,
  args: { label: 'User type', options: roles, onChange: fn(), className: 'w-64' },
} satisfies Meta<typeof Select<string>>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Default: Story = { args: { defaultValue: 'client_residential' } };

export const Placeholder: Story = { args: { placeholder: 'Choose a user type' } };

/** Opens with the keyboard and picks an option. */
export const KeyboardSelection: Story = {
  tags: ['no-visual'],
  parameters: { chromatic: { disableSnapshot: true } },
  args: { defaultValue: 'client_residential' },
  play: async ({ args, canvasElement }) => {
    const trigger = () => within(canvasElement).getByRole('button', { name: /User type/ });
    trigger().focus();
    await userEvent.keyboard('{ArrowDown}');
    const listbox = await within(document.body).findByRole('listbox');
    await userEvent.click(within(listbox).getByRole('option', { name: 'Installer' }));
    await expect(args.onChange).toHaveBeenCalledWith('installer');
    await waitFor(() => expect(trigger()).toHaveTextContent('Installer'));
  },
};

export const Open: Story = {
  args: { defaultValue: 'admin', defaultOpen: true },
  parameters: { layout: 'padded' },
};

export const Invalid: Story = { args: { errorMessage: 'User type is required' } };
export const Disabled: Story = { args: { defaultValue: 'admin', isDisabled: true } };

export const Catalog: Story = {
  render: (args) => (
    <div className="grid w-[40rem] grid-cols-2 gap-6">
      <Select {...args} label="Selected" defaultValue="supplier" />
      <Select {...args} label="Placeholder" placeholder="Choose a user type" />
      <Select {...args} label="Invalid" errorMessage="User type is required" />
      <Select {...args} label="Disabled" defaultValue="admin" isDisabled />
    </div>
  ),
};
