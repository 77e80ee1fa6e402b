/**
 * The product's identity: the mark, a sun over a tilted solar panel, and
 * the wordmark beside it. The sun is the brand amber; the panel takes the text colour
 * (`currentColor`), so the mark reads on light and dark surfaces. The same drawing is the
 * favicon and the app icon (apps/web/public/favicon.svg).
 */
import type { SVGProps } from 'react';
import { cn } from './cn.ts';

/**
 * The mark alone, on a 32 × 32 grid, 28 px (`size-7`) unless `className` sets a size
 * (decorative: the link or heading around it carries the name).
 *
 * Use when there is room for the mark only and the name is given by the element around it.
 *
 * Don't use when the product name should show (use `Logo`), or as a decorative icon
 * (use the icons).
 */
export function LogoMark({ className, ...props }: SVGProps<SVGSVGElement>) {
  return (
    <svg
      viewBox="0 0 32 32"
      aria-hidden="true"
      focusable="false"
      className={cn('size-7 shrink-0', className)}
      {...props}
    >
      <g className="text-brand-600 dark:text-brand-500">
        <circle cx="21" cy="9" r="4.5" fill="currentColor" />
        <path
          d="M21 1.5v1.5M28.5 9H27M26.3 3.7l-1 1M15.7 3.7l1 1"
          stroke="currentColor"
          strokeWidth="2"
          strokeLinecap="round"
        />
      </g>
      <path d="M7 16h20l-4 13H3z" fill="currentColor" />
      <path
        d="M12.7 16l-3 13M19.3 16l-3 13M5.2 22.5h20"
        stroke="var(--color-surface-raised, #fff)"
        strokeWidth="1.2"
      />
    </svg>
  );
}

export interface LogoProps {
  /** The product name, translated if it ever is ("Solar"). */
  name: string;
  /** Below 640 px show only the mark (the name stays its accessible text): phone headers. @default false */
  compact?: boolean;
  /** Extra classes for the outer `<span>`. @default undefined */
  className?: string;
}

/**
 * The mark and the wordmark, for headers and the auth pages.
 *
 * Use when showing the product's identity: the `AppShell` brand, the top of sign-in pages.
 *
 * Don't use when there is no room for the name (use `compact`, or `LogoMark` inside a
 * named link).
 */
export function Logo({ name, compact, className }: LogoProps) {
  return (
    <span data-slot="logo" className={cn('inline-flex items-center gap-2 text-fg', className)}>
      <LogoMark />
      <span
        className={cn('text-lg font-semibold tracking-tight', compact && 'sr-only sm:not-sr-only')}
      >
        {name}
      </span>
    </span>
  );
}
