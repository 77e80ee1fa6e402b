/**
 * The dashboard's CRM link panel (issue 22 item 4: CRM failures are visible to admins):
 * the Pipedrive updates that were given up after their last attempt, each with the status
 * the project moved to, its attempts, the last error and when it was queued, a link to the
 * project and a Retry button. Shown only to canManageUsers (the caller decides). Nothing
 * while the list loads or when it is empty, so the dashboard never jumps; one line when the
 * list cannot be read.
 */
import { toApiError } from '@solar/api';
import { useCrmFailures, useRetryCrmJob } from '@solar/api/react';
import {
  ERROR_CODE_MESSAGES,
  isApiErrorCode,
  projectPath,
  type CrmJob,
  type MessageDescriptor,
} from '@solar/domain';
import { AlertIcon, Button, Card, CardDescription, CardHeader, CardTitle, Link } from '@solar/ui';
import { useId } from 'react';
import { useIntl } from 'react-intl';
import { useNotify } from '../../app/notices.tsx';

/** Why a call failed: the contract's message of its code, else the error's own text. */
function failureReason(error: unknown): MessageDescriptor | string {
  const failure = toApiError(error);
  return isApiErrorCode(failure.code) ? ERROR_CODE_MESSAGES[failure.code] : failure.message;
}

/** The failed CRM updates, or nothing when there are none (see the module comment). */
export function CrmFailures() {
  const intl = useIntl();
  const notify = useNotify();
  const failures = useCrmFailures();
  const retry = useRetryCrmJob();
  const t = (id: string, values?: Record<string, string | number>) =>
    intl.formatMessage({ id }, values);
  if (failures.isError)
    return <p className="text-sm text-danger-fg">{t('dashboard.crm.unavailable')}</p>;
  const jobs = failures.data?.items ?? [];
  if (jobs.length === 0) return null;
  const onRetry = (job: CrmJob) =>
    retry.mutate(job.id, {
      onSuccess: () => notify({ kind: 'success', message: t('dashboard.crm.retried') }),
      onError: (error) => {
        // A 403 has raised the 'Authorization Error' toast already.
        if (toApiError(error).status === 403) return;
        notify({
          kind: 'error',
          title: t('dashboard.crm.retryFailed'),
          message: failureReason(error),
        });
      },
    });
  return (
    <Card
      role="region"
      aria-labelledby="dashboard-crm"
      data-card="dashboard-crm"
      className="border-warning-fg/40 bg-warning-soft"
    >
      <CardHeader>
        <CardTitle id="dashboard-crm" level={2} className="flex items-center gap-2">
          <AlertIcon aria-hidden="true" className="size-5 shrink-0 text-warning-fg" />
          {t('dashboard.crm.title')}
        </CardTitle>
        <CardDescription className="text-fg">
          {t('dashboard.crm.description', { count: jobs.length })}
        </CardDescription>
      </CardHeader>
      <ul className="flex flex-col divide-y divide-warning-fg/25">
        {jobs.map((job) => (
          <CrmJobItem
            key={job.id}
            job={job}
            onRetry={() => onRetry(job)}
            isRetrying={retry.isPending && retry.variables === job.id}
          />
        ))}
      </ul>
    </Card>
  );
}

/** One failed update: what it was doing, attempts, when, the last error, link and Retry. */
function CrmJobItem({
  job,
  onRetry,
  isRetrying,
}: {
  job: CrmJob;
  onRetry: () => void;
  isRetrying: boolean;
}) {
  const intl = useIntl();
  const titleId = useId();
  const t = (id: string, values?: Record<string, string | number>) =>
    intl.formatMessage({ id }, values);
  const status = t(`dashboard.crm.status.${job.payload.status}`);
  return (
    <li className="flex flex-col gap-2 py-3 first:pt-0 last:pb-0">
      <p id={titleId} className="font-medium break-words">
        {t(job.kind === 'deal.create' ? 'dashboard.crm.create' : 'dashboard.crm.move', {
          status,
        })}
      </p>
      <p className="text-sm text-fg-muted">
        {t('dashboard.crm.queued', {
          date: intl.formatDate(job.createdAt, { dateStyle: 'medium', timeStyle: 'short' }),
        })}
        {' · '}
        {t('dashboard.crm.attempts', { count: job.attempts })}
      </p>
      <p className="text-sm break-words">
        <span className="font-medium">{t('dashboard.crm.lastError')}</span>{' '}
        {job.lastError ?? t('dashboard.crm.noError')}
      </p>
      <div className="flex flex-wrap items-center gap-x-4 gap-y-2">
        <Button
          variant="secondary"
          size="sm"
          isPending={isRetrying}
          onPress={onRetry}
          aria-describedby={titleId}
        >
          {t('dashboard.crm.retry')}
        </Button>
        <Link href={projectPath(job.payload.projectId)} aria-describedby={titleId}>
          {t('dashboard.crm.openProject')}
        </Link>
      </div>
    </li>
  );
}
