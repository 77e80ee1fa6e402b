/**
 * Card: a raised surface with optional header (title, description, action), body and
 * footer. `CardTitle` renders a heading of the level you give (default h2).
 */
import type { HTMLAttributes, ReactNode } from 'react';
import { cn } from './cn.ts';

/** The card surface. */
export function Card({ className, ...props }: HTMLAttributes<HTMLDivElement>) {
  return (
    <div
      data-slot="card"
      {...props}
      className={cn(
        'flex flex-col gap-4 rounded-card border border-border bg-surface-raised p-5 text-fg shadow-card',
        className,
      )}
    />
  );
}

/** A row for the title block and an optional action at the end. */
export function CardHeader({
  className,
  action,
  children,
  ...props
}: HTMLAttributes<HTMLDivElement> & { action?: ReactNode }) {
  return (
    <div data-slot="card-header" {...props} className={cn('flex items-start gap-3', className)}>
      <div className="flex min-w-0 flex-1 flex-col gap-1">{children}</div>
      {action && <div className="shrink-0">{action}</div>}
    </div>
  );
}

/** The card's heading; `level` picks h2..h4 for the page outline. */
export function CardTitle({
  level = 2,
  className,
  ...props
}: HTMLAttributes<HTMLHeadingElement> & { level?: 2 | 3 | 4 }) {
  const Heading = `h${level}` as const;
  return (
    <Heading
      data-slot="card-title"
      {...props}
      className={cn('text-lg font-semibold text-fg', className)}
    />
  );
}

/** Muted text under the title. */
export function CardDescription({ className, ...props }: HTMLAttributes<HTMLParagraphElement>) {
  return (
    <p data-slot="card-description" {...props} className={cn('text-sm text-fg-muted', className)} />
  );
}

/** The card's main content. */
export function CardContent({ className, ...props }: HTMLAttributes<HTMLDivElement>) {
  return (
    <div data-slot="card-content" {...props} className={cn('flex flex-col gap-3', className)} />
  );
}

/** Actions at the bottom of the card. */
export function CardFooter({ className, ...props }: HTMLAttributes<HTMLDivElement>) {
  return (
    <div
      data-slot="card-footer"
      {...props}
      className={cn('flex flex-wrap items-center justify-end gap-2', className)}
    />
  );
}
