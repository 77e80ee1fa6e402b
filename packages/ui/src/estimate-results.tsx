/**
 * EstimateResults: the quick calculator's seven results (spec sections 2 and 3) with their
 * units: system size (kW), panel count, estimated cost (som), monthly savings (som),
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

export interface EstimateResultsLabels {
  title: string;
  systemSize: string;
  panelCount: string;
  estimatedCost: string;
  monthlySavings: string;
  yearlyProduction: string;
  paybackPeriod: string;
  roofCoverage: string;
  /** Unit words: kW, kWh per year, years, m2. */
  units: { kw: string; kwhPerYear: string; years: string; m2: string };
  /** Screen-reader text for a payback that cannot be computed ("Not applicable"). */
  noPayback: string;
  nextStepsTitle: string;
}

export interface EstimateResultsProps {
  estimate: QuickEstimate;
  labels: EstimateResultsLabels;
  /** Next steps, translated, in order. */
  nextSteps: readonly string[];
  /** Buttons under the results ("Get professional quote", "Reset"). */
  actions?: ReactNode;
  /** Interface locale for the figures (en, es, ru). */
  locale: string;
  className?: string;
}

/** The seven estimate figures, next steps and actions. */
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
                n(estimate.paybackYears, 1)
              )
            }
            unit={estimate.paybackYears === null ? undefined : labels.units.years}
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
