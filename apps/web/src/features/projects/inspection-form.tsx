/**
 * The roof findings of an inspection (recordInspection, by someone who
 * schedules inspections): roof type, usable area in m² and shading notes, validated with
 * the transition schema's bounds (INSPECTION_LIMITS); server field errors
 * (`inspection.roofAreaM2`...) land on their fields. The schema loads on the form's first
 * focus (forms/load-validation.ts).
 */
import {
  CONFIG_ROOF_TYPES,
  globalErrorMessages,
  INSPECTION_LIMITS,
  type ConfigRoofType,
  type PipelineAction,
  type ProjectTransitionRequest,
} from '@solar/domain';
import { Button, Select, TextField } from '@solar/ui';
import { useIntl } from 'react-intl';
import { useNotify } from '../../app/notices.tsx';
import { loadPipelineSchemas, preloadPipelineSchemas } from '../../forms/load-validation.ts';
import { useForm } from '../../forms/use-form.ts';
import { useProjectText } from './project-text.ts';
import type { RunOutcome } from './use-project-page.ts';

const FIELDS = ['inspection.roofType', 'inspection.roofAreaM2', 'inspection.shadingNotes'] as const;

/**
 * The typed area as a number (a decimal comma accepted); NaN when blank or not a number.
 * A text input, not a NumberField: its value is current on every keystroke, so a submit
 * right after typing sees it.
 */
function areaOf(text: string): number {
  const trimmed = text.trim().replace(',', '.');
  return trimmed === '' ? Number.NaN : Number(trimmed);
}

export interface InspectionFormProps {
  /** An action whose rule needs the roof findings. @default 'recordInspection' */
  action?: PipelineAction;
  run: (body: ProjectTransitionRequest) => Promise<RunOutcome>;
  isRunning: boolean;
}

/** The findings form, in a card titled "Record inspection". */
export function InspectionForm({
  action: pipelineAction = 'recordInspection',
  run,
  isRunning,
}: InspectionFormProps) {
  const { t, action, roofType } = useProjectText();
  const form = useForm(FIELDS, {
    'inspection.roofType': null as ConfigRoofType | null,
    'inspection.roofAreaM2': '',
    'inspection.shadingNotes': '',
  });
  const { connect, values, edit, field, errorText, validate, showServerErrors } = form;
  const intl = useIntl();
  const notify = useNotify();
  const submit = async () => {
    const schemas = await loadPipelineSchemas();
    if (!schemas) {
      notify({ kind: 'error', message: intl.formatMessage(globalErrorMessages.connection) });
      return;
    }
    const input = {
      action: pipelineAction,
      inspection: {
        roofType: values['inspection.roofType'] ?? undefined,
        roofAreaM2: areaOf(values['inspection.roofAreaM2']),
        shadingNotes: values['inspection.shadingNotes'],
      },
    };
    const body = validate(schemas.projectTransitionRequestSchema, input as never);
    if (!body) return;
    const outcome = await run(body);
    if (!outcome.ok) showServerErrors(outcome.error);
  };
  const roofError = errorText('inspection.roofType');
  return (
    <div className="rounded-card border border-border p-4">
      <form
        ref={connect}
        noValidate
        aria-labelledby="record-inspection-heading"
        className="flex flex-col gap-4"
        onFocus={preloadPipelineSchemas}
        onSubmit={(event) => {
          event.preventDefault();
          void submit();
        }}
      >
        <h3 id="record-inspection-heading" className="text-base font-semibold">
          {action(pipelineAction)}
        </h3>
        <div className="grid gap-4 sm:grid-cols-2">
          <Select<ConfigRoofType>
            label={t('projects.project.roofType')}
            name="inspection.roofType"
            options={CONFIG_ROOF_TYPES.map((id) => ({ id, label: roofType(id) }))}
            value={values['inspection.roofType']}
            onChange={edit('inspection.roofType')}
            isRequired
            {...(roofError ? { errorMessage: roofError } : {})}
          />
          <TextField
            {...field('inspection.roofAreaM2')}
            label={t('projects.inspection.roofArea')}
            inputMode="decimal"
            isRequired
          />
        </div>
        <TextField
          {...field('inspection.shadingNotes')}
          label={t('projects.inspection.shading')}
          description={t('projects.inspection.shadingHint')}
          maxLength={INSPECTION_LIMITS.notesMax}
        />
        <Button type="submit" isPending={isRunning} className="self-start">
          {t('projects.inspection.submit')}
        </Button>
      </form>
    </div>
  );
}
