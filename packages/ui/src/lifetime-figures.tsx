/**
 * LifetimeFigures: a solar system over its life: lifetime savings (som)
 * with the savings after the system's cost, the cash-flow payback year beside the
 * simple payback (docs/product.md#quick-calculator), CO2 avoided (t) with everyday equivalents, the cumulative
 * cash-flow chart with its table view, and the assumptions. Figures come from
 * `lifetimeFigures` of @solar/domain and are formatted for `locale`; texts arrive translated.
 */
import type { LifetimeFigures as Figures } from '@solar/domain/lifetime';
import { Card, CardContent, CardHeader, CardTitle } from './card.tsx';
import { CashFlowChart, type CashFlowChartLabels } from './cash-flow-chart.tsx';
import { cn } from './cn.ts';
import { formatNumber, formatSom } from './format.ts';
import { Stat, StatGroup } from './stat.tsx';

export interface LifetimeFiguresLabels {
  /** Card heading ("Over 25 years"). */
  title: string;
  /** Label of the lifetime savings ("Lifetime savings"). */
  lifetimeSavings: string;
  /** Hint under it; gets the savings minus the cost, formatted ("After the system cost: 386 280 som"). */
  netSavings: (amount: string) => string;
  /** Label of the cash-flow payback ("Pays for itself"). */
  cashFlowPayback: string;
  /** The payback value; gets the year, a whole number 0..years ("In year 5"). */
  paybackYear: (year: number) => string;
  /** The payback value when the cash flow stays negative ("Not within 25 years"). */
  neverPaysBack: string;
  /** Hint with the spec's simple payback; gets years, 1 decimal ("Simple payback: 4.5 years"). */
  simplePayback: (years: number) => string;
  /** Hint when there is no simple payback (no savings). */
  simplePaybackNone: string;
  /** Label of the CO2 figure ("CO2 avoided"). */
  co2Avoided: string;
  /** Unit after the CO2 figure ("t"). */
  tonnes: string;
  /** First equivalent; gets a whole number of tree seedlings grown for 10 years. */
  treeSeedlings: (count: number) => string;
  /** Second equivalent; gets car kilometres, formatted to 3 significant digits. */
  carKm: (km: string) => string;
  /** The chart's and table's texts. */
  chart: CashFlowChartLabels;
  /**
   * Footnote with the assumptions; gets the degradation and escalation as formatted
   * percentages per year and the grid factor in kg CO2/kWh. Omit to show no footnote.
   */
  assumptions?: (values: { degradation: string; escalation: string; factor: string }) => string;
}

export interface LifetimeFiguresProps {
  /** The result of `lifetimeFigures` (som, kWh, t CO2; unrounded, rounded here for display). */
  figures: Figures;
  /** The spec's simple payback, years (the estimate's `paybackYears`); null without savings. */
  simplePaybackYears: number | null;
  /** Translated texts. */
  labels: LifetimeFiguresLabels;
  /** Interface locale for the figures (en, es, ru). */
  locale: string;
  /** Heading level of the card title; default 2. */
  headingLevel?: 2 | 3 | 4;
  /** Show the cash-flow table at first; default false. */
  defaultShowTable?: boolean;
  className?: string;
}

/** A percentage per year for the footnote ("0.5%", "0,5 %"). */
function percent(value: number, locale: string): string {
  return new Intl.NumberFormat(locale, { style: 'percent', maximumFractionDigits: 2 }).format(
    value,
  );
}

/** The lifetime stats, the cash-flow chart with its table, and the assumptions. */
export function LifetimeFigures({
  figures,
  simplePaybackYears,
  labels,
  locale,
  headingLevel = 2,
  defaultShowTable,
  className,
}: LifetimeFiguresProps) {
  const km = new Intl.NumberFormat(locale, { maximumSignificantDigits: 3 }).format(
    figures.equivalents.carKm,
  );
  const equivalents = `${labels.treeSeedlings(Math.round(figures.equivalents.treeSeedlings10Years))}, ${labels.carKm(km)}`;
  const a = figures.assumptions;
  return (
    <Card data-slot="lifetime-figures" className={cn('min-w-0 gap-5', className)}>
      <CardHeader>
        <CardTitle level={headingLevel}>{labels.title}</CardTitle>
      </CardHeader>
      <CardContent className="@container gap-5">
        {/* One column until the card itself has room for three (not the window: a card may sit in a narrow column). */}
        <StatGroup className="grid-cols-1 sm:grid-cols-1 @xl:grid-cols-3">
          <Stat
            highlight
            label={labels.lifetimeSavings}
            value={formatSom(figures.lifetimeSavingsSom, locale)}
            hint={labels.netSavings(formatSom(figures.netSavingsSom, locale))}
          />
          <Stat
            label={labels.cashFlowPayback}
            value={
              figures.paybackYear === null
                ? labels.neverPaysBack
                : labels.paybackYear(figures.paybackYear)
            }
            hint={
              simplePaybackYears === null
                ? labels.simplePaybackNone
                : labels.simplePayback(simplePaybackYears)
            }
          />
          <Stat
            label={labels.co2Avoided}
            value={formatNumber(figures.co2AvoidedTonnes, locale, 1)}
            unit={labels.tonnes}
            hint={equivalents}
          />
        </StatGroup>
        <CashFlowChart
          cashFlow={figures.cashFlow}
          paybackYear={figures.paybackYear}
          labels={labels.chart}
          locale={locale}
          defaultShowTable={defaultShowTable}
        />
        {labels.assumptions && (
          <p className="text-xs text-fg-muted">
            {labels.assumptions({
              degradation: percent(a.degradationPerYear, locale),
              escalation: percent(a.tariffEscalationPerYear, locale),
              factor: formatNumber(a.gridEmissionFactorKgPerKwh, locale, 3),
            })}
          </p>
        )}
      </CardContent>
    </Card>
  );
}
