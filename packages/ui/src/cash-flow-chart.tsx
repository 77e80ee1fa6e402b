/**
 * CashFlowChart: the cumulative cash flow of a solar system by year as
 * SVG bars from year 0 (minus the cost) to the end of its life, bars below the zero line
 * in a muted colour, the payback year in the brand colour and later years in green. The
 * picture is one image named by a summary (first and last amounts); the same figures are in a table behind
 * a "Show as table" disclosure, the accessible alternative.
 */
import type { LifetimeYear } from '@solar/domain/lifetime';
import { useId, useState } from 'react';
import { Button } from './button.tsx';
import { cn } from './cn.ts';
import { formatNumber, formatSom } from './format.ts';

export interface CashFlowChartLabels {
  /** Heading of the chart ("Cumulative cash flow"). */
  title: string;
  /** The image's accessible name; gets the first and last cumulative amounts (formatted, som) and the last year. */
  summary: (values: { start: string; end: string; years: number }) => string;
  /** Disclosure button text while the table is hidden ("Show as table"). */
  showTable: string;
  /** Disclosure button text while the table is shown ("Hide table"). */
  hideTable: string;
  /** The table's caption ("Cash flow by year"). */
  tableCaption: string;
  /** Column headers: year, production (kWh), savings (som), cumulative cash flow (som). */
  columns: { year: string; production: string; savings: string; cumulative: string };
}

export interface CashFlowChartProps {
  /** Year 0 (cumulative = minus the cost) to the last year, in order (`LifetimeFigures.cashFlow`). */
  cashFlow: readonly LifetimeYear[];
  /** The first year whose cumulative cash flow is 0 or more, highlighted; null when none. */
  paybackYear: number | null;
  /** Translated texts. */
  labels: CashFlowChartLabels;
  /** Interface locale for the figures (en, es, ru). */
  locale: string;
  /** Show the table at first; default false (the chart alone). */
  defaultShowTable?: boolean;
  className?: string;
}

/** Width of one year's slot in the SVG's own units; a bar takes 70 % of it. */
const SLOT = 10;
/** Height of the drawing in the SVG's own units. */
const HEIGHT = 100;

/** The cumulative cash-flow bars with their axis extremes and a table view. */
export function CashFlowChart({
  cashFlow,
  paybackYear,
  labels,
  locale,
  defaultShowTable = false,
  className,
}: CashFlowChartProps) {
  const [showTable, setShowTable] = useState(defaultShowTable);
  const titleId = useId();
  const tableId = useId();
  const values = cashFlow.map((y) => y.cumulativeCashFlowSom);
  const max = Math.max(0, ...values);
  const min = Math.min(0, ...values);
  const range = max - min || 1;
  const zeroY = (max / range) * HEIGHT;
  const last = cashFlow.at(-1);
  const som = (value: number) => formatSom(value, locale);
  const summary = labels.summary({
    start: som(values[0] ?? 0),
    end: som(last?.cumulativeCashFlowSom ?? 0),
    years: last?.year ?? 0,
  });
  const ticks = cashFlow.filter((y) => y.year % 5 === 0);
  const width = cashFlow.length * SLOT;

  return (
    <figure
      data-slot="cash-flow-chart"
      aria-labelledby={titleId}
      className={cn('flex min-w-0 flex-col gap-2', className)}
    >
      <figcaption id={titleId} className="text-sm font-semibold text-fg">
        {labels.title}
      </figcaption>
      <div role="img" aria-label={summary} className="grid grid-cols-[auto_minmax(0,1fr)] gap-x-2">
        <div className="flex flex-col justify-between text-right text-xs text-fg-muted tabular-nums">
          <span>{som(max)}</span>
          <span>{som(min)}</span>
        </div>
        <div className="relative h-40 border-b border-l border-border">
          <svg
            viewBox={`0 0 ${width} ${HEIGHT}`}
            preserveAspectRatio="none"
            className="size-full overflow-visible"
          >
            {cashFlow.map((y) => {
              const v = y.cumulativeCashFlowSom;
              const h = (Math.abs(v) / range) * HEIGHT;
              const tone =
                paybackYear !== null && y.year === paybackYear
                  ? 'fill-brand-600'
                  : v >= 0
                    ? 'fill-success-fg'
                    : 'fill-fg-muted/60';
              return (
                <rect
                  key={y.year}
                  data-year={y.year}
                  x={y.year * SLOT + SLOT * 0.15}
                  y={v >= 0 ? zeroY - h : zeroY}
                  width={SLOT * 0.7}
                  height={h}
                  className={tone}
                />
              );
            })}
            <line
              x1={0}
              x2={width}
              y1={zeroY}
              y2={zeroY}
              vectorEffect="non-scaling-stroke"
              className="stroke-border-strong"
            />
          </svg>
        </div>
        <span />
        <div className="relative h-4 text-xs text-fg-muted tabular-nums">
          {ticks.map((y) => (
            <span
              key={y.year}
              className="absolute -translate-x-1/2"
              style={{ left: `${((y.year + 0.5) / cashFlow.length) * 100}%` }}
            >
              {y.year}
            </span>
          ))}
        </div>
      </div>
      <div>
        <Button
          variant="secondary"
          size="sm"
          aria-expanded={showTable}
          aria-controls={showTable ? tableId : undefined}
          onPress={() => setShowTable((shown) => !shown)}
        >
          {showTable ? labels.hideTable : labels.showTable}
        </Button>
      </div>
      {showTable && (
        <table id={tableId} className="w-full table-fixed text-sm tabular-nums">
          <caption className="sr-only">{labels.tableCaption}</caption>
          <thead>
            <tr className="border-b border-border text-xs text-fg-muted">
              {Object.values(labels.columns).map((column, i) => (
                <th
                  key={column}
                  scope="col"
                  className={cn(
                    'px-1 py-1.5 font-medium break-words hyphens-auto',
                    i === 0 ? 'w-[3.5rem] text-left' : 'text-right',
                  )}
                >
                  {column}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {cashFlow.map((y) => (
              <tr
                key={y.year}
                className={cn(
                  'border-b border-border last:border-0',
                  y.year === paybackYear && 'bg-brand-soft font-semibold',
                )}
              >
                <th scope="row" className="px-1 py-1 text-left font-medium">
                  {y.year}
                </th>
                <td className="px-1 py-1 text-right">{formatNumber(y.productionKwh, locale)}</td>
                <td className="px-1 py-1 text-right">{formatNumber(y.savingsSom, locale)}</td>
                <td className="px-1 py-1 text-right">
                  {formatNumber(y.cumulativeCashFlowSom, locale)}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </figure>
  );
}
