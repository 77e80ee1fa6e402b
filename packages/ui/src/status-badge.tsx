/**
 * StatusBadge: a two-state pill for the user list and detail (spec section 2): account
 * active/inactive, email verified/unverified. A dot plus text, so the state never relies
 * on colour alone. The label arrives translated.
 */
import { cva, type VariantProps } from 'class-variance-authority';
import { cn } from './cn.ts';

export const statusBadgeVariants = cva(
  'inline-flex items-center gap-1.5 rounded-pill border px-2.5 py-0.5 text-xs font-medium whitespace-nowrap',
  {
    variants: {
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
  label: string;
  className?: string;
}

/** A pill with a status dot. */
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
