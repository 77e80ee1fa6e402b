/**
 * The assignees form of a project's page (docs/product.md#project-assignment): the staff a
 * project manager may pick (`GET /staff`, fetched only for them), the picked roof inspector
 * and installer (`NONE` for none) and `save`, which sends both
 * (`PUT /projects/{id}/assignees`) and says how it went: a success toast; 400 field errors
 * at their pickers; any other failure as a toast (403 has raised its own already).
 */
import { toApiError } from '@solar/api';
import { useAssignableStaff, useAssignProject } from '@solar/api/react';
import type { ProjectPipeline, StaffMember } from '@solar/domain';
import { useIntl } from 'react-intl';
import { useForm } from '../../forms/use-form.ts';
import { useNotify } from '../../app/notices.tsx';
import { failureReason } from './use-project-page.ts';

/** The picker's id of "None" (no one assigned). */
export const NONE = 'none';

/** The two pickers, as the request's fields. */
export const ASSIGNEE_FIELDS = ['roofInspectorId', 'installerId'] as const;

/**
 * The options of one picker: the assignable staff, plus the person assigned now when they
 * are no longer listed (deactivated since), so the picker still shows them.
 */
export function assigneeOptions(
  staff: readonly StaffMember[],
  current: { id: string; name: string } | null,
): { id: string; label: string }[] {
  const options = staff.map((person) => ({ id: person.id, label: person.name }));
  if (current && !options.some((o) => o.id === current.id)) {
    options.push({ id: current.id, label: current.name });
  }
  return options;
}

/** The assignees form of project `projectId` shown from `pipeline`; `canAssign` fetches staff. */
export function useAssignees(projectId: string, pipeline: ProjectPipeline, canAssign: boolean) {
  const intl = useIntl();
  const notify = useNotify();
  const staff = useAssignableStaff(canAssign);
  const assign = useAssignProject(projectId);
  const { roofInspector, installer } = pipeline.assignees;
  const form = useForm(ASSIGNEE_FIELDS, {
    roofInspectorId: roofInspector?.id ?? NONE,
    installerId: installer?.id ?? NONE,
  });
  const chosen = (value: string) => (value === NONE ? null : value);

  const save = async () => {
    try {
      await assign.mutateAsync({
        roofInspectorId: chosen(form.values.roofInspectorId),
        installerId: chosen(form.values.installerId),
      });
      form.showErrors({});
      notify({
        kind: 'success',
        message: intl.formatMessage({ id: 'projects.assignees.saved' }),
      });
    } catch (caught) {
      const error = toApiError(caught);
      if (form.showServerErrors(error) || error.status === 403) return;
      notify({ kind: 'error', message: failureReason(error) });
    }
  };

  return {
    form,
    staff,
    save,
    isSaving: assign.isPending,
    roofInspectorOptions: assigneeOptions(staff.data?.roofInspectors ?? [], roofInspector),
    installerOptions: assigneeOptions(staff.data?.installers ?? [], installer),
  };
}
