/**
 * A project's "Assignees" section (docs/product.md#project-assignment). A project manager
 * (canViewAllProjects) picks the roof inspector and the installer ("None" allowed) and saves
 * both; a refused choice shows at its picker. Everyone else reads who is assigned.
 */
import { permissionsFor, type ProjectPipeline } from '@solar/domain';
import { Button, LoadError, Select, Spinner } from '@solar/ui';
import { Facts, Section } from './project-details.tsx';
import { useProjectText } from './project-text.ts';
import { NONE, useAssignees } from './use-assignees.ts';

export interface AssigneesCardProps {
  projectId: string;
  pipeline: ProjectPipeline;
  /** The signed-in caller's role key (null or undefined while unknown: read-only). */
  role: string | null | undefined;
}

/** The assignees of a project: pickers for a project manager, names for everyone else. */
export function AssigneesCard({ projectId, pipeline, role }: AssigneesCardProps) {
  const { t } = useProjectText();
  const canAssign = permissionsFor(role).canViewAllProjects;
  return (
    <Section title={t('projects.assignees.title')}>
      {canAssign ? (
        <AssigneesForm projectId={projectId} pipeline={pipeline} />
      ) : (
        <Facts
          rows={[
            [
              t('projects.assignees.roofInspector'),
              pipeline.assignees.roofInspector?.name ?? t('projects.assignees.unassigned'),
            ],
            [
              t('projects.assignees.installer'),
              pipeline.assignees.installer?.name ?? t('projects.assignees.unassigned'),
            ],
          ]}
        />
      )}
    </Section>
  );
}

function AssigneesForm({ projectId, pipeline }: { projectId: string; pipeline: ProjectPipeline }) {
  const { t } = useProjectText();
  const { form, staff, save, isSaving, roofInspectorOptions, installerOptions } = useAssignees(
    projectId,
    pipeline,
    true,
  );
  const { connect, values, edit, errorText } = form;
  if (staff.isError) {
    return (
      <LoadError
        message={t('projects.assignees.staffFailed')}
        onRetry={() => void staff.refetch()}
        retryLabel={t('projects.list.retry')}
      />
    );
  }
  if (!staff.data) return <Spinner label={t('projects.assignees.loading')} className="py-4" />;
  const none = { id: NONE, label: t('projects.assignees.none') };
  const picker = (
    field: 'roofInspectorId' | 'installerId',
    label: string,
    options: (typeof none)[],
  ) => {
    const error = errorText(field);
    return (
      <Select
        name={field}
        label={label}
        options={[none, ...options]}
        value={values[field]}
        onChange={edit(field)}
        {...(error === undefined ? {} : { errorMessage: error })}
      />
    );
  };
  return (
    <form
      ref={connect}
      noValidate
      className="flex flex-col gap-4"
      onSubmit={(event) => {
        event.preventDefault();
        void save();
      }}
    >
      <div className="grid gap-4 sm:grid-cols-2">
        {picker('roofInspectorId', t('projects.assignees.roofInspector'), roofInspectorOptions)}
        {picker('installerId', t('projects.assignees.installer'), installerOptions)}
      </div>
      <Button type="submit" isPending={isSaving} className="self-start">
        {t('projects.assignees.save')}
      </Button>
    </form>
  );
}
