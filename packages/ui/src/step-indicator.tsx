/**
 * StepIndicator: where the user is in a multi-step flow (docs/product.md#full-calculator: the
 * full calculator's location then configuration). An ordered list; done steps show a check,
 * the current step has `aria-current="step"`. Labels arrive translated.
 */
import { cn } from './cn.ts';
import { CheckIcon } from './icons.tsx';

export interface StepIndicatorProps {
  /** Step names in order. */
  steps: readonly string[];
  /** 0-based index of the current step. */
  current: number;
  /** Accessible name of the list ("Progress"). */
  label: string;
  /** Screen-reader word for a finished step ("completed"). */
  completedLabel: string;
  /** Extra classes for the list. @default undefined */
  className?: string;
}

/**
 * Numbered steps with the current one highlighted and finished ones checked.
 *
 * Use when a task is split into a few ordered steps on one screen (the full calculator:
 * location, then configuration).
 *
 * Don't use when moving between pages of a list (use `Pagination`), or for navigation
 * between independent pages (use `AppShell`'s navigation).
 */
export function StepIndicator({
  steps,
  current,
  label,
  completedLabel,
  className,
}: StepIndicatorProps) {
  return (
    <ol
      aria-label={label}
      data-slot="step-indicator"
      className={cn('flex items-center gap-2', className)}
    >
      {steps.map((step, index) => {
        const done = index < current;
        const active = index === current;
        return (
          <li
            key={step}
            aria-current={active ? 'step' : undefined}
            data-state={done ? 'complete' : active ? 'current' : 'upcoming'}
            className="flex items-center gap-2"
          >
            {index > 0 && (
              <span
                aria-hidden="true"
                className={cn(
                  'h-0.5 w-8 rounded-pill',
                  done || active ? 'bg-brand-700' : 'bg-border-strong',
                )}
              />
            )}
            <span
              aria-hidden="true"
              className={cn(
                'flex size-7 items-center justify-center rounded-pill border-2 text-xs font-semibold',
                done && 'border-brand-700 bg-brand-700 text-white',
                active && 'border-brand-accent text-brand-fg',
                !done && !active && 'border-border-strong text-fg-muted',
              )}
            >
              {done ? <CheckIcon className="size-4" strokeWidth={3} /> : index + 1}
            </span>
            <span className={cn('text-sm', active ? 'font-semibold text-fg' : 'text-fg-muted')}>
              {step}
              {done && <span className="sr-only">{` (${completedLabel})`}</span>}
            </span>
          </li>
        );
      })}
    </ol>
  );
}
