/**
 * /projects/{id}: where a project stands and what the caller may do
 * next. Address and status, the owner (for staff), the seven steps, the caller's actions
 * (exactly the pipeline's `actions`), dates, the roof inspection's findings and photos
 * (with the upload for inspectors while the inspection is open), and the status history.
 * A project the caller may not see answers 404 like an unknown one: "Project not found".
 */
import {
  canAddInspectionPhotos,
  parseConfiguration,
  pipelineMessages,
  pipelineStep,
  PROJECT_STATUSES,
  proposalPath,
  ROUTES,
  visibleStatuses,
  type ProjectPipeline,
} from '@solar/domain';
import { ButtonLink, Link, LoadError, PipelineSteps, ProjectStatusBadge, Spinner } from '@solar/ui';
import { Suspense } from 'react';
import { retryableLazy } from '../../app/retryable-lazy.tsx';
import { useSessionLike } from '../../app/session-gate.tsx';
import { HistoryPanel } from '../audit/history-panel.tsx';
import { SignedInShell } from '../../app/shell.tsx';
import { AssigneesCard } from './assignees-card.tsx';
import { ProjectActions } from './project-actions.tsx';
import {
  InspectionFindings,
  PhotoGrid,
  ProjectDates,
  ProjectHistory,
  Section,
} from './project-details.tsx';
import { useProjectText } from './project-text.ts';
import { useProjectPage } from './use-project-page.ts';

/** The photo upload (a drop zone) loads only for someone who may add photos now. */
const PhotoUpload = retryableLazy<{ projectId: string; count: number }>(() =>
  import('./photo-upload.tsx').then((m) => ({ default: m.PhotoUpload })),
);

const STEPS = PROJECT_STATUSES.filter((s) => s !== 'cancelled');

/** The 0-based step shown: the status's, or for a cancelled project the last one reached. */
function shownStep(pipeline: ProjectPipeline): number {
  if (pipeline.status !== 'cancelled') return pipelineStep(pipeline.status) - 1;
  const from = pipeline.history.findLast((event) => event.to === 'cancelled')?.from ?? 'draft';
  return from === 'cancelled' ? 0 : pipelineStep(from) - 1;
}

export default function ProjectScreen({ params }: { params: Record<string, string> }) {
  const id = params.id ?? '';
  const { t, status } = useProjectText();
  const role = useSessionLike()?.role;
  const { pipeline, project, run, isRunning, notFound } = useProjectPage(id);
  const data = pipeline.data;
  const back = (
    <Link href={ROUTES.projects} className="self-start text-sm">
      {t('projects.project.back')}
    </Link>
  );

  if (!data) {
    return (
      <SignedInShell>
        <div className="flex flex-col gap-6">
          {back}
          {pipeline.isError ? (
            <LoadError
              message={
                notFound ? t(pipelineMessages.notFound.id) : t('projects.project.loadFailed')
              }
              {...(notFound
                ? {}
                : { onRetry: () => void pipeline.refetch(), retryLabel: t('projects.list.retry') })}
            />
          ) : (
            <Spinner
              size="lg"
              label={t('projects.project.loading')}
              className="self-center py-16"
            />
          )}
        </div>
      </SignedInShell>
    );
  }

  const address = project.data?.location.address ?? '';
  const hasProposal = project.data
    ? parseConfiguration(project.data.configuration) !== null
    : false;
  const isStaff = visibleStatuses(role).length > 0;
  return (
    <SignedInShell>
      <div className="flex flex-col gap-6">
        {back}
        <header className="flex flex-col gap-2">
          <div className="flex flex-wrap items-center gap-3">
            <h1 className="min-w-0 text-2xl font-semibold break-words">
              {address || t('pageTitle.project')}
            </h1>
            <ProjectStatusBadge status={data.status} label={status(data.status)} />
          </div>
          {isStaff && (
            <p className="text-sm break-words text-fg-muted">
              {t('projects.project.owner')}: {data.owner.name} ({data.owner.email})
            </p>
          )}
          {hasProposal && (
            <ButtonLink href={proposalPath(id)} variant="secondary" className="self-start">
              {t('projects.project.viewProposal')}
            </ButtonLink>
          )}
        </header>
        <Section title={t('projects.project.progress')}>
          <PipelineSteps
            steps={STEPS.map(status)}
            current={shownStep(data)}
            label={t('projects.project.progress')}
            completedLabel={t('projects.project.completed')}
            {...(data.status === 'cancelled' ? { cancelledLabel: status('cancelled') } : {})}
          />
        </Section>
        <Section title={t('projects.project.actions')}>
          <ProjectActions pipeline={data} run={run} isRunning={isRunning} isStaff={isStaff} />
        </Section>
        <AssigneesCard projectId={id} pipeline={data} role={role} />
        <div className="grid gap-6 lg:grid-cols-2">
          <ProjectDates pipeline={data} createdAt={project.data?.createdAt} />
          <InspectionFindings pipeline={data} />
          <Section title={t('projects.project.photos')}>
            <PhotoGrid pipeline={data} />
            {canAddInspectionPhotos(role, data.status) && (
              <Suspense fallback={null}>
                <PhotoUpload projectId={id} count={data.photos.length} />
              </Suspense>
            )}
          </Section>
          <ProjectHistory pipeline={data} />
        </div>
        <HistoryPanel target={{ type: 'project', id }} />
      </div>
    </SignedInShell>
  );
}
