import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, within } from 'storybook/test';
import { PipelineSteps } from './pipeline-steps.tsx';

const STEPS = [
  'Draft',
  'Quote requested',
  'Inspection scheduled',
  'Inspected',
  'Proposal accepted',
  'Installation scheduled',
  'Installed',
];

const meta = {
  title: 'UI/Navigation/PipelineSteps',
  component: PipelineSteps,
  args: { steps: STEPS, current: 0, label: 'Project progress', completedLabel: 'completed' },
} satisfies Meta<typeof PipelineSteps>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Draft: Story = {
  play: async ({ canvasElement }) => {
    const items = within(canvasElement).getAllByRole('listitem');
    await expect(items).toHaveLength(7);
    await expect(items[0]).toHaveAttribute('aria-current', 'step');
  },
};

export const InspectionScheduled: Story = { args: { current: 2 } };

export const Installed: Story = {
  args: { current: 6 },
  play: async ({ canvasElement }) => {
    const items = within(canvasElement).getAllByRole('listitem');
    await expect(items[6]).toHaveAttribute('aria-current', 'step');
    await expect(within(canvasElement).getAllByText('(completed)', { exact: false })).toHaveLength(
      6,
    );
  },
};

export const Cancelled: Story = {
  args: { current: 1, cancelledLabel: 'Cancelled' },
  play: async ({ canvasElement }) => {
    const current = within(canvasElement)
      .getAllByRole('listitem')
      .filter((item) => item.getAttribute('aria-current') === 'step');
    await expect(current).toHaveLength(1);
    await expect(current[0]).toHaveTextContent('Cancelled');
  },
};

export const Phone: Story = {
  args: { current: 3 },
  globals: { viewport: { value: 'phone', isRotated: false } },
};
