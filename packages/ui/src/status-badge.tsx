/**
 * StatusBadge: a two-state pill for the user list and detail (docs/product.md#user-administration):
 * account active/inactive, email verified/unverified. A dot plus text, so the state never relies
 * on colour alone. The label arrives translated.
 */
import { cva, type VariantProps } from 'class-variance-authority';
import { cn } from './cn.ts';

/** Classes of the badge, by tone. */
export const statusBadgeVariants = cva(
  'inline-flex items-center gap-1.5 rounded-pill border px-2.5 py-0.5 text-xs font-medium whitespace-nowrap',
  {
    variants: {
      /** `positive` (active, verified: green), `negative` (inactive, unverified: grey), `warning` (amber). @default 'positive' */
      tone: {
        positive: 'border-success-fg/30 bg-success-soft text-success-fg',
        negative: 'border-border bg-surface-sunken text-fg-muted',
        warning: 'border-warning-fg/30 bg-warning-soft text-warning-fg',
      },
    },
    defaultVariants: { tone: 'positive' },
  },
);

export interface StatusBadgeProps extends VariantProps<typeof statusBadgeVariants> {
  /** The state in words, translated ("Active"); the dot alone never carries it. */
  label: string;
  /** Extra classes for the pill. @default undefined */
  className?: string;
}

/**
 * A pill with a status dot and the state in words.
 *
 * Use when showing a record's two-state status (account active or inactive, email
 * verified or not) in a list or detail.
 *
 * Don't use when showing a role (use `RoleBadge`), or to report the outcome of an action
 * (use `Toast`).
 */
export function StatusBadge({ tone, label, className }: StatusBadgeProps) {
  return (
    <span
      data-slot="status-badge"
      data-tone={tone ?? 'positive'}
      className={cn(statusBadgeVariants({ tone }), className)}
    >
      <span aria-hidden="true" className="size-1.5 rounded-pill bg-current" />
      {label}
    </span>
  );
}
