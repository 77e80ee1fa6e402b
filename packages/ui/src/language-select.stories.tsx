import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn, userEvent, within } from 'storybook/test';
import { LanguageSelect } from './language-select.tsx';

const meta = {
  title: 'UI/Forms/LanguageSelect',
  component: LanguageSelect,
  args: { label: 'Language', value: 'en', onChange: fn() },
} satisfies Meta<typeof LanguageSelect>;

export default meta;
type Story = StoryObj<typeof meta>;

export const English: Story = {};
export const Russian: Story = { args: { value: 'ru', label: 'Язык' } };
export const HiddenLabel: Story = { args: { hideLabel: true } };

/** Each language is named in itself, with its lang attribute. */
export const Choose: Story = {
  tags: ['no-visual'],
  parameters: { chromatic: { disableSnapshot: true } },
  play: async ({ args, canvasElement }) => {
    const select = within(canvasElement).getByRole('combobox', { name: 'Language' });
    const options = within(select).getAllByRole('option');
    await expect(options.map((o) => o.textContent)).toEqual(['English', 'Español', 'Русский']);
    await expect(options[2]).toHaveAttribute('lang', 'ru');
    await userEvent.selectOptions(select, 'es');
    await expect(args.onChange).toHaveBeenCalledWith('es');
  },
};

export const Catalog: Story = {
  render: (args) => (
    <div className="flex gap-4">
      <LanguageSelect {...args} value="en" label="English" />
      <LanguageSelect {...args} value="es" label="Spanish" />
      <LanguageSelect {...args} value="ru" label="Russian" />
    </div>
  ),
};
