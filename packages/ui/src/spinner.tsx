/**
 * Spinner and LoadingOverlay: progress without a known end. The spinner is a
 * react-aria-components ProgressBar (role progressbar, indeterminate) with a translated
 * label; the overlay covers its positioned parent, dims it and marks it busy. Under
 * `prefers-reduced-motion` the spinner stands still.
 */
import { cva, type VariantProps } from 'class-variance-authority';
import { ProgressBar } from 'react-aria-components';
import { cn } from './cn.ts';

export const spinnerVariants = cva(
  'inline-block shrink-0 animate-spin rounded-pill border-current border-t-transparent motion-reduce:animate-none',
  {
    variants: {
      size: { sm: 'size-4 border-2', md: 'size-6 border-2', lg: 'size-10 border-4' },
    },
    defaultVariants: { size: 'md' },
  },
);

export interface SpinnerProps extends VariantProps<typeof spinnerVariants> {
  /** Accessible name ("Loading"). */
  label: string;
  /** Show the label next to the spinner too. */
  showLabel?: boolean;
  className?: string;
}

/** An indeterminate progress indicator. */
export function Spinner({ label, showLabel, size, className }: SpinnerProps) {
  return (
    <ProgressBar
      isIndeterminate
      aria-label={label}
      data-slot="spinner"
      className={cn('inline-flex items-center gap-2 text-brand-700 dark:text-brand-500', className)}
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
  className?: string;
}

/** Covers the nearest positioned ancestor with a dimmed layer and a centred spinner. */
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
