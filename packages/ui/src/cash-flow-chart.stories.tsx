/**
 * CashFlowChart on its own: the cumulative cash flow of a quick estimate's system, as
 * LifetimeFigures shows it. States: paying back (payback year highlighted), never paying
 * back (every bar below zero), the table view (the chart's accessible alternative) and
 * Russian figures at phone width.
 */
import { quickEstimate } from '@solar/domain/estimate';
import { lifetimeFigures, quickLifetimeInput } from '@solar/domain/lifetime';
import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, userEvent, within } from 'storybook/test';
import { CashFlowChart, type CashFlowChartLabels } from './cash-flow-chart.tsx';

const english: CashFlowChartLabels = {
  title: 'Cumulative cash flow',
  summary: ({ start, end, years }) =>
    `Cumulative cash flow from ${start} in year 0 to ${end} in year ${years}`,
  showTable: 'Show as table',
  hideTable: 'Hide table',
  tableCaption: 'Cash flow by year',
  columns: {
    year: 'Year',
    production: 'Production, kWh',
    savings: 'Savings, som',
    cumulative: 'Cumulative, som',
  },
};

const russian: CashFlowChartLabels = {
  title: 'Накопленный денежный поток',
  summary: ({ start, end, years }) =>
    `Накопленный денежный поток: от ${start} в год 0 до ${end} к концу ${years}-го года`,
  showTable: 'Показать таблицей',
  hideTable: 'Скрыть таблицу',
  tableCaption: 'Денежный поток по годам',
  columns: {
    year: 'Год',
    production: 'Выработка, кВт·ч',
    savings: 'Экономия, сом',
    cumulative: 'Накоплено, сом',
  },
};

/** 300 kWh a month at 1.49 som/kWh (docs/product.md#quick-calculator defaults). */
const estimate = quickEstimate({ monthlyKwh: 300, pricePerKwhSom: 1.49 });
const paying = lifetimeFigures(quickLifetimeInput(estimate, 1.49));
/** A tariff of 0: no savings, so the cash flow stays at minus the cost. */
const never = lifetimeFigures(quickLifetimeInput(estimate, 0));
/** 5 000 kWh a month (the slider's maximum): seven-digit amounts. */
const large = lifetimeFigures(
  quickLifetimeInput(quickEstimate({ monthlyKwh: 5000, pricePerKwhSom: 1.49 }), 1.49),
);

const meta = {
  title: 'UI/Calculator/CashFlowChart',
  component: CashFlowChart,
  args: {
    cashFlow: paying.cashFlow,
    paybackYear: paying.paybackYear,
    labels: english,
    locale: 'en',
    className: 'w-[40rem] max-w-full',
  },
} satisfies Meta<typeof CashFlowChart>;

export default meta;
type Story = StoryObj<typeof meta>;

/** Pays back within its life: bars below zero muted, the payback year in brand colour. */
export const PaysBack: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(
      canvas.getByRole('img', { name: /^Cumulative cash flow from -26,640\u00a0som in year 0/ }),
    ).toBeInTheDocument();
    await expect(canvas.getByRole('button', { name: 'Show as table' })).toHaveAttribute(
      'aria-expanded',
      'false',
    );
  },
};

/** Never pays back: every year stays below the zero line; no year is highlighted. */
export const NeverPaysBack: Story = {
  args: { cashFlow: never.cashFlow, paybackYear: never.paybackYear },
  play: async ({ args }) => {
    await expect(args.paybackYear).toBeNull();
  },
};

/** The table view, the chart's accessible alternative: a row per year, 0 to the last. */
export const AsTable: Story = {
  args: { defaultShowTable: true },
  play: async ({ args, canvasElement }) => {
    const canvas = within(canvasElement);
    const table = canvas.getByRole('table', { name: 'Cash flow by year' });
    await expect(within(table).getAllByRole('row')).toHaveLength(args.cashFlow.length + 1);
    await userEvent.click(canvas.getByRole('button', { name: 'Hide table' }));
    await expect(canvas.queryByRole('table')).toBeNull();
  },
};

/** Russian figures of a large system at phone width: seven-digit amounts must not overflow. */
export const LongRussianPhone: Story = {
  args: {
    cashFlow: large.cashFlow,
    paybackYear: large.paybackYear,
    labels: russian,
    locale: 'ru',
    defaultShowTable: true,
    className: 'w-[22rem] max-w-full',
  },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByRole('table', { name: 'Денежный поток по годам' })).toBeVisible();
  },
};
