/**
 * The lifetime figures of an estimate, for both calculators: 25-year
 * savings, the cash-flow payback beside the spec's simple payback, CO2 avoided and the
 * cumulative cash flow with its table, in the interface language. Calculators load this
 * module with their results (it is not part of a page's first download).
 */
import {
  LIFETIME_YEARS,
  fullLifetimeInput,
  lifetimeFigures,
  quickLifetimeInput,
} from '@solar/domain/lifetime';
import { lifetimeMessages as m } from '@solar/domain/lifetime-messages';
import { LifetimeFigures, type LifetimeFiguresLabels } from '@solar/ui/lifetime-figures';
import { useMemo } from 'react';
import { useIntl, type IntlShape } from 'react-intl';

/** The component's labels from the domain's lifetime messages. */
function lifetimeLabels(intl: IntlShape): LifetimeFiguresLabels {
  const f = intl.formatMessage;
  const years = LIFETIME_YEARS;
  return {
    title: f(m.title, { years }),
    lifetimeSavings: f(m.lifetimeSavings),
    netSavings: (amount) => f(m.netSavings, { amount }),
    cashFlowPayback: f(m.cashFlowPayback),
    paybackYear: (year) => f(m.paybackYear, { year }),
    neverPaysBack: f(m.neverPaysBack, { years }),
    simplePayback: (value) => f(m.simplePayback, { years: value }),
    simplePaybackNone: f(m.simplePaybackNone),
    co2Avoided: f(m.co2Avoided),
    tonnes: f(m.tonnes),
    treeSeedlings: (count) => f(m.treeSeedlings, { count }),
    carKm: (km) => f(m.carKm, { km }),
    chart: {
      title: f(m.chartTitle),
      summary: ({ start, end, years: last }) => f(m.chartSummary, { start, end, years: last }),
      showTable: f(m.showTable),
      hideTable: f(m.hideTable),
      tableCaption: f(m.tableCaption),
      columns: {
        year: f(m.columnYear),
        production: f(m.columnProduction),
        savings: f(m.columnSavings),
        cumulative: f(m.columnCumulative),
      },
    },
    assumptions: (values) => f(m.assumptions, values),
  };
}

/** What the figures are of: a quick estimate, or the full calculator's configured system. */
export type LifetimeSource =
  | {
      kind: 'quick';
      /** The quick estimate shown (kWh/year, som, payback years or null). */
      estimate: {
        yearlyProductionKwh: number;
        estimatedCostSom: number;
        paybackYears: number | null;
      };
      /** The rate it was computed with, som/kWh. */
      pricePerKwhSom: number;
    }
  | {
      kind: 'full';
      /** Configured size, kW (DC). */
      systemSizeKw: number;
      /** First-year production, kWh/year (PVGIS or the estimate). */
      yearlyKwh: number;
      /** The user's rate, som/kWh. */
      pricePerKwhSom: number;
      /** The simple payback shown beside, years (null: none). */
      simplePaybackYears: number | null;
    };

/** The lifetime figures card of `source` (bad input from the domain throws RangeError). */
export default function LifetimeSection({
  source,
  headingLevel,
}: {
  source: LifetimeSource;
  headingLevel?: 2 | 3;
}) {
  const intl = useIntl();
  const figures = useMemo(
    () =>
      lifetimeFigures(
        source.kind === 'quick'
          ? quickLifetimeInput(source.estimate, source.pricePerKwhSom)
          : fullLifetimeInput(source.systemSizeKw, source.yearlyKwh, source.pricePerKwhSom),
      ),
    [source],
  );
  return (
    <LifetimeFigures
      figures={figures}
      simplePaybackYears={
        source.kind === 'quick' ? source.estimate.paybackYears : source.simplePaybackYears
      }
      labels={lifetimeLabels(intl)}
      locale={intl.locale}
      {...(headingLevel ? { headingLevel } : {})}
    />
  );
}
