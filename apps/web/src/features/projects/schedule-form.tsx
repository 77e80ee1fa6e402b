/**
 * The date of an inspection or an installation (scheduleInspection,
 * scheduleInstallation): a labelled native date input (the library has no date picker
 * yet), validated with the transition schema (a real `YYYY-MM-DD` day), server field
 * errors on the field. The schema loads on the form's first focus (forms/load-validation.ts).
 */
import {
  globalErrorMessages,
  type PipelineAction,
  type ProjectTransitionRequest,
} from '@solar/domain';
import { Button, TextField } from '@solar/ui';
import { useIntl } from 'react-intl';
import { useNotify } from '../../app/notices.tsx';
import { loadPipelineSchemas, preloadPipelineSchemas } from '../../forms/load-validation.ts';
import { useForm } from '../../forms/use-form.ts';
import { useProjectText } from './project-text.ts';
import type { RunOutcome } from './use-project-page.ts';

export interface ScheduleFormProps {
  /** An action whose rule needs a date (scheduleInspection, scheduleInstallation). */
  action: PipelineAction;
  /** The date already set (rescheduling), `YYYY-MM-DD`. */
  current: string | null;
  run: (body: ProjectTransitionRequest) => Promise<RunOutcome>;
  isRunning: boolean;
}

/** A date and a save button, in a card titled with the action. */
export function ScheduleForm({ action, current, run, isRunning }: ScheduleFormProps) {
  const { t, action: actionLabel } = useProjectText();
  const { connect, field, values, validate, showServerErrors } = useForm(['date'] as const, {
    date: current ?? '',
  });
  const intl = useIntl();
  const notify = useNotify();
  const submit = async () => {
    const schemas = await loadPipelineSchemas();
    if (!schemas) {
      notify({ kind: 'error', message: intl.formatMessage(globalErrorMessages.connection) });
      return;
    }
    const body = validate(schemas.projectTransitionRequestSchema, {
      action,
      date: values.date,
    } as never);
    if (!body) return;
    const outcome = await run(body);
    if (!outcome.ok) showServerErrors(outcome.error);
  };
  const headingId = `${action}-heading`;
  return (
    <div className="rounded-card border border-border p-4">
      <form
        ref={connect}
        noValidate
        aria-labelledby={headingId}
        className="flex flex-col gap-4"
        onFocus={preloadPipelineSchemas}
        onSubmit={(event) => {
          event.preventDefault();
          void submit();
        }}
      >
        <h3 id={headingId} className="text-base font-semibold">
          {actionLabel(action)}
        </h3>
        <TextField {...field('date')} type="date" label={t('projects.schedule.date')} isRequired />
        <Button type="submit" isPending={isRunning} className="self-start">
          {t('projects.schedule.submit')}
        </Button>
      </form>
    </div>
  );
}
