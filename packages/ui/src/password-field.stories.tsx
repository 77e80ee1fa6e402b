import { passwordRequirementMessages as r } from '@solar/domain';
import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn, userEvent, within } from 'storybook/test';
import { PasswordField } from './password-field.tsx';

const requirementLabels = {
  minLength: r.minLength.defaultMessage,
  lowercase: r.lowercase.defaultMessage,
  uppercase: r.uppercase.defaultMessage,
  digit: r.digit.defaultMessage,
};

const meta = {
  title: 'UI/Forms/PasswordField',
  component: PasswordField,
  args: {
    label: 'Password',
    showLabel: 'Show password',
    hideLabel: 'Hide password',
    onChange: fn(),
    className: 'w-80',
  },
} satisfies Meta<typeof PasswordField>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Default: Story = {};

/** Show/hide toggles the input type and the toggle's name. */
export const ShowHide: Story = {
  args: { defaultValue: 'Secret123' },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const input = canvas.getByLabelText('Password', { selector: 'input' });
    await expect(input).toHaveAttribute('type', 'password');
    await userEvent.click(canvas.getByRole('button', { name: 'Show password' }));
    await expect(input).toHaveAttribute('type', 'text');
    await userEvent.click(canvas.getByRole('button', { name: 'Hide password' }));
    await expect(input).toHaveAttribute('type', 'password');
  },
};

/** The reset-password checklist updates as the user types. */
export const RequirementsChecklist: Story = {
  args: { requirementLabels, requirementStateLabels: { met: 'met', unmet: 'not met' } },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const input = canvas.getByLabelText('Password', { selector: 'input' });
    const item = (text: string) => canvas.getByText(text).closest('li')!;
    await userEvent.type(input, 'abc');
    await expect(item(requirementLabels.lowercase)).toHaveAttribute('data-met', 'true');
    await expect(item(requirementLabels.uppercase)).toHaveAttribute('data-met', 'false');
    await userEvent.type(input, 'DEF12');
    await expect(item(requirementLabels.minLength)).toHaveAttribute('data-met', 'true');
    await expect(item(requirementLabels.digit)).toHaveAttribute('data-met', 'true');
    await expect(input).toHaveAccessibleDescription(expect.stringContaining('met'));
  },
};

export const PartlyMet: Story = {
  args: { requirementLabels, defaultValue: 'solarpanel' },
};

export const AllMet: Story = {
  args: { requirementLabels, defaultValue: 'SolarPanel42' },
};

export const Invalid: Story = {
  args: {
    defaultValue: 'short',
    errorMessage: 'Password must contain uppercase, lowercase, and number',
  },
};

export const Catalog: Story = {
  render: (args) => (
    <div className="grid w-[40rem] grid-cols-2 gap-6">
      <PasswordField {...args} label="Empty" />
      <PasswordField
        {...args}
        label="Checklist"
        requirementLabels={requirementLabels}
        defaultValue="Solar1"
      />
      <PasswordField
        {...args}
        label="Invalid"
        defaultValue="x"
        errorMessage="Passwords do not match"
      />
      <PasswordField {...args} label="Disabled" defaultValue="Solar123" isDisabled />
    </div>
  ),
};
