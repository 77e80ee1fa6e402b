/**
 * Spinner and LoadingOverlay: progress without a known end. The spinner is a
 * react-aria-components ProgressBar (role progressbar, indeterminate) with a translated
 * label; the overlay covers its positioned parent, dims it and marks it busy. Under
 * `prefers-reduced-motion` the spinner stands still.
 */
import { cva, type VariantProps } from 'class-variance-authority';
import { ProgressBar } from 'react-aria-components';
import { cn } from './cn.ts';

/** Classes of the spinning ring, by size. */
export const spinnerVariants = cva(
  'inline-block shrink-0 animate-spin rounded-pill border-current border-t-transparent motion-reduce:animate-none',
  {
    variants: {
      /** Ring diameter: `sm` 16 px, `md` 24 px, `lg` 40 px. @default 'md' */
      size: { sm: 'size-4 border-2', md: 'size-6 border-2', lg: 'size-10 border-4' },
    },
    defaultVariants: { size: 'md' },
  },
);

export interface SpinnerProps extends VariantProps<typeof spinnerVariants> {
  /** Accessible name ("Loading"). */
  label: string;
  /** Show the label next to the spinner too. @default false */
  showLabel?: boolean;
  /** Extra classes for the progress bar element. @default undefined */
  className?: string;
}

/**
 * An indeterminate progress indicator (a spinning ring) with an accessible name.
 *
 * Use when something loads or runs for an unknown time in one spot (a list's first page,
 * a card's data).
 *
 * Don't use when a button's own action runs (use `Button`'s `isPending`), or when a
 * whole region with content reloads (use `LoadingOverlay`).
 */
export function Spinner({ label, showLabel, size, className }: SpinnerProps) {
  return (
    <ProgressBar
      isIndeterminate
      aria-label={label}
      data-slot="spinner"
      className={cn('inline-flex items-center gap-2 text-brand-accent', className)}
    >
      <span aria-hidden="true" className={spinnerVariants({ size })} />
      {showLabel && <span className="text-sm text-fg">{label}</span>}
    </ProgressBar>
  );
}

export interface LoadingOverlayProps {
  /** Accessible name of the spinner ("Loading users"). */
  label: string;
  /** Whether the overlay shows. */
  isVisible: boolean;
  /** Extra classes for the layer. @default undefined */
  className?: string;
}

/**
 * Covers the nearest positioned ancestor with a dimmed layer and a centred spinner.
 *
 * Use when content already shown is being replaced (a table loading its next page) and
 * should stay visible but not be used meanwhile.
 *
 * Don't use when nothing is shown yet (use `Spinner`), or for the whole app (it covers
 * only its positioned parent).
 */
export function LoadingOverlay({ label, isVisible, className }: LoadingOverlayProps) {
  if (!isVisible) return null;
  return (
    <div
      data-slot="loading-overlay"
      className={cn(
        'absolute inset-0 z-10 flex items-center justify-center rounded-[inherit] bg-surface/70 backdrop-blur-[1px]',
        className,
      )}
    >
      <Spinner label={label} showLabel size="lg" className="flex-col" />
    </div>
  );
}

/**
 * An indeterminate bar fixed along the top of the window, named `label` ("Loading users"):
 * progress seen however far down a long list the user is.
 *
 * Use when a list or page reloads in place (the users table's next page).
 *
 * Don't use when the wait belongs to one control (a Button's `isPending`) or to one region
 * that stays in view (Spinner, LoadingOverlay).
 */
export function TopProgressBar({ label }: { label: string }) {
  return (
    <ProgressBar
      isIndeterminate
      aria-label={label}
      data-slot="top-progress"
      className="fixed inset-x-0 top-0 z-50 h-1 overflow-hidden bg-brand-500/20"
    >
      <span
        aria-hidden="true"
        className="block h-full w-1/3 animate-progress bg-brand-accent motion-reduce:w-full motion-reduce:animate-none"
      />
    </ProgressBar>
  );
}
