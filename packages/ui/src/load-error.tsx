/**
 * LoadError: a list or page that failed to load says so in one line and offers to try again
 * (docs/product.md#errors-and-messages: errors say what to do). An alert, so a screen reader
 * announces it.
 */
import { Button } from './button.tsx';
import { cn } from './cn.ts';

export interface LoadErrorProps {
  /** What failed and what to do, translated ("Failed to load users. Check your connection."). */
  message: string;
  /** The retry button's label, translated; with `onRetry`. @default undefined (no button) */
  retryLabel?: string;
  /** Loads again; without it no button is shown (e.g. a 404 nothing can fix). */
  onRetry?: () => void;
  /** Extra classes for the panel. @default undefined */
  className?: string;
}

/**
 * The failed-load panel: the message, then the retry button (wrapping under it when narrow).
 *
 * Use when a list, a page or a section could not be loaded and loading again may help.
 *
 * Don't use when a form was refused (show the field errors or the form's own alert), for
 * an empty result (use `EmptyState`), or for something that happened in the background (use
 * a `Toast`).
 */
export function LoadError({ message, retryLabel, onRetry, className }: LoadErrorProps) {
  return (
    <div
      role="alert"
      data-slot="load-error"
      className={cn(
        'flex flex-wrap items-center justify-between gap-3 rounded-card border border-danger-fg/30 bg-danger-soft p-4 text-sm text-danger-fg',
        className,
      )}
    >
      <p>{message}</p>
      {onRetry && retryLabel && (
        <Button variant="secondary" size="sm" onPress={onRetry}>
          {retryLabel}
        </Button>
      )}
    </div>
  );
}
