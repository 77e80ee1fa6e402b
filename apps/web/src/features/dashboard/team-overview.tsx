/** The dashboard's staff figures (docs/product.md#dashboard). */
import { can, ROUTES } from '@solar/domain';
import { useAdminUsers, useProjects } from '@solar/api/react';
import { Card, cn, Link, Spinner } from '@solar/ui';
import { useIntl } from 'react-intl';
import { useNow } from '../../app/clock.tsx';
import { useSessionLike } from '../../app/session-gate.tsx';

/**
 * Staff figures: the number of user accounts and of those with an unconfirmed email (with
 * canManageUsers; each figure a link to the users list, the second filtered to unconfirmed
 * emails) and of saved projects (with canViewAllProjects; no screen lists them, so no
 * link). Each figure is one cheap list request (a page of one).
 */
export function TeamOverview() {
  const intl = useIntl();
  const now = useNow();
  const session = useSessionLike();
  const canManageUsers = can(session, 'canManageUsers', now());
  const canViewAllProjects = can(session, 'canViewAllProjects', now());
  return (
    <section aria-labelledby="dashboard-team" className="flex flex-col gap-3">
      <h2 id="dashboard-team" className="text-lg font-semibold">
        {intl.formatMessage({ id: 'dashboard.team.title' })}
      </h2>
      <dl className="grid gap-4 sm:grid-cols-3">
        {canManageUsers && <UserCounts />}
        {canViewAllProjects && <ProjectCount />}
      </dl>
    </section>
  );
}

/**
 * One figure of the team overview: a label, the number (a spinner while it loads, a short
 * note when it failed); with `href` the label is a link stretched over the whole card.
 */
function Figure({
  label,
  value,
  failed,
  href,
}: {
  label: string;
  value: number | undefined;
  failed: boolean;
  href?: string;
}) {
  const intl = useIntl();
  return (
    <Card
      className={cn(
        'gap-2',
        href && 'relative transition-colors has-[[data-hovered]]:border-brand-accent',
      )}
    >
      <dt className="text-sm text-fg-muted">
        {href ? (
          <Link
            href={href}
            className="after:absolute after:inset-0 after:rounded-card data-[focus-visible]:outline-none data-[focus-visible]:after:outline-2 data-[focus-visible]:after:outline-offset-2 data-[focus-visible]:after:outline-focus data-[focus-visible]:after:outline-solid"
          >
            {label}
          </Link>
        ) : (
          label
        )}
      </dt>
      <dd className="text-2xl font-semibold tabular-nums">
        {value !== undefined ? (
          intl.formatNumber(value)
        ) : failed ? (
          <span className="text-base font-normal text-danger-fg">
            {intl.formatMessage({ id: 'dashboard.team.unavailable' })}
          </span>
        ) : (
          <Spinner label={intl.formatMessage({ id: 'dashboard.activity.loading' })} />
        )}
      </dd>
    </Card>
  );
}

function UserCounts() {
  const intl = useIntl();
  const all = useAdminUsers({ pageNumber: 1, pageSize: 1 });
  const unconfirmed = useAdminUsers({ pageNumber: 1, pageSize: 1, isEmailConfirmed: false });
  const t = (id: string) => intl.formatMessage({ id });
  return (
    <>
      <Figure
        label={t('dashboard.team.users')}
        value={all.data?.totalCount}
        failed={all.isError}
        href={ROUTES.users}
      />
      <Figure
        label={t('dashboard.team.unconfirmed')}
        value={unconfirmed.data?.totalCount}
        failed={unconfirmed.isError}
        href={`${ROUTES.users}?verified=no`}
      />
    </>
  );
}

function ProjectCount() {
  const intl = useIntl();
  const projects = useProjects('all');
  return (
    <Figure
      label={intl.formatMessage({ id: 'dashboard.team.projects' })}
      value={projects.data?.length}
      failed={projects.isError}
    />
  );
}
