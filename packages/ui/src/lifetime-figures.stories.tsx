import { quickEstimate } from '@solar/domain/estimate';
import { lifetimeFigures, quickLifetimeInput } from '@solar/domain/lifetime';
import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, userEvent, within } from 'storybook/test';
import { LifetimeFigures, type LifetimeFiguresLabels } from './lifetime-figures.tsx';

/** Russian plural forms (one, few, many/other) of a count, as the catalog's ICU plurals give. */
const ru = (n: number, one: string, few: string, many: string, other = few) =>
  ({ one, few, many, other })[new Intl.PluralRules('ru').select(n) as 'one'] ?? other;

const english: LifetimeFiguresLabels = {
  title: 'Over 25 years',
  lifetimeSavings: 'Lifetime savings',
  netSavings: (amount) => `After the system cost: ${amount}`,
  cashFlowPayback: 'Pays for itself',
  paybackYear: (year) => `In year ${year}`,
  neverPaysBack: 'Not within 25 years',
  simplePayback: (years) =>
    `Simple payback: ${years.toLocaleString('en')} ${years === 1 ? 'year' : 'years'}`,
  simplePaybackNone: 'Simple payback: not applicable',
  co2Avoided: 'CO2 avoided',
  tonnes: 't',
  treeSeedlings: (count) =>
    `As much as ${count.toLocaleString('en')} tree ${count === 1 ? 'seedling takes' : 'seedlings take'} up in 10 years`,
  carKm: (km) => `or a petrol car emits over ${km} km`,
  chart: {
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
  },
  assumptions: ({ degradation, escalation, factor }) =>
    `Assumes panels lose ${degradation} of their output a year, the tariff rises ${escalation} a year, and each kWh from the grid emits ${factor} kg of CO2.`,
};

const russian: LifetimeFiguresLabels = {
  title: 'За 25 лет',
  lifetimeSavings: 'Экономия за весь срок службы',
  netSavings: (amount) => `За вычетом стоимости системы: ${amount}`,
  cashFlowPayback: 'Окупается',
  paybackYear: (year) => `На ${year}-й год`,
  neverPaysBack: 'Не окупается за 25 лет',
  simplePayback: (years) =>
    `Простая окупаемость: ${years.toLocaleString('ru')} ${ru(years, 'год', 'года', 'лет')}`,
  simplePaybackNone: 'Простая окупаемость: не рассчитывается',
  co2Avoided: 'Предотвращённые выбросы CO2',
  tonnes: 'т',
  treeSeedlings: (count) =>
    `Столько поглощают ${count.toLocaleString('ru')} ${ru(count, 'саженец', 'саженца', 'саженцев')} за 10 лет роста`,
  carKm: (km) => `или выбрасывает бензиновый автомобиль за ${km} км пути`,
  chart: {
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
  },
  assumptions: ({ degradation, escalation, factor }) =>
    `Расчёт исходит из того, что панели теряют ${degradation} выработки в год, тариф растёт на ${escalation} в год, а каждый кВт·ч из сети даёт ${factor} кг CO2.`,
};

/** The quick estimate of 300 kWh a month at 1.49 som/kWh (docs/product.md#quick-calculator defaults). */
const estimate = quickEstimate({ monthlyKwh: 300, pricePerKwhSom: 1.49 });
/** 5 000 kWh a month (the slider's maximum): 412 920 som, and seven-digit lifetime savings. */
const large = quickEstimate({ monthlyKwh: 5000, pricePerKwhSom: 1.49 });

const meta = {
  title: 'UI/Calculator/LifetimeFigures',
  component: LifetimeFigures,
  args: {
    figures: lifetimeFigures(quickLifetimeInput(estimate, 1.49)),
    simplePaybackYears: estimate.paybackYears,
    labels: english,
    locale: 'en',
    className: 'w-[44rem] max-w-full',
  },
} satisfies Meta<typeof LifetimeFigures>;

export default meta;
type Story = StoryObj<typeof meta>;

