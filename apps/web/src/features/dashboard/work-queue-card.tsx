/**
 * The dashboard's work queue (docs/product.md#dashboard): what the signed-in user has to do
 * next, chosen by the domain's work-queue.ts from the pipeline rules:
 * - with canViewAllProjects (project manager, administrator): the projects waiting on
 *   staff, counted by status (each count links to the project list filtered by that status,
 *   `/projects?status=`), and the overdue ones (a scheduled date before today by the app
 *   clock);
 * - staff who take pipeline steps (roof inspector, installer): their projects to act on,
 *   soonest first, assigned ones asked for first (`assignedTo=me`);
 * - everyone else (clients): each project under way with its next step in a sentence.
 * Loading, empty ("Nothing to do today") and failed states; data through the api package's
 * `pipelineListQuery` (`GET /projects/pipeline`, at most 100 projects per status).
 */
import {
  actingStatuses,
  clientSteps,
  isPipelineStaff,
  pipelineActionMessages,
  pipelineOverview,
  projectPath,
  projectStatusMessages,
  ROUTES,
  staffStatuses,
  workQueue,
  type ProjectListItem,
  type PipelineAction,
  type ProjectStatus,
  type WorkItem,
} from '@solar/domain';
import type { ProjectPipelineParams } from '@solar/api';
import { pipelineListQuery, useApiClient } from '@solar/api/react';
import {
  ButtonLink,
  EmptyState,
  Link,
  LoadError,
  ProjectStatusBadge,
  Spinner,
  StatusBadge,
  SunIcon,
} from '@solar/ui';
import { useQueries } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { useIntl } from 'react-intl';
import { useNow } from '../../app/clock.tsx';
import { Panel } from './dashboard-panels.tsx';

/** The most projects asked for per status (the list's page size limit). */
const QUEUE_PAGE_SIZE = 100;

/** Which queue a user sees. */
export type QueueKind = 'overview' | 'staff' | 'client';

/** The queue of a role with its permissions (`canViewAllProjects` from the session). */
export function queueKind(role: string | null | undefined, canViewAll: boolean): QueueKind {
  if (canViewAll) return 'overview';
  if (actingStatuses(role).length > 0 || isPipelineStaff(role)) return 'staff';
  return 'client';
}

/** `/projects?status=...`: the project list filtered by one status. */
export const statusListPath = (status: ProjectStatus) =>
  `${ROUTES.projects}?${new URLSearchParams({ status }).toString()}`;

function useText() {
  const intl = useIntl();
  const t = (id: string, values?: Record<string, string | number>) =>
    intl.formatMessage({ id }, values);
  return {
    t,
    status: (status: ProjectStatus) => intl.formatMessage(projectStatusMessages[status]),
    /** The dashboard's line for a project waiting on `action` (none for cancel). */
    waiting: (action: PipelineAction, who: 'staff' | 'client', values?: Record<string, string>) => {
      const messages = pipelineActionMessages[action];
      const message = who === 'staff' ? messages.waitingStaff : messages.waitingClient;
      return message ? intl.formatMessage(message, values) : '';
    },
    /** A `YYYY-MM-DD` calendar day, as that day wherever the reader is. */
    day: (day: string) =>
      intl.formatDate(`${day}T12:00:00Z`, { dateStyle: 'medium', timeZone: 'UTC' }),
  };
}

/**
 * Loads the pipeline list once per status (or once unfiltered with no statuses), merged;
 * `totals` is each status's `totalCount`.
 */
function usePipelineLists(statuses: readonly ProjectStatus[] | null, base: ProjectPipelineParams) {
  const api = useApiClient();
  const params: ProjectPipelineParams[] = statuses
    ? statuses.map((status) => ({ ...base, status }))
    : [base];
  return useQueries({
    queries: params.map((p) => pipelineListQuery(api, { pageSize: QUEUE_PAGE_SIZE, ...p })),
    combine: (results) => ({
      isPending: results.some((r) => r.isPending),
      isError: results.some((r) => r.isError),
      retry: () => results.forEach((r) => r.isError && void r.refetch()),
      projects: results.flatMap((r) => r.data?.items ?? []) as ProjectListItem[],
      totals: Object.fromEntries(
        results.flatMap((r, index) => {
          const status = params[index]?.status;
          return status && r.data ? [[status, r.data.totalCount]] : [];
        }),
      ) as Partial<Record<ProjectStatus, number>>,
    }),
  });
}

