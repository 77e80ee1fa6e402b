/**
 * EmptyState: an icon, a title, an optional description and an optional action, for
 * lists with nothing to show (e.g. "No users found" with a create link, "No users match
 * your current filters"; docs/product.md#user-administration).
 */
import type { ReactNode } from 'react';
import { cn } from './cn.ts';

export interface EmptyStateProps {
  /** What is empty, as a heading ("No users found"). */
  title: string;
  /** One sentence on why or what to do next. @default undefined (none) */
  description?: string;
  /** A decorative icon in a tinted disc above the title. @default undefined (none) */
  icon?: ReactNode;
  /** A button or link (create the first item, clear the filters). @default undefined (none) */
  action?: ReactNode;
  /** Heading level of the title (default 2). */
  level?: 2 | 3 | 4;
  /** Extra classes for the block. @default undefined */
  className?: string;
}

/**
 * A centred message for a list or page with nothing to show, with an optional next step.
 *
 * Use when a list is empty: nothing created yet, or nothing matches the filters.
 *
 * Don't use when the content is still loading (use `Spinner` or `LoadingOverlay`) or
 * failed to load (show the error with a retry, or a `Toast`).
 */
export function EmptyState({
  title,
  description,
  icon,
  action,
  level = 2,
  className,
}: EmptyStateProps) {
  const Heading = `h${level}` as const;
  return (
    <div
      data-slot="empty-state"
      className={cn('flex flex-col items-center gap-3 px-6 py-10 text-center', className)}
    >
      {icon && (
        <span
          aria-hidden="true"
          className="flex size-12 items-center justify-center rounded-pill bg-surface-sunken text-fg-muted [&_svg]:size-6"
        >
          {icon}
        </span>
      )}
      <Heading className="text-base font-semibold text-fg">{title}</Heading>
      {description && <p className="max-w-sm text-sm text-fg-muted">{description}</p>}
      {action && <div className="mt-1">{action}</div>}
    </div>
  );
}
