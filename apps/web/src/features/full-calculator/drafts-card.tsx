/**
 * The user's drafts on the full calculator (the OpenAPI document): newest first,
 * each with 'Continue'; loading the list is no project action; a refused list (429) says
 * when it can be loaded again.
 */
import type { Project } from '@solar/domain';
import { ApiError } from '@solar/api';
import { useProjects } from '@solar/api/react';
import { Button, Card, Spinner } from '@solar/ui';
import { useIntl } from 'react-intl';
import { useNow } from '../../app/clock.tsx';

/** The drafts card; `currentId` is the draft being edited. */
export function DraftsCard({
  currentId,
  onContinue,
}: {
  currentId: string | null;
  onContinue: (project: Project) => void;
}) {
  const intl = useIntl();
  const now = useNow();
  const projects = useProjects();
  const t = (id: string, values?: Record<string, string | number>) =>
    intl.formatMessage({ id }, values);

  /**
   * Why the drafts list failed: for a 429, that too many requests were made and, from its
   * Retry-After, the time they can be loaded again.
   */
  function draftsFailure(error: unknown): string {
    if (!(error instanceof ApiError) || error.status !== 429) {
      return t('fullCalculator.drafts.failed');
    }
    if (error.retryAfterSeconds === null) return t('fullCalculator.drafts.rateLimited');
    const time = intl.formatTime(now() + error.retryAfterSeconds * 1000, { timeStyle: 'short' });
    return t('fullCalculator.drafts.rateLimitedUntil', { time });
  }

  const drafts = (projects.data ?? [])
    .filter((project) => project.isDraft)
    .sort((a, b) => b.updatedAt.localeCompare(a.updatedAt));

  return (
    <Card className="flex flex-col gap-3 p-5">
      <h2 className="text-lg font-semibold">{t('fullCalculator.drafts.title')}</h2>
      {projects.isPending && <Spinner label={t('fullCalculator.drafts.loading')} showLabel />}
      {projects.isError && (
        <div className="flex items-center gap-3">
          <p role="alert" className="text-sm text-danger-fg">
            {draftsFailure(projects.error)}
          </p>
          <Button variant="secondary" size="sm" onPress={() => void projects.refetch()}>
            {t('fullCalculator.drafts.retry')}
          </Button>
        </div>
      )}
      {projects.isSuccess && drafts.length === 0 && (
        <p className="text-sm text-fg-muted">{t('fullCalculator.drafts.empty')}</p>
      )}
      {drafts.length > 0 && (
        <ul className="flex flex-col divide-y divide-border">
          {drafts.map((project) => (
            <li key={project.id} className="flex flex-wrap items-center justify-between gap-2 py-2">
              <div className="min-w-0">
                <p className="truncate text-sm font-medium">{project.location.address}</p>
                <p className="text-xs text-fg-muted">
                  {t('fullCalculator.drafts.updated', {
                    date: intl.formatDate(project.updatedAt, {
                      dateStyle: 'medium',
                      timeStyle: 'short',
                    }),
                  })}
                  {project.id === currentId ? ` · ${t('fullCalculator.drafts.current')}` : ''}
                </p>
              </div>
              <Button
                variant="secondary"
                size="sm"
                aria-label={t('fullCalculator.drafts.continueNamed', {
                  address: project.location.address,
                })}
                onPress={() => onContinue(project)}
              >
                {t('fullCalculator.drafts.continue')}
              </Button>
            </li>
          ))}
        </ul>
      )}
    </Card>
  );
}
