import { BILL_SLIDER, KWH_SLIDER } from '@solar/domain/estimate';
import type { Meta, StoryObj } from '@storybook/react-vite';
import { useState } from 'react';
import { expect, fn, userEvent, within } from 'storybook/test';
import { SliderField, type SliderFieldProps } from './slider.tsx';

/** Keeps the value in state, as the calculator screen does, and reports changes. */
function Controlled(props: SliderFieldProps) {
  const [value, setValue] = useState(props.value);
  return (
    <SliderField
      {...props}
      value={value}
      onChange={(next) => {
        setValue(next);
        props.onChange(next);
      }}
    />
  );
}

const meta = {
  title: 'UI/Forms/SliderField',
  component: SliderField,
  args: {
    label: 'Monthly electricity use',
    inputLabel: 'Monthly electricity use, kWh',
    value: 300,
    bounds: { ...KWH_SLIDER, max: KWH_SLIDER.max ?? 5000 },
    unit: 'kWh',
    onChange: fn(),
    className: 'w-96',
  },
  render: (args) => <Controlled {...args} />,
} satisfies Meta<typeof SliderField>;

export default meta;
type Story = StoryObj<typeof meta>;

/** kWh 0..5000 step 5: arrows move 5, Page Up moves 10 steps, Home/End jump to the ends. */
export const MonthlyKwh: Story = {
  play: async ({ args, canvasElement }) => {
    const canvas = within(canvasElement);
    const slider = canvas.getByRole('slider', { name: 'Monthly electricity use' });
    const input = canvas.getByRole('textbox', { name: 'Monthly electricity use, kWh' });
    await expect(slider).toHaveAttribute('min', '0');
    await expect(slider).toHaveAttribute('max', '5000');
    await expect(slider).toHaveAttribute('step', '5');
    await expect(canvas.getByText('300 kWh')).toBeVisible();
    slider.focus();
    await userEvent.keyboard('{ArrowRight}');
    await expect(args.onChange).toHaveBeenLastCalledWith(305);
    await expect(input).toHaveValue('305');
    await userEvent.keyboard('{ArrowLeft}{ArrowLeft}');
    await expect(args.onChange).toHaveBeenLastCalledWith(295);
    await userEvent.keyboard('{End}');
    await expect(args.onChange).toHaveBeenLastCalledWith(5000);
    await userEvent.keyboard('{ArrowRight}');
    await expect(slider).toHaveValue('5000');
    await userEvent.keyboard('{Home}');
    await expect(args.onChange).toHaveBeenLastCalledWith(0);
    await expect(input).toHaveValue('0');
  },
};

/** Typing in the paired input moves the slider. */
export const TypedValue: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const input = canvas.getByRole('textbox', { name: 'Monthly electricity use, kWh' });
    await userEvent.clear(input);
    await userEvent.type(input, '1200{Enter}');
    await expect(canvas.getByRole('slider')).toHaveValue('1200');
  },
};

/** Bill in som: 0..7500 step 5. */
export const MonthlyBill: Story = {
  args: {
    label: 'Monthly bill',
    inputLabel: 'Monthly bill, som',
    value: 447,
    bounds: { ...BILL_SLIDER, max: BILL_SLIDER.max ?? 7500 },
    unit: 'som',
  },
  play: async ({ args, canvasElement }) => {
    const slider = within(canvasElement).getByRole('slider', { name: 'Monthly bill' });
    await expect(slider).toHaveAttribute('max', '7500');
    slider.focus();
    await userEvent.keyboard('{ArrowRight}');
    await expect(args.onChange).toHaveBeenLastCalledWith(450);
  },
};

export const Minimum: Story = { args: { value: 0 } };
export const Maximum: Story = { args: { value: 5000 } };
export const Disabled: Story = { args: { isDisabled: true } };

export const Catalog: Story = {
  render: (args) => (
    <div className="flex w-96 flex-col gap-8">
      <SliderField {...args} label="At 0" value={0} />
      <SliderField {...args} label="At 300" value={300} />
      <SliderField {...args} label="At 5000" value={5000} />
      <SliderField {...args} label="Disabled" value={1500} isDisabled />
    </div>
  ),
};
