/**
 * PipelineSteps: the seven steps of a project's pipeline (draft ->
 * installed) as an ordered list; finished steps are checked, the current one carries
 * `aria-current="step"`. A cancelled project shows the steps it reached and then a
 * distinct "Cancelled" step (danger tone, a cross) as the current one. One column on
 * phones (390 px), one row from the `lg` breakpoint. Labels arrive translated.
 */
import { cn } from './cn.ts';
import { CheckIcon, XIcon } from './icons.tsx';

export interface PipelineStepsProps {
  /** Step names in pipeline order (draft first, installed last). */
  steps: readonly string[];
  /**
   * 0-based index of the current step; for a cancelled project, the last step it reached
   * (shown finished, with the cancelled step after it).
   */
  current: number;
  /** Accessible name of the list ("Project progress"). */
  label: string;
  /** Screen-reader word for a finished step ("completed"). */
  completedLabel: string;
  /** Set when the project was cancelled: the cancelled step's label ("Cancelled"). @default undefined */
  cancelledLabel?: string;
  /** Extra classes for the list. @default undefined */
  className?: string;
}

type State = 'complete' | 'current' | 'upcoming' | 'cancelled';

function Marker({ state, number }: { state: State; number: number }) {
  return (
    <span
      aria-hidden="true"
      className={cn(
        'flex size-7 shrink-0 items-center justify-center rounded-pill border-2 text-xs font-semibold',
        state === 'complete' && 'border-brand-700 bg-brand-700 text-white',
        state === 'current' && 'border-brand-accent text-brand-fg',
        state === 'upcoming' && 'border-border-strong text-fg-muted',
        state === 'cancelled' && 'border-danger-fg bg-danger-soft text-danger-fg',
      )}
    >
      {state === 'complete' ? (
        <CheckIcon className="size-4" strokeWidth={3} />
      ) : state === 'cancelled' ? (
        <XIcon className="size-4" strokeWidth={3} />
      ) : (
        number
      )}
    </span>
  );
}

/**
 * The pipeline's steps with the current one marked.
 *
 * Use when showing how far a project has come and what comes next (a project's page).
 *
 * Don't use when only the status matters, as in a list row (use `ProjectStatusBadge`),
 * or for the steps of a form on one screen (use `StepIndicator`).
 */
export function PipelineSteps({
  steps,
  current,
  label,
  completedLabel,
  cancelledLabel,
  className,
}: PipelineStepsProps) {
  const cancelled = cancelledLabel !== undefined;
  const items: { key: string; text: string; state: State; number: number }[] = steps.map(
    (step, index) => {
      const state: State =
        index < current || (cancelled && index === current)
          ? 'complete'
          : index === current
            ? 'current'
            : 'upcoming';
      return { key: `${index}-${step}`, text: step, state, number: index + 1 };
    },
  );
  if (cancelled) {
    items.splice(current + 1, 0, {
      key: 'cancelled',
      text: cancelledLabel,
      state: 'cancelled',
      number: 0,
    });
  }
  return (
    <ol
      aria-label={label}
      data-slot="pipeline-steps"
      data-cancelled={cancelled || undefined}
      className={cn('flex flex-col gap-3 lg:flex-row lg:gap-2', className)}
    >
      {items.map((item) => {
        const isCurrent = item.state === 'current' || item.state === 'cancelled';
        const muted = item.state === 'upcoming' || (cancelled && item.state !== 'cancelled');
        return (
          <li
            key={item.key}
            aria-current={isCurrent ? 'step' : undefined}
            data-state={item.state}
            className="flex min-w-0 items-center gap-3 lg:flex-1 lg:flex-col lg:gap-1.5 lg:text-center"
          >
            <Marker state={item.state} number={item.number} />
            <span
              className={cn(
                'text-sm break-words',
                isCurrent ? 'font-semibold' : '',
                item.state === 'cancelled' ? 'text-danger-fg' : muted ? 'text-fg-muted' : 'text-fg',
              )}
            >
              {item.text}
              {item.state === 'complete' && (
                <span className="sr-only">{` (${completedLabel})`}</span>
              )}
            </span>
          </li>
        );
      })}
    </ol>
  );
}
