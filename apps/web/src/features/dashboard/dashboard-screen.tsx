/**
 * /dashboard (spec section 2, issue 21 item 3): the signed-in user's card (avatar, name,
 * email, role badge with the role's display name); the domain's `dashboardCards` for the
 * session: the quick calculator, full calculator, profile and user management (only with
 * canManageUsers) as link cards, then the non-link activity and settings cards. The
 * activity card holds the user's own activity (domain `dashboardActivity`: the last quick
 * estimate kept in this browser, the newest drafts and conversations, each linking to where
 * it came from, with an empty state that invites the first estimate); the settings card
 * holds the interface language. Staff with canManageUsers or canViewAllProjects also see
 * user and project counts. Inside the signed-in shell, whose navigation follows the same
 * permission rules.
 */
import {
  can,
  conversationPath,
  dashboardActivity,
  dashboardCards,
  draftPath,
  parseRole,
  roleLabel,
  ROUTES,
  type NavItem,
} from '@solar/domain';
import { useAdminUsers, useConversations, useProjects } from '@solar/api/react';
import { useSession } from '@solar/api/react/provider';
import {
  Avatar,
  Button,
  ButtonLink,
  CalculatorIcon,
  Card,
  CardDescription,
  CardHeader,
  CardTitle,
  EmptyState,
  Link,
  RoleBadge,
  Spinner,
  SunIcon,
  UserIcon,
  UsersIcon,
} from '@solar/ui';
import type { ComponentType, ReactNode } from 'react';
import { useIntl } from 'react-intl';
import { useNow } from '../../app/clock.tsx';
import { useSessionLike } from '../../app/session-gate.tsx';
import { LocaleSelect } from '../../app/locale-select.tsx';
import { SignedInShell } from '../../app/shell.tsx';
import { readQuickInputs } from '../calculator/calculator-storage.ts';

/** The icon of each link card (domain `dashboardCards` ids). */
const CARD_ICONS: Readonly<Record<string, ComponentType<{ className?: string }>>> = {
  quickCalculator: SunIcon,
  fullCalculator: CalculatorIcon,
  profile: UserIcon,
  users: UsersIcon,
};

export default function DashboardScreen() {
  const intl = useIntl();
  const now = useNow();
  const session = useSessionLike();
  const { user } = useSession();
  const cards = dashboardCards(session, now());
  const role = parseRole(user?.role);
  const t = (id: string, values?: Record<string, string>) => intl.formatMessage({ id }, values);
  const linkCards = cards.filter((card) => card.path !== null);
  const isStaff =
    can(session, 'canManageUsers', now()) || can(session, 'canViewAllProjects', now());
  return (
    <SignedInShell>
      <div className="flex flex-col gap-8">
        <h1 className="text-2xl font-semibold">{t('dashboard.title')}</h1>
        {user && (
          <Card
            aria-label={t('dashboard.userCard')}
            role="region"
            className="sm:flex-row sm:items-center"
          >
            <Avatar name={user.name} src={user.picture} size="lg" />
            <div className="flex min-w-0 flex-col gap-1">
              <p className="text-lg font-semibold break-words">
                {t('dashboard.welcome', { name: user.name })}
              </p>
              <p className="break-all text-fg-muted">{user.email}</p>
              {role && (
                <div>
                  <RoleBadge userRole={role} label={intl.formatMessage(roleLabel(role))} />
                </div>
              )}
            </div>
          </Card>
        )}
        <section aria-labelledby="dashboard-cards" className="flex flex-col gap-3">
          <h2 id="dashboard-cards" className="text-lg font-semibold">
            {t('dashboard.cardsTitle')}
          </h2>
          <ul className="grid gap-4 sm:grid-cols-2 xl:grid-cols-4">
            {linkCards.map((card) => (
              <li key={card.id} className="flex">
                <LinkCard card={card} />
              </li>
            ))}
          </ul>
        </section>
        <div className="grid gap-6 lg:grid-cols-3">
          <ActivityCard className="lg:col-span-2" />
          <SettingsCard />
        </div>
        {isStaff && <TeamOverview />}
      </div>
    </SignedInShell>
  );
}

/**
 * One link card: an icon, the title as the link (the whole card is its target: the link's
 * box is stretched over the card, and the focus ring drawn around the card), a description.
 */
