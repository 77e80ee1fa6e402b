/**
 * Labels of the lifetime figures (lifetime.ts): react-intl message
 * descriptors in the style of messages.ts, English `defaultMessage`, ids `lifetime.*`.
 * Values: `{years}`, `{year}` and `{count}` are numbers (ICU plural where the noun follows
 * a number); `{amount}`, `{km}`, `{start}`, `{end}`, `{degradation}`, `{escalation}` and
 * `{factor}` arrive formatted for the locale ("386 280 som", "0.5 %").
 */
import type { MessageDescriptor } from './messages.ts';

/** Builds `lifetime.<key>` descriptors from English texts. */
function lifetime<const T extends Record<string, string>>(
  texts: T,
): { readonly [K in keyof T]: MessageDescriptor } {
  const entries = Object.entries(texts).map(([key, text]) => [
    key,
    { id: `lifetime.${key}`, defaultMessage: text },
  ]);
  return Object.fromEntries(entries) as { readonly [K in keyof T]: MessageDescriptor };
}

/** The lifetime figures' texts: stats, the cash-flow chart and its table, assumptions. */
export const lifetimeMessages = lifetime({
  title: 'Over {years, plural, one {# year} other {# years}}',
  lifetimeSavings: 'Lifetime savings',
  netSavings: 'After the system cost: {amount}',
  cashFlowPayback: 'Pays for itself',
  paybackYear: 'In year {year}',
  neverPaysBack: 'Not within {years, plural, one {# year} other {# years}}',
  simplePayback: 'Simple payback: {years, plural, one {# year} other {# years}}',
  simplePaybackNone: 'Simple payback: not applicable',
  co2Avoided: 'CO2 avoided',
  tonnes: 't',
  treeSeedlings:
    'As much as {count, plural, one {# tree seedling takes} other {# tree seedlings take}} up in 10 years',
  carKm: 'or a petrol car emits over {km} km',
  chartTitle: 'Cumulative cash flow',
  chartSummary: 'Cumulative cash flow from {start} in year 0 to {end} in year {years}',
  showTable: 'Show as table',
  hideTable: 'Hide table',
  tableCaption: 'Cash flow by year',
  columnYear: 'Year',
  columnProduction: 'Production, kWh',
  columnSavings: 'Savings, som',
  columnCumulative: 'Cumulative, som',
  assumptions:
    'Assumes panels lose {degradation} of their output a year, the tariff rises {escalation} a year, and each kWh from the grid emits {factor} kg of CO2.',
});

/** Every lifetime descriptor, keyed by id (for the web's catalog check). */
export const allLifetimeMessages: Readonly<Record<string, MessageDescriptor>> = Object.fromEntries(
  Object.values(lifetimeMessages).map((d) => [d.id, d] as const),
);
