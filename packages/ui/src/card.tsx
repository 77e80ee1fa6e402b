/**
 * Card: a raised surface with optional header (title, description, action), body and
 * footer. `CardTitle` renders a heading of the level you give (default h2).
 */
import type { HTMLAttributes, ReactNode } from 'react';
import { cn } from './cn.ts';

/**
 * A raised surface (border, 14 px radius, shadow, 20 px padding) that groups one topic;
 * other HTML attributes go to its `<div>`.
 *
 * Use when a screen shows several separate blocks (a user card, a form section, results).
 *
 * Don't use when the content is the whole page (put it straight in the main area), for
 * one line of status (use a badge or `Toast`), or nested in another card.
 */
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

/**
 * A row for the title block (`CardTitle`, `CardDescription`) and an optional action at the end.
 *
 * Use when the card has a title. Don't use when the card has none: start with `CardContent`.
 */
export function CardHeader({
  className,
  action,
  children,
  ...props
}: HTMLAttributes<HTMLDivElement> & {
  /** A control at the end of the row (a button or menu). @default undefined (none) */
  action?: ReactNode;
}) {
  return (
    <div data-slot="card-header" {...props} className={cn('flex items-start gap-3', className)}>
      <div className="flex min-w-0 flex-1 flex-col gap-1">{children}</div>
      {action && <div className="shrink-0">{action}</div>}
    </div>
  );
}

/**
 * The card's heading; `level` picks h2..h4 for the page outline.
 *
 * Use when naming a card, inside `CardHeader`. Don't use when the text is the page's title
 * (that is the page's h1).
 */
export function CardTitle({
  level = 2,
  className,
  ...props
}: HTMLAttributes<HTMLHeadingElement> & {
  /** Heading level in the page outline (h2, h3 or h4). @default 2 */
  level?: 2 | 3 | 4;
}) {
  const Heading = `h${level}` as const;
  return (
    <Heading
      data-slot="card-title"
      {...props}
      className={cn('text-lg font-semibold text-fg', className)}
    />
  );
}

/**
 * Muted text under the title.
 *
 * Use when one sentence explains the card. Don't use when it is the card's content (use
 * `CardContent`).
 */
export function CardDescription({ className, ...props }: HTMLAttributes<HTMLParagraphElement>) {
  return (
    <p data-slot="card-description" {...props} className={cn('text-sm text-fg-muted', className)} />
  );
}

/**
 * The card's main content (a column, 12 px gaps).
 *
 * Use when holding the body of a card. Don't use when placing actions (use `CardFooter`).
 */
export function CardContent({ className, ...props }: HTMLAttributes<HTMLDivElement>) {
  return (
    <div data-slot="card-content" {...props} className={cn('flex flex-col gap-3', className)} />
  );
}

/**
 * Actions at the bottom of the card, aligned to the end, wrapping on narrow screens.
 *
 * Use when the card's actions close it (save, cancel). Don't use when there is one action
 * next to the title (use `CardHeader`'s `action`).
 */
export function CardFooter({ className, ...props }: HTMLAttributes<HTMLDivElement>) {
  return (
    <div
      data-slot="card-footer"
      {...props}
      className={cn('flex flex-wrap items-center justify-end gap-2', className)}
    />
  );
}
