/** The dashboard's activity card (docs/product.md#dashboard). */
import {
  conversationPath,
  dashboardActivity,
  draftPath,
  parseConfiguration,
  proposalPath,
  ROUTES,
} from '@solar/domain';
import { conversationDateLabel } from '@solar/domain/dates';
import { useConversations, useProjects } from '@solar/api/react';
import { Button, ButtonLink, EmptyState, Link, Spinner, SunIcon } from '@solar/ui';
import type { ReactNode } from 'react';
import { useIntl } from 'react-intl';
import { useNow } from '../../app/clock.tsx';
import { readQuickInputs } from '../calculator/calculator-storage.ts';
import { Panel } from './dashboard-panels.tsx';

/**
 * The activity card: the last quick estimate (this browser), the newest saved assessments
 * (projects saved from the full calculator, `isDraft`, which stays true as the project
 * moves along the pipeline, so the list is titled for what it holds, not "drafts") and the
 * newest conversations, dated as the chat's list dates them; a spinner while they load, a retry when a list fails, and an empty
 * state that invites the first estimate.
 */
export function ActivityCard({ className }: { className?: string }) {
  const intl = useIntl();
  const t = (id: string, values?: Record<string, string | number>) =>
    intl.formatMessage({ id }, values);
  const projects = useProjects();
  const conversations = useConversations();
  const activity = dashboardActivity({
    quick: readQuickInputs(),
    projects: projects.data,
    conversations: conversations.data?.pages[0]?.conversations,
  });
  const now = useNow();
  const date = (value: string | number) => intl.formatDate(value, { dateStyle: 'medium' });
  // A conversation's last activity as the chat's list labels it (a time today, yesterday,
  // a weekday, else a date), with the list's default zone, the browser's.
  const timeZone = Intl.DateTimeFormat().resolvedOptions().timeZone;
  const lastActivity = (value: string) =>
    conversationDateLabel(value, now(), intl.locale, timeZone);
  const isLoading = projects.isPending || conversations.isPending;
  const failed = projects.isError || conversations.isError;
  return (
    <Panel
      id="dashboard-activity"
      title={intl.formatMessage({ id: 'nav.activity' })}
      description={t('dashboard.card.activity')}
      className={className}
    >
      {failed && (
        <div className="flex flex-wrap items-center gap-3">
          <p role="alert" className="text-sm text-danger-fg">
            {t('dashboard.activity.failed')}
          </p>
          <Button
            variant="secondary"
            size="sm"
            onPress={() => {
              if (projects.isError) void projects.refetch();
              if (conversations.isError) void conversations.refetch();
            }}
          >
            {t('dashboard.activity.retry')}
          </Button>
        </div>
      )}
      {isLoading && !failed && <Spinner label={t('dashboard.activity.loading')} showLabel />}
      {!isLoading && !failed && activity.isEmpty && (
        <EmptyState
          level={3}
          icon={<SunIcon />}
          title={t('dashboard.activity.emptyTitle')}
          description={t('dashboard.activity.emptyDescription')}
          action={
            <ButtonLink href={ROUTES.quickCalculator}>
              {t('dashboard.activity.emptyAction')}
            </ButtonLink>
          }
          className="py-4"
        />
      )}
      {!activity.isEmpty && (
        <div className="flex flex-col gap-5">
          {activity.quickEstimate && (
            <ActivityList title={t('dashboard.activity.quickTitle')}>
              <ActivityItem
                href={ROUTES.quickCalculator}
                label={t('dashboard.activity.quickEstimate', {
                  size: intl.formatNumber(activity.quickEstimate.systemSizeKw, {
                    maximumFractionDigits: 1,
                  }),
                  kwh: intl.formatNumber(activity.quickEstimate.monthlyKwh),
                })}
                meta={date(activity.quickEstimate.savedAt)}
              />
            </ActivityList>
          )}
          <ActivityList title={t('dashboard.activity.assessmentsTitle')}>
            {activity.drafts.map((draft) => (
              <ActivityItem
                key={draft.id}
                href={draftPath(draft.id)}
                label={draft.location.address}
                meta={t('dashboard.activity.updated', { date: date(draft.updatedAt) })}
                extra={
                  // A draft with a configured system has a proposal.
                  parseConfiguration(draft.configuration) && (
                    <Link
                      href={proposalPath(draft.id)}
                      aria-label={t('dashboard.activity.proposalFor', {
                        address: draft.location.address,
                      })}
                    >
                      {t('dashboard.activity.proposal')}
                    </Link>
                  )
                }
              />
            ))}
            {projects.isSuccess && activity.drafts.length === 0 && (
              <li className="text-sm text-fg-muted">
                {t('dashboard.activity.noAssessments')}{' '}
                <Link href={ROUTES.fullCalculator}>{t('dashboard.activity.startAssessment')}</Link>
              </li>
            )}
          </ActivityList>
          <ActivityList title={t('dashboard.activity.conversationsTitle')}>
            {activity.conversations.map((conversation) => (
              <ActivityItem
                key={conversation.id}
                href={conversationPath(conversation.id)}
                label={conversation.title}
                meta={lastActivity(conversation.lastMessageAt)}
              />
            ))}
            {conversations.isSuccess && activity.conversations.length === 0 && (
              <li className="text-sm text-fg-muted">
                {t('dashboard.activity.noConversations')}{' '}
                <Link href={ROUTES.chat}>{t('dashboard.activity.startChat')}</Link>
              </li>
            )}
          </ActivityList>
        </div>
      )}
    </Panel>
  );
}

/** A titled list of the activity card. */
function ActivityList({ title, children }: { title: string; children: ReactNode }) {
  return (
    <section className="flex flex-col gap-2">
      <h3 className="text-sm font-semibold text-fg-muted">{title}</h3>
      <ul className="flex flex-col divide-y divide-border">{children}</ul>
    </section>
  );
}

/**
 * One activity row: the link (truncated to one line, the full text on hover), a date and
 * an optional second link (a draft's proposal).
 */
function ActivityItem({
  href,
  label,
  meta,
  extra,
}: {
  href: string;
  label: string;
  meta: string;
  extra?: ReactNode;
}) {
  return (
    <li
      title={label}
      className="flex flex-wrap items-baseline justify-between gap-x-4 gap-y-1 py-2"
    >
      <Link href={href} className="max-w-full min-w-0 truncate">
        {label}
      </Link>
      <span className="shrink-0 text-sm text-fg-muted">
        {meta}
        {extra && <> · {extra}</>}
      </span>
    </li>
  );
}
