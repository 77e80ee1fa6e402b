import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, within } from 'storybook/test';
import { StepIndicator } from './step-indicator.tsx';

const meta = {
  title: 'UI/Navigation/StepIndicator',
  component: StepIndicator,
  args: {
    steps: ['Location', 'Configuration'],
    current: 0,
    label: 'Progress',
    completedLabel: 'completed',
  },
} satisfies Meta<typeof StepIndicator>;

export default meta;
type Story = StoryObj<typeof meta>;

export const FirstStep: Story = {
  play: async ({ canvasElement }) => {
    const items = within(canvasElement).getAllByRole('listitem');
    await expect(items[0]).toHaveAttribute('aria-current', 'step');
    await expect(items[1]).not.toHaveAttribute('aria-current');
  },
};

export const SecondStep: Story = {
  args: { current: 1 },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByText('(completed)', { exact: false })).toBeInTheDocument();
    await expect(canvas.getAllByRole('listitem')[1]).toHaveAttribute('aria-current', 'step');
  },
};

export const Catalog: Story = {
  render: (args) => (
    <div className="flex flex-col gap-4">
      <StepIndicator {...args} label="Step one" current={0} />
      <StepIndicator {...args} label="Step two" current={1} />
      <StepIndicator
        {...args}
        label="Three steps"
        steps={['Location', 'Roof', 'Review']}
        current={1}
      />
    </div>
  ),
};
