import type { Meta, StoryObj } from '@storybook/react-vite';
import { Stat, StatGroup } from './stat.tsx';

const meta = {
  title: 'UI/Display/Stat',
  component: Stat,
  args: { label: 'System size', value: '2.4', unit: 'kW' },
  render: (args) => (
    <dl className="w-56">
      <Stat {...args} />
    </dl>
  ),
} satisfies Meta<typeof Stat>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Default: Story = {};
export const Highlighted: Story = {
  args: { highlight: true, label: 'Monthly savings', value: '1,624 som', unit: undefined },
};
export const WithHint: Story = { args: { hint: '6 panels of 0.4 kW' } };

export const Catalog: Story = {
  render: () => (
    <StatGroup className="w-[40rem]">
      <Stat label="Plain" value="12" />
      <Stat label="With unit" value="7.5" unit="years" />
      <Stat label="Highlighted" value="26,640 som" highlight />
      <Stat label="With hint" value="12" unit="m²" hint="2 m² per panel" />
    </StatGroup>
  ),
};
