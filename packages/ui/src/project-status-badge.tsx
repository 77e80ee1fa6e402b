/**
 * ProjectStatusBadge: a project's place in the pipeline as a pill: the
 * status decides the tone (the domain's PROJECT_STATUS_TONES: not started, with the staff,
 * under way, done, cancelled), the translated label says it in words, so the state never
 * relies on colour alone.
 */
import { PROJECT_STATUS_TONES, type ProjectStatus } from '@solar/domain/pipeline';
import { cva } from 'class-variance-authority';
import { cn } from './cn.ts';

/** Classes of the badge, by tone. */
export const projectStatusBadgeVariants = cva(
  'inline-flex items-center gap-1.5 rounded-pill border px-2.5 py-0.5 text-xs font-medium whitespace-nowrap',
  {
    variants: {
      /** `neutral` (draft), `info` (with the staff), `progress` (installation under way), `success` (installed), `danger` (cancelled). @default 'neutral' */
      tone: {
        neutral: 'border-border bg-surface-sunken text-fg-muted',
        info: 'border-info-fg/30 bg-info-soft text-info-fg',
        progress: 'border-warning-fg/30 bg-warning-soft text-warning-fg',
        success: 'border-success-fg/30 bg-success-soft text-success-fg',
        danger: 'border-danger-fg/30 bg-danger-soft text-danger-fg',
      },
    },
    defaultVariants: { tone: 'neutral' },
  },
);

export interface ProjectStatusBadgeProps {
  /** The project's status; decides the tone. */
  status: ProjectStatus;
  /** The status in words, translated ("Quote requested"). */
  label: string;
  /** Extra classes for the pill. @default undefined */
  className?: string;
}

/**
 * A pill with a dot and a project's pipeline status in words.
 *
 * Use when showing where a project stands (the pipeline list, a project's page header).
 *
 * Don't use when showing an account's state (use `StatusBadge`) or a role (use
 * `RoleBadge`), or to show all steps of the pipeline (use `PipelineSteps`).
 */
export function ProjectStatusBadge({ status, label, className }: ProjectStatusBadgeProps) {
  const tone = PROJECT_STATUS_TONES[status];
  return (
    <span
      data-slot="project-status-badge"
      data-status={status}
      data-tone={tone}
      className={cn(projectStatusBadgeVariants({ tone }), className)}
    >
      <span aria-hidden="true" className="size-1.5 rounded-pill bg-current" />
      {label}
    </span>
  );
}
