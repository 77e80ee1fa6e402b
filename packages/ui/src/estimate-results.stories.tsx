import { quickEstimate } from '@solar/domain/estimate';
import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, within } from 'storybook/test';
import { Button } from './button.tsx';
import { EstimateResults } from './estimate-results.tsx';

const labels = {
  title: 'Your solar estimate',
  systemSize: 'System size',
  panelCount: 'Panels',
  estimatedCost: 'Estimated cost',
  monthlySavings: 'Monthly savings',
  yearlyProduction: 'Yearly production',
  paybackPeriod: 'Payback period',
  roofCoverage: 'Roof coverage',
  units: { kw: 'kW', kwhPerYear: 'kWh', m2: 'm²' },
  paybackYears: (years: number) =>
    `${years.toLocaleString('en')} ${years === 1 ? 'year' : 'years'}`,
  noPayback: 'Not applicable',
  nextStepsTitle: 'Next steps',
};

const meta = {
  title: 'UI/Calculator/EstimateResults',
  component: EstimateResults,
  args: {
    estimate: quickEstimate({ monthlyKwh: 300, pricePerKwhSom: 1.49 }),
    labels,
    locale: 'en',
    nextSteps: [
      'Get a professional quote from our team.',
      'Book a roof inspection.',
      'Compare financing options.',
    ],
    actions: (
      <>
        <Button>Get professional quote</Button>
        <Button variant="secondary">Reset</Button>
      </>
    ),
    className: 'w-[44rem]',
  },
} satisfies Meta<typeof EstimateResults>;

export default meta;
type Story = StoryObj<typeof meta>;

/** 300 kWh at 1.49 som/kWh: the seven figures with units and som formatting. */
export const Default: Story = {
  play: async ({ args, canvasElement }) => {
    const canvas = within(canvasElement);
    const e = args.estimate;
    const value = (label: string) => canvas.getByText(label).nextElementSibling?.textContent;
    await expect(value('System size')).toBe(`${e.systemSizeKw} kW`);
    await expect(value('Panels')).toContain(String(e.panelCount));
    await expect(value('Estimated cost')).toBe(
      `${e.estimatedCostSom.toLocaleString('en')}\u00a0som`,
    );
    await expect(value('Payback period')).toContain('years');
    await expect(value('Roof coverage')).toBe(`${e.roofCoverageM2} m²`);
  },
};

export const Russian: Story = {
  args: { locale: 'ru', estimate: quickEstimate({ monthlyKwh: 1500 }) },
};

/** Rate 0: no savings, so payback shows a dash. */
export const NoPayback: Story = {
  args: { estimate: quickEstimate({ monthlyKwh: 300, pricePerKwhSom: 0 }) },
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByText('Not applicable')).toBeInTheDocument();
  },
};

export const WithoutNextSteps: Story = { args: { nextSteps: [], actions: undefined } };
