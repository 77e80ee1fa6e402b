/**
 * The actions the caller may take on a project now: exactly the
 * pipeline's `actions` (the server decides them by role, ownership and status,
 * pipeline.ts). Requesting a site visit, accepting the proposal and marking installed
 * are buttons; cancelling asks first; scheduling is a date form and recording the
 * inspection a findings form.
 */
import {
  FINAL_STATUSES,
  type PipelineAction,
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

const BUTTONS: readonly PipelineAction[] = ['requestQuote', 'acceptProposal', 'markInstalled'];

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
  const has = (a: PipelineAction) => actions.includes(a);
  const buttons = BUTTONS.filter(has);
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
      {(buttons.length > 0 || has('cancel')) && (
        <div className="flex flex-wrap gap-3">
          {buttons.map((a) => (
            <Button key={a} isPending={isRunning} onPress={() => void run({ action: a })}>
              {action(a)}
            </Button>
          ))}
          {has('cancel') && (
            <Button variant="secondary" isDisabled={isRunning} onPress={() => setConfirming(true)}>
              {action('cancel')}
            </Button>
          )}
        </div>
      )}
      {has('scheduleInspection') && (
        <ScheduleForm
          action="scheduleInspection"
          current={pipeline.inspectionDate}
          run={run}
          isRunning={isRunning}
        />
      )}
      {has('recordInspection') && <InspectionForm run={run} isRunning={isRunning} />}
      {has('scheduleInstallation') && (
        <ScheduleForm
          action="scheduleInstallation"
          current={pipeline.installationDate}
          run={run}
          isRunning={isRunning}
        />
      )}
      {confirming && (
        <Suspense fallback={null}>
          <ConfirmDialog
            open
            onOpenChange={setConfirming}
            title={t('projects.cancel.title')}
            description={t('projects.cancel.body')}
            confirmLabel={action('cancel')}
            cancelLabel={t('projects.cancel.keep')}
            closeLabel={t('projects.cancel.close')}
            tone="danger"
            isPending={isRunning}
            onConfirm={() => {
              void run({ action: 'cancel' }).then(() => setConfirming(false));
            }}
          />
        </Suspense>
      )}
    </div>
  );
}