/** The work queue panel of `role`; `canViewAll` when the session has canViewAllProjects. */
export function WorkQueueCard({
  role,
  canViewAll,
}: {
  role: string | null | undefined;
  canViewAll: boolean;
}) {
  const kind = queueKind(role, canViewAll);
  if (kind === 'overview') return <OverviewQueue />;
  if (kind === 'staff') return <StaffQueue role={role} />;
  return <ClientQueue />;
}

/** The panel's shell with its loading and failed states. */
function QueuePanel({
  title,
  description,
  state,
  children,
}: {
  title: string;
  description: string;
  state: { isPending: boolean; isError: boolean; retry: () => void };
  children: ReactNode;
}) {
  const { t } = useText();
  return (
    <Panel id="dashboard-queue" title={title} description={description}>
      {state.isError ? (
        <LoadError
          message={t('dashboard.queue.failed')}
          retryLabel={t('dashboard.queue.retry')}
          onRetry={state.retry}
        />
      ) : state.isPending ? (
        // About the height of "Nothing to do today", so the cards below do not move when
        // the queue arrives (layout shift).
        <div className="flex min-h-56 items-center justify-center">
          <Spinner label={t('dashboard.queue.loading')} showLabel />
        </div>
      ) : (
        children
      )}
    </Panel>
  );
}

/** "Nothing to do today", with what to do instead. */
function NothingToDo({
  description,
  action,
  href,
}: {
  description: string;
  action: string;
  href: string;
}) {
  const { t } = useText();
  return (
    <EmptyState
      level={3}
      icon={<SunIcon />}
      title={t('dashboard.queue.emptyTitle')}
      description={description}
      action={<ButtonLink href={href}>{action}</ButtonLink>}
      className="py-4"
    />
  );
}

/** One project row of a staff list: address link, status, its step and date. */
function WorkRow({ item }: { item: WorkItem }) {
  const { t, status, day, waiting } = useText();
  const { project } = item;
  return (
    <li className="flex flex-col gap-1 py-3">
      <div className="flex flex-wrap items-center gap-x-3 gap-y-1">
        <Link href={projectPath(project.id)} className="min-w-0 break-words">
          {project.address}
        </Link>
        <ProjectStatusBadge status={project.status} label={status(project.status)} />
        {item.overdue && <StatusBadge tone="warning" label={t('dashboard.queue.overdue')} />}
      </div>
      <p className="text-sm break-words text-fg-muted">
        {waiting(item.action, 'staff')}
        {' · '}
        {item.date
          ? t('dashboard.queue.on', { date: day(item.date) })
          : t('dashboard.queue.waitingSince', { date: day(project.updatedAt.slice(0, 10)) })}
        {' · '}
        {project.ownerName}
      </p>
    </li>
  );
}

/** A roof inspector's or installer's projects to act on, soonest first. */
function StaffQueue({ role }: { role: string | null | undefined }) {
  const { t } = useText();
  const now = useNow();
  const statuses = actingStatuses(role);
  const lists = usePipelineLists(statuses, {
    sortBy: 'updatedAt',
    descending: false,
    assignedTo: 'me',
  });
  const queue = workQueue(role, lists.projects, now());
  const overdue = queue.filter((item) => item.overdue).length;
  return (
    <QueuePanel
      title={t('dashboard.queue.staffTitle')}
      description={[
        t('dashboard.queue.staffDescription', { count: queue.length }),
        overdue > 0 ? t('dashboard.queue.overdueCount', { count: overdue }) : '',
      ]
        .join(' ')
        .trim()}
      state={lists}
    >
      {queue.length === 0 ? (
        <NothingToDo
          description={t('dashboard.queue.staffEmpty')}
          action={t('dashboard.queue.openProjects')}
          href={ROUTES.projects}
        />
      ) : (
        <ul
          aria-label={t('dashboard.queue.staffTitle')}
          className="flex flex-col divide-y divide-border"
        >
          {queue.map((item) => (
            <WorkRow key={item.project.id} item={item} />
          ))}
        </ul>
      )}
    </QueuePanel>
  );
}

