/**
 * The dashboard's panel of failed background work (docs/product.md#dashboard): the mails
 * and Pipedrive updates that were given up after their last attempt, each with what it was
 * (which mail and to whom, or the status the project's deal moved to), its attempts, the
 * last error and when it was queued, a link to its project when it has one and a Retry
 * button. Shown only to canManageUsers (the caller decides). Nothing while the list loads
 * or when it is empty, so the dashboard never jumps; one line when the list cannot be read.
 */
import { toApiError } from '@solar/api';
import { useFailedJobs, useRetryJob } from '@solar/api/react';
import {
  ERROR_CODE_MESSAGES,
  isApiErrorCode,
  isProjectStatus,
  projectPath,
  projectStatusMessages,
  type Job,
  type MessageDescriptor,
} from '@solar/domain';
import { AlertIcon, Button, Card, CardDescription, CardHeader, CardTitle, Link } from '@solar/ui';
import { useId } from 'react';
import { useIntl, type IntlShape } from 'react-intl';
import { useNotify } from '../../app/notices.tsx';

/** The mails the panel names; any other is "Mail". */
const MAIL_NAMES = new Set([
  'verifyEmail',
  'resetPassword',
  'welcome',
  'passwordChanged',
  'emailChanged',
  'projectStatus',
]);

/** Why a call failed: the contract's message of its code, else the error's own text. */
function failureReason(error: unknown): MessageDescriptor | string {
  const failure = toApiError(error);
  return isApiErrorCode(failure.code) ? ERROR_CODE_MESSAGES[failure.code] : failure.message;
}

/** What a job was doing, in the reader's language. */
function jobTitle(intl: IntlShape, job: Job): string {
  const t = (id: string, values?: Record<string, string>) => intl.formatMessage({ id }, values);
  if (job.kind === 'mail') {
    const name = MAIL_NAMES.has(job.payload.mail) ? job.payload.mail : 'other';
    return t('dashboard.jobs.mail', { mail: t(`dashboard.jobs.mail.${name}`), to: job.payload.to });
  }
  const raw = job.payload.status;
  const status = isProjectStatus(raw) ? intl.formatMessage(projectStatusMessages[raw]) : raw;
  return t(job.kind === 'deal.create' ? 'dashboard.jobs.create' : 'dashboard.jobs.move', {
    status,
  });
}

/** The failed mails and CRM updates, or nothing when there are none (see the module comment). */
export function JobFailures() {
  const intl = useIntl();
  const notify = useNotify();
  const failures = useFailedJobs();
  const retry = useRetryJob();
  const t = (id: string, values?: Record<string, string | number>) =>
    intl.formatMessage({ id }, values);
  if (failures.isError)
    return <p className="text-sm text-danger-fg">{t('dashboard.jobs.unavailable')}</p>;
  const jobs = failures.data?.items ?? [];
  if (jobs.length === 0) return null;
  const onRetry = (job: Job) =>
    retry.mutate(job.id, {
      onSuccess: () => notify({ kind: 'success', message: t('dashboard.jobs.retried') }),
      onError: (error) => {
        // A 403 has raised the 'Authorization Error' toast already.
        if (toApiError(error).status === 403) return;
        notify({
          kind: 'error',
          title: t('dashboard.jobs.retryFailed'),
          message: failureReason(error),
        });
      },
    });
  return (
    <Card
      role="region"
      aria-labelledby="dashboard-jobs"
      data-card="dashboard-jobs"
      className="border-warning-fg/40 bg-warning-soft"
    >
      <CardHeader>
        <CardTitle id="dashboard-jobs" level={2} className="flex items-center gap-2">
          <AlertIcon aria-hidden="true" className="size-5 shrink-0 text-warning-fg" />
          {t('dashboard.jobs.title')}
        </CardTitle>
        <CardDescription className="text-fg">
          {t('dashboard.jobs.description', { count: jobs.length })}
        </CardDescription>
      </CardHeader>
      <ul className="flex flex-col divide-y divide-warning-fg/25">
        {jobs.map((job) => (
          <JobItem
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

/** One failed job: what it was doing, attempts, when, the last error, link and Retry. */
function JobItem({
  job,
  onRetry,
  isRetrying,
}: {
  job: Job;
  onRetry: () => void;
  isRetrying: boolean;
}) {
  const intl = useIntl();
  const titleId = useId();
  const t = (id: string, values?: Record<string, string | number>) =>
    intl.formatMessage({ id }, values);
  const { projectId } = job.payload;
  return (
    <li className="flex flex-col gap-2 py-3 first:pt-0 last:pb-0">
      <p id={titleId} className="font-medium break-words">
        {jobTitle(intl, job)}
      </p>
      <p className="text-sm text-fg-muted">
        {t('dashboard.jobs.queued', {
          date: intl.formatDate(job.createdAt, { dateStyle: 'medium', timeStyle: 'short' }),
        })}
        {' · '}
        {t('dashboard.jobs.attempts', { count: job.attempts })}
      </p>
      <p className="text-sm break-words">
        <span className="font-medium">{t('dashboard.jobs.lastError')}</span>{' '}
        {job.lastError ?? t('dashboard.jobs.noError')}
      </p>
      <div className="flex flex-wrap items-center gap-x-4 gap-y-2">
        <Button
          variant="secondary"
          size="sm"
          isPending={isRetrying}
          onPress={onRetry}
          aria-describedby={titleId}
        >
          {t('dashboard.jobs.retry')}
        </Button>
        {projectId && (
          <Link href={projectPath(projectId)} aria-describedby={titleId}>
            {t('dashboard.jobs.openProject')}
          </Link>
        )}
      </div>
    </li>
  );
}
