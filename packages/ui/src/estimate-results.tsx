/**
 * EstimateResults: the quick calculator's seven results (docs/product.md#quick-calculator) with
 * their units: system size (kW), panel count, estimated cost (som), monthly savings (som),
 * yearly production (kWh), payback period (years; a dash when there are no savings) and
 * roof coverage (m2); then the next steps and the actions. Figures come from
 * `quickEstimate` of @solar/domain and are formatted for `locale`.
 */
import type { QuickEstimate } from '@solar/domain/estimate';
import { useId, type ReactNode } from 'react';
import { Card, CardContent, CardHeader, CardTitle } from './card.tsx';
import { cn } from './cn.ts';
import { formatNumber, formatSom } from './format.ts';
import { CheckIcon } from './icons.tsx';
import { Stat, StatGroup } from './stat.tsx';

/** Translated texts: the card title and the label of each figure. */
export interface EstimateResultsLabels {
  /** Card heading ("Your solar estimate"). */
  title: string;
  /** Label of the system size (kW). */
  systemSize: string;
  /** Label of the number of panels. */
  panelCount: string;
  /** Label of the estimated cost (som). */
  estimatedCost: string;
  /** Label of the monthly savings (som). */
  monthlySavings: string;
  /** Label of the yearly production (kWh per year). */
  yearlyProduction: string;
  /** Label of the payback period (years). */
  paybackPeriod: string;
  /** Label of the roof coverage (m²). */
  roofCoverage: string;
  /** Unit symbols: kW, kWh per year, m2. */
  units: { kw: string; kwhPerYear: string; m2: string };
  /**
   * The payback period, number and word together, from one ICU plural message so the word
   * agrees with the number ("1 year", "4.5 years"; "4,5 года", "5 лет"):
   * docs/product.md#languages-and-formats.
   */
  paybackYears: (years: number) => string;
  /** Screen-reader text for a payback that cannot be computed ("Not applicable"). */
  noPayback: string;
  /** Heading of the next steps list ("Next steps"). */
  nextStepsTitle: string;
}

export interface EstimateResultsProps {
  /** The figures from `quickEstimate` (kW, som, kWh per year, years, m²). */
  estimate: QuickEstimate;
  /** Translated labels and unit words. */
  labels: EstimateResultsLabels;
  /** Next steps, translated, in order; an empty list hides the section. */
  nextSteps: readonly string[];
  /** Buttons under the results ("Get professional quote", "Reset"). @default undefined (none) */
  actions?: ReactNode;
  /** Interface locale for the figures (en, es, ru). */
  locale: string;
  /** Extra classes for the card. @default undefined */
  className?: string;
}

/**
 * The quick calculator's seven estimate figures in a card, with next steps and actions.
 *
 * Use when showing the result of a quick estimate (the calculator's results step).
 *
 * Don't use when showing other figures: compose `Stat` and `StatGroup` in a `Card`.
 */
export function EstimateResults({
  estimate,
  labels,
  nextSteps,
  actions,
  locale,
  className,
}: EstimateResultsProps) {
  const n = (value: number, decimals = 0) => formatNumber(value, locale, decimals);
  const stepsId = useId();
  return (
    <Card data-slot="estimate-results" className={cn('gap-5', className)}>
      <CardHeader>
        <CardTitle level={2}>{labels.title}</CardTitle>
      </CardHeader>
      <CardContent className="gap-5">
        <StatGroup>
          <Stat
            highlight
            label={labels.systemSize}
            value={n(estimate.systemSizeKw, 1)}
            unit={labels.units.kw}
          />
          <Stat label={labels.panelCount} value={n(estimate.panelCount)} />
          <Stat label={labels.estimatedCost} value={formatSom(estimate.estimatedCostSom, locale)} />
          <Stat
            highlight
            label={labels.monthlySavings}
            value={formatSom(estimate.monthlySavingsSom, locale)}
          />
          <Stat
            label={labels.yearlyProduction}
            value={n(estimate.yearlyProductionKwh)}
            unit={labels.units.kwhPerYear}
          />
          <Stat
            label={labels.paybackPeriod}
            value={
              estimate.paybackYears === null ? (
                <>
                  <span aria-hidden="true">—</span>
                  <span className="sr-only">{labels.noPayback}</span>
                </>
              ) : (
                labels.paybackYears(estimate.paybackYears)
              )
            }
          />
          <Stat
            label={labels.roofCoverage}
            value={n(estimate.roofCoverageM2)}
            unit={labels.units.m2}
          />
        </StatGroup>
        {nextSteps.length > 0 && (
          <section aria-labelledby={stepsId} className="flex flex-col gap-2">
            <h3 id={stepsId} className="text-sm font-semibold text-fg">
              {labels.nextStepsTitle}
            </h3>
            <ol className="flex flex-col gap-1.5">
              {nextSteps.map((step) => (
                <li key={step} className="flex items-start gap-2 text-sm text-fg">
                  <CheckIcon className="mt-0.5 size-4 shrink-0 text-success-fg" />
                  {step}
                </li>
              ))}
            </ol>
          </section>
        )}
      </CardContent>
      {actions && <div className="flex flex-wrap gap-2">{actions}</div>}
    </Card>
  );
}
