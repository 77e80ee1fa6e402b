import { RATE_INPUT } from '@solar/domain/estimate';
import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn, userEvent, within } from 'storybook/test';
import { NumberField } from './number-field.tsx';

const meta = {
  title: 'UI/Forms/NumberField',
  component: NumberField,
  args: {
    label: 'Rate per kWh (som)',
    minValue: RATE_INPUT.min,
    step: RATE_INPUT.step,
    defaultValue: 1.49,
    formatOptions: { minimumFractionDigits: 2, maximumFractionDigits: 2 },
    onChange: fn(),
    className: 'w-56',
  },
} satisfies Meta<typeof NumberField>;

export default meta;
type Story = StoryObj<typeof meta>;

/** The quick calculator's rate: min 0, step 0.01. Arrow keys and the buttons step. */
export const Rate: Story = {
  play: async ({ args, canvasElement }) => {
    const canvas = within(canvasElement);
    const input = canvas.getByRole('textbox', { name: 'Rate per kWh (som)' });
    await userEvent.click(input);
    await userEvent.keyboard('{ArrowUp}');
    await expect(args.onChange).toHaveBeenLastCalledWith(1.5);
    await userEvent.click(canvas.getByRole('button', { name: /Decrease/ }));
    await expect(args.onChange).toHaveBeenLastCalledWith(1.49);
  },
};

export const AtMinimum: Story = {
  args: { defaultValue: 0 },
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByRole('button', { name: /Decrease/ })).toBeDisabled();
  },
};

export const Invalid: Story = { args: { errorMessage: 'Enter a number of 0 or more' } };
export const Disabled: Story = { args: { isDisabled: true } };
export const WithoutStepper: Story = { args: { hideStepper: true } };

export const Catalog: Story = {
  render: (args) => (
    <div className="grid w-[32rem] grid-cols-2 gap-6">
      <NumberField {...args} label="Default" />
      <NumberField {...args} label="At minimum" defaultValue={0} />
      <NumberField {...args} label="Invalid" errorMessage="Enter a number of 0 or more" />
      <NumberField {...args} label="Disabled" isDisabled />
    </div>
  ),
};