/** 300 kWh a month at 1.49 som/kWh: pays back in year 5 beside the simple 4.5 years. */
export const Default: Story = {
  play: async ({ args, canvasElement }) => {
    const canvas = within(canvasElement);
    const value = (label: string) => canvas.getByText(label).nextElementSibling?.textContent;
    await expect(value('Pays for itself')).toContain('In year 5');
    await expect(value('Pays for itself')).toContain('Simple payback: 4.5 years');
    const savings = Math.round(args.figures.lifetimeSavingsSom).toLocaleString('en');
    await expect(value('Lifetime savings')).toContain(`${savings}\u00a0som`);
    await expect(value('CO2 avoided')).toContain(
      `${args.figures.co2AvoidedTonnes.toLocaleString('en', { maximumFractionDigits: 1 })} t`,
    );
    await expect(
      canvas.getByRole('img', { name: /from -26,640\u00a0som in year 0 to .* in year 25/ }),
    ).toBeInTheDocument();
    // The table is the chart's accessible alternative: 26 rows (years 0..25) once shown.
    const toggle = canvas.getByRole('button', { name: 'Show as table' });
    await expect(toggle).toHaveAttribute('aria-expanded', 'false');
    await userEvent.click(toggle);
    const table = canvas.getByRole('table', { name: 'Cash flow by year' });
    await expect(within(table).getAllByRole('row')).toHaveLength(27);
    await expect(within(table).getByRole('rowheader', { name: '5' })).toBeInTheDocument();
    await expect(canvas.getByRole('button', { name: 'Hide table' })).toHaveAttribute(
      'aria-expanded',
      'true',
    );
  },
};

/** Rate 0: no savings, so no payback of either kind, and the cash flow stays at minus the cost. */
export const NeverPaysBack: Story = {
  args: {
    figures: lifetimeFigures(quickLifetimeInput(estimate, 0)),
    simplePaybackYears: null,
  },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByText('Not within 25 years')).toBeInTheDocument();
    await expect(canvas.getByText('Simple payback: not applicable')).toBeInTheDocument();
  },
};

/** Russian labels, a 412 920 som system and seven-digit savings, with the table open. */
export const LongRussian: Story = {
  args: {
    figures: lifetimeFigures(quickLifetimeInput(large, 1.49)),
    simplePaybackYears: large.paybackYears,
    labels: russian,
    locale: 'ru',
    defaultShowTable: true,
  },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByText('Накопленный денежный поток')).toBeInTheDocument();
    const table = canvas.getByRole('table', { name: 'Денежный поток по годам' });
    // Year 0 is minus the cost, in the table and as the axis's lowest value.
    const yearZero = within(table).getByRole('rowheader', { name: '0' }).closest('tr');
    await expect(yearZero?.lastElementChild?.textContent).toMatch(/^[-−]412\s920$/);
    await expect(canvas.getByText(/^[-−]412\s920\sсом$/)).toBeInTheDocument();
  },
};

/** 390 px wide (a phone) in Russian: nothing runs past the card. */
export const Phone: Story = {
  args: { ...LongRussian.args, className: 'w-[390px]' },
  play: async ({ canvasElement }) => {
    const card = canvasElement.querySelector<HTMLElement>('[data-slot="lifetime-figures"]')!;
    const box = card.getBoundingClientRect();
    await expect(box.width).toBe(390);
    await expect(card.scrollWidth).toBeLessThanOrEqual(card.clientWidth);
    // The three stats stack in one column in a card this narrow.
    const stats = [...card.querySelectorAll('[data-slot="stat"]')].map((s) =>
      s.getBoundingClientRect(),
    );
    await expect(new Set(stats.map((rect) => Math.round(rect.left))).size).toBe(1);
    // Every element, text included, stays inside the card's border.
    const outside = [...card.querySelectorAll('*')].filter((element) => {
      const rect = element.getBoundingClientRect();
      return rect.left < box.left - 0.5 || rect.right > box.right + 0.5;
    });
    await expect(outside.map((element) => element.outerHTML.slice(0, 80))).toEqual([]);
  },
};
