/**
 * The actions the caller may take on a project now: exactly the
 * pipeline's `actions` (the server decides them by role, ownership and status,
 * pipeline.ts), each shown by what its rule needs (PIPELINE_RULES): an action that needs
 * nothing is a button (one whose rule says `confirm` asks first: cancelling); one that needs
 * a date is a date form, the date already set in the rule's `dateField`; one that needs the
 * roof findings is the findings form. A new action is shown without a change here.
 */
import {
  FINAL_STATUSES,
  PIPELINE_ACTIONS,
  PIPELINE_RULES,
  type ProjectPipeline,
  type ProjectTransitionRequest,
} from '@solar/domain';
import { Button, type ConfirmDialogProps } from '@solar/ui';
import { Suspense, useState } from 'react';
import { retryableLazy } from '../../app/retryable-lazy.tsx';
import { InspectionForm } from './inspection-form.tsx';
import { useProjectText } from './project-text.ts';
import { ScheduleForm } from './schedule-form.tsx';
import type { RunOutcome } from './use-project-page.ts';

/** The cancel confirmation (Radix Dialog) loads when first asked for, not with the page. */
const ConfirmDialog = retryableLazy<ConfirmDialogProps>(() =>
  import('@solar/ui/dialog').then((m) => ({ default: m.ConfirmDialog })),
);

export interface ProjectActionsProps {
  pipeline: ProjectPipeline;
  run: (body: ProjectTransitionRequest) => Promise<RunOutcome>;
  isRunning: boolean;
  /** Whether the caller works on other people's projects (words the 'nothing to do' line). */
  isStaff: boolean;
}

/** The buttons and forms of the caller's actions, or a line saying there is none. */
export function ProjectActions({ pipeline, run, isRunning, isStaff }: ProjectActionsProps) {
  const { t, action } = useProjectText();
  const [confirming, setConfirming] = useState(false);
  const { actions } = pipeline;
  // In pipeline order, whatever order the answer lists them in.
  const mine = PIPELINE_ACTIONS.filter((a) => actions.includes(a));
  const buttons = mine.filter((a) => PIPELINE_RULES[a].needs === null);
  const plain = buttons.filter((a) => !PIPELINE_RULES[a].confirm);
  const confirmed = buttons.find((a) => PIPELINE_RULES[a].confirm);
  const forms = mine.filter((a) => PIPELINE_RULES[a].needs !== null);
  if (actions.length === 0) {
    const closed = FINAL_STATUSES.includes(pipeline.status);
    return (
      <p className="text-sm text-fg-muted">
        {t(
          closed
            ? 'projects.project.closed'
            : isStaff
              ? 'projects.project.noActionsStaff'
              : 'projects.project.noActions',
        )}
      </p>
    );
  }
  return (
    <div className="flex flex-col gap-4">
      {buttons.length > 0 && (
        <div className="flex flex-wrap gap-3">
          {plain.map((a) => (
            <Button key={a} isPending={isRunning} onPress={() => void run({ action: a })}>
              {action(a)}
            </Button>
          ))}
          {confirmed && (
            <Button variant="secondary" isDisabled={isRunning} onPress={() => setConfirming(true)}>
              {action(confirmed)}
            </Button>
          )}
        </div>
      )}
      {forms.map((a) => {
        const rule = PIPELINE_RULES[a];
        return rule.needs === 'date' ? (
          <ScheduleForm
            key={a}
            action={a}
            current={pipeline[rule.dateField]}
            run={run}
            isRunning={isRunning}
          />
        ) : (
          <InspectionForm key={a} action={a} run={run} isRunning={isRunning} />
        );
      })}
      {confirming && confirmed && (
        <Suspense fallback={null}>
          <ConfirmDialog
            open
            onOpenChange={setConfirming}
            title={t('projects.cancel.title')}
            description={t('projects.cancel.body')}
            confirmLabel={action(confirmed)}
            cancelLabel={t('projects.cancel.keep')}
            closeLabel={t('projects.cancel.close')}
            tone="danger"
            isPending={isRunning}
            onConfirm={() => {
              void run({ action: confirmed }).then(() => setConfirming(false));
            }}
          />
        </Suspense>
      )}
    </div>
  );
}
