import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn, userEvent, within } from 'storybook/test';
import { RadioGroup } from './radio-group.tsx';

const budgets = [
  { id: 'any', label: 'No preference' },
  { id: 'under150k', label: 'Under 150,000 som' },
  { id: '150kTo300k', label: '150,000 – 300,000 som' },
  { id: '300kTo600k', label: '300,000 – 600,000 som' },
  { id: 'over600k', label: 'Over 600,000 som' },
];

const meta = {
  title: 'UI/Forms/RadioGroup',
  component: RadioGroup<string>,
  args: { label: 'Budget range', options: budgets, onChange: fn(), className: 'max-w-xl' },
} satisfies Meta<typeof RadioGroup<string>>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Default: Story = { args: { defaultValue: 'any' } };

/** Arrow keys move the selection; the group is one Tab stop. */
export const KeyboardSelection: Story = {
  tags: ['no-visual'],
  parameters: { chromatic: { disableSnapshot: true } },
  args: { defaultValue: 'any' },
  play: async ({ args, canvasElement }) => {
    const canvas = within(canvasElement);
    await userEvent.tab();
    await expect(canvas.getByRole('radio', { name: 'No preference' })).toHaveFocus();
    await userEvent.keyboard('{ArrowRight}');
    await expect(args.onChange).toHaveBeenCalledWith('under150k');
    await expect(canvas.getByRole('radio', { name: 'Under 150,000 som' })).toBeChecked();
  },
};

export const Invalid: Story = { args: { errorMessage: 'Choose a budget range' } };
export const Disabled: Story = { args: { defaultValue: 'under150k', isDisabled: true } };

/** At phone width the options wrap; the longest labels stay on one line each. */
export const Narrow: Story = { args: { defaultValue: '150kTo300k', className: 'w-80' } };