function LinkCard({ card }: { card: NavItem }) {
  const intl = useIntl();
  const Icon = CARD_ICONS[card.id];
  return (
    <Card
      className="relative w-full gap-3 transition-colors has-[[data-hovered]]:border-brand-700 dark:has-[[data-hovered]]:border-brand-500"
      data-card={card.id}
    >
      {Icon && (
        <span
          aria-hidden="true"
          className="flex size-10 items-center justify-center rounded-control bg-brand-100 text-brand-800 [&_svg]:size-5"
        >
          <Icon />
        </span>
      )}
      <CardHeader>
        <CardTitle level={3}>
          <Link
            href={card.path ?? undefined}
            className="no-underline after:absolute after:inset-0 after:rounded-card data-[focus-visible]:outline-none data-[focus-visible]:after:outline-2 data-[focus-visible]:after:outline-offset-2 data-[focus-visible]:after:outline-focus data-[focus-visible]:after:outline-solid"
          >
            {intl.formatMessage(card.label)}
          </Link>
        </CardTitle>
        <CardDescription>{intl.formatMessage({ id: `dashboard.card.${card.id}` })}</CardDescription>
      </CardHeader>
    </Card>
  );
}

/** A labelled card section (a region named by its heading). */
function Panel({
  id,
  title,
  description,
  className,
  children,
}: {
  id: string;
  title: string;
  description?: string;
  className?: string;
  children: ReactNode;
}) {
  return (
    <Card role="region" aria-labelledby={id} className={className} data-card={id}>
      <CardHeader>
        <CardTitle id={id} level={2}>
          {title}
        </CardTitle>
        {description && <CardDescription>{description}</CardDescription>}
      </CardHeader>
      {children}
    </Card>
  );
}

/**
 * The activity card: the last quick estimate (this browser), the newest drafts and the
 * newest conversations; a spinner while they load, a retry when a list fails, and an empty
 * state that invites the first estimate.
 */
function ActivityCard({ className }: { className?: string }) {
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
  const date = (value: string | number) => intl.formatDate(value, { dateStyle: 'medium' });
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
          <ActivityList title={t('dashboard.activity.draftsTitle')}>
            {activity.drafts.map((draft) => (
              <ActivityItem
                key={draft.id}
                href={draftPath(draft.id)}
                label={draft.location.address}
                meta={t('dashboard.activity.updated', { date: date(draft.updatedAt) })}
              />
            ))}
            {projects.isSuccess && activity.drafts.length === 0 && (
              <li className="text-sm text-fg-muted">
                {t('dashboard.activity.noDrafts')}{' '}
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
                meta={date(conversation.lastMessageAt)}
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

/** One activity row: the link (truncated to one line, the full text on hover) and a date. */
function ActivityItem({ href, label, meta }: { href: string; label: string; meta: string }) {
  return (
    <li
      title={label}
      className="flex flex-wrap items-baseline justify-between gap-x-4 gap-y-1 py-2"
    >
      <Link href={href} className="max-w-full min-w-0 truncate">
        {label}
      </Link>
      <span className="shrink-0 text-sm text-fg-muted">{meta}</span>
    </li>
  );
}

/** The settings card: the interface language (also in the header). */
function SettingsCard() {
  const intl = useIntl();
  return (
    <Panel
      id="dashboard-settings"
      title={intl.formatMessage({ id: 'nav.settings' })}
      description={intl.formatMessage({ id: 'dashboard.card.settings' })}
    >
      <LocaleSelect hideLabel={false} />
    </Panel>
  );
}

/**
 * Staff figures: the number of user accounts and of those with an unconfirmed email (with
 * canManageUsers, linking to the users list) and of saved projects (with
 * canViewAllProjects). Each figure is one cheap list request (a page of one).
 */
function TeamOverview() {
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
 * note when it failed) and an optional link.
 */
function Figure({
  label,
  value,
  failed,
  href,
  linkLabel,
}: {
  label: string;
  value: number | undefined;
  failed: boolean;
  href?: string;
  linkLabel?: string;
}) {
  const intl = useIntl();
  return (
    <Card className="gap-2">
      <dt className="text-sm text-fg-muted">{label}</dt>
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
      {href && linkLabel && (
        <dd className="text-sm">
          <Link href={href}>{linkLabel}</Link>
        </dd>
      )}
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
        linkLabel={t('dashboard.team.openUsers')}
      />
      <Figure
        label={t('dashboard.team.unconfirmed')}
        value={unconfirmed.data?.totalCount}
        failed={unconfirmed.isError}
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
