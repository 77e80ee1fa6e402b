/**
 * Stat: one labelled figure (a value and optional unit and hint), as in the estimate
 * results and dashboard cards. Values arrive formatted for the locale.
 */
import type { ReactNode } from 'react';
import { cn } from './cn.ts';

export interface StatProps {
  /** What the figure is ("System size"), shown small and uppercase above it. */
  label: string;
  /** The formatted figure ("12.4", "138 750 сом"). */
  value: ReactNode;
  /** Unit after the value ("kW", "years"); omit when `value` already has it. @default undefined (none) */
  unit?: string;
  /** Small text under the value. @default undefined (none) */
  hint?: string;
  /** Emphasise (brand colour). @default false */
  highlight?: boolean;
  /** Extra classes for the tile. @default undefined */
  className?: string;
}

/**
 * A label over a large value. Rendered as a description-list group (dt/dd) inside
 * `StatGroup`. The tile is a size container: the figure is set smaller in a narrow tile,
 * the unit wraps under it, and a label or figure that still does not fit breaks instead of
 * running past the border (six-digit som amounts and Russian labels at 390 px).
 *
 * Use when showing a key figure with its label (estimate results, dashboard totals),
 * always inside `StatGroup`.
 *
 * Don't use when there are many figures to compare row by row (use `DataTable`), or for a
 * figure inside a sentence.
 */
export function Stat({ label, value, unit, hint, highlight, className }: StatProps) {
  return (
    <div
      data-slot="stat"
      className={cn(
        '@container flex min-w-0 flex-col gap-1 rounded-card border border-border bg-surface-raised p-4',
        highlight && 'border-brand-accent/40 bg-brand-soft',
        className,
      )}
    >
      <dt className="text-xs font-medium tracking-wide break-words hyphens-auto text-fg-muted uppercase">
        {label}
      </dt>
      <dd className="flex flex-col gap-0.5">
        <span
          className={cn(
            'text-xl font-semibold break-words text-fg tabular-nums @[12rem]:text-2xl',
            highlight && 'text-brand-fg',
          )}
        >
          {value}
          {unit && (
            <>
              {' '}
              <span className="text-sm font-medium text-fg-muted">{unit}</span>
            </>
          )}
        </span>
        {hint && <span className="text-xs text-fg-muted">{hint}</span>}
      </dd>
    </div>
  );
}

/**
 * A responsive grid of stats (a `dl`): two columns, three from 640 px.
 *
 * Use when holding `Stat` tiles. Don't use when laying out anything else (it is a
 * description list).
 */
export function StatGroup({
  children,
  className,
}: {
  /** The `Stat` tiles. */
  children: ReactNode;
  /** Extra classes for the grid. @default undefined */
  className?: string;
}) {
  return (
    <dl data-slot="stat-group" className={cn('grid grid-cols-2 gap-3 sm:grid-cols-3', className)}>
      {children}
    </dl>
  );
}
