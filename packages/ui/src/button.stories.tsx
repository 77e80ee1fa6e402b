import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn, userEvent, within } from 'storybook/test';
import { Button } from './button.tsx';

const meta = {
  title: 'UI/Button',
  component: Button,
  args: { children: 'Calculate', onPress: fn() },
  argTypes: {
    variant: {
      control: 'inline-radio',
      options: ['primary', 'secondary', 'danger', 'ghost', 'link'],
    },
    size: { control: 'inline-radio', options: ['sm', 'md', 'lg'] },
  },
} satisfies Meta<typeof Button>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Primary: Story = {
  play: async ({ args, canvasElement }) => {
    const button = within(canvasElement).getByRole('button', { name: 'Calculate' });
    await userEvent.click(button);
    await expect(args.onPress).toHaveBeenCalledTimes(1);
  },
};

export const Secondary: Story = { args: { variant: 'secondary', children: 'Reset' } };

export const Danger: Story = { args: { variant: 'danger', children: 'Deactivate user' } };

export const Disabled: Story = {
  args: { isDisabled: true },
  play: async ({ args, canvasElement }) => {
    const button = within(canvasElement).getByRole('button', { name: 'Calculate' });
    await expect(button).toBeDisabled();
    await userEvent.click(button, { pointerEventsCheck: 0 });
    await expect(args.onPress).not.toHaveBeenCalled();
  },
};

export const Pending: Story = { args: { isPending: true } };

/** Every variant in every size, for review and visual regression. */
export const Catalog: Story = {
  render: (args) => (
    <div className="grid grid-cols-3 gap-3">
      {(['primary', 'secondary', 'danger', 'ghost', 'link'] as const).flatMap((variant) =>
        (['sm', 'md', 'lg'] as const).map((size) => (
          <Button key={`${variant}-${size}`} {...args} variant={variant} size={size}>
            {`${variant} ${size}`}
          </Button>
        )),
      )}
    </div>
  ),
};