/** The project manager's and administrator's view: counts by status and what is overdue. */
function OverviewQueue() {
  const { t, status } = useText();
  const now = useNow();
  const statuses = staffStatuses();
  const lists = usePipelineLists(statuses, { sortBy: 'updatedAt', descending: false });
  const overview = pipelineOverview(lists.projects, now(), { totals: lists.totals });
  return (
    <QueuePanel
      title={t('dashboard.queue.overviewTitle')}
      description={t('dashboard.queue.overviewDescription', { count: overview.total })}
      state={lists}
    >
      {overview.total === 0 ? (
        <NothingToDo
          description={t('dashboard.queue.overviewEmpty')}
          action={t('dashboard.queue.openProjects')}
          href={ROUTES.projects}
        />
      ) : (
        <div className="flex flex-col gap-5">
          <ul className="grid gap-2 sm:grid-cols-2">
            {overview.waiting.map((row) => (
              <li key={row.status} className="flex min-w-0">
                <Link
                  href={statusListPath(row.status)}
                  className="w-full rounded-control border border-border px-3 py-2 break-words"
                >
                  {t('dashboard.queue.count', { status: status(row.status), count: row.count })}
                </Link>
              </li>
            ))}
          </ul>
          <section aria-labelledby="dashboard-overdue" className="flex flex-col gap-2">
            <h3 id="dashboard-overdue" className="text-sm font-semibold text-fg-muted">
              {t('dashboard.queue.overdueTitle', { count: overview.overdue.length })}
            </h3>
            {overview.overdue.length === 0 ? (
              <p className="text-sm text-fg-muted">{t('dashboard.queue.noneOverdue')}</p>
            ) : (
              <ul
                aria-labelledby="dashboard-overdue"
                className="flex flex-col divide-y divide-border"
              >
                {overview.overdue.map((item) => (
                  <WorkRow key={item.project.id} item={item} />
                ))}
              </ul>
            )}
          </section>
        </div>
      )}
    </QueuePanel>
  );
}

/** A client's projects under way, each with its next step in a sentence. */
function ClientQueue() {
  const { t, status, day, waiting } = useText();
  const lists = usePipelineLists(null, {});
  const rows = clientSteps(lists.projects);
  return (
    <QueuePanel
      title={t('dashboard.queue.clientTitle')}
      description={t('dashboard.queue.clientDescription')}
      state={lists}
    >
      {rows.length === 0 ? (
        <NothingToDo
          description={t('dashboard.queue.clientEmpty')}
          action={t('dashboard.queue.startAssessment')}
          href={ROUTES.fullCalculator}
        />
      ) : (
        <ul
          aria-label={t('dashboard.queue.clientTitle')}
          className="flex flex-col divide-y divide-border"
        >
          {rows.map(({ project, step, date }) => (
            <li key={project.id} className="flex flex-col gap-1 py-3">
              <div className="flex flex-wrap items-center gap-x-3 gap-y-1">
                <Link href={projectPath(project.id)} className="min-w-0 break-words">
                  {project.address}
                </Link>
                <ProjectStatusBadge status={project.status} label={status(project.status)} />
              </div>
              <p className="text-sm break-words text-fg-muted">
                {waiting(step!.action, 'client', { date: date ? day(date) : '' })}
              </p>
            </li>
          ))}
        </ul>
      )}
    </QueuePanel>
  );
}
