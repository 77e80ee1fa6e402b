/**
 * /dashboard (docs/product.md#dashboard): the signed-in user's card (avatar, name,
 * email, role badge with the role's display name); the work queue (work-queue-card.tsx:
 * what the user has to do next, by role); the domain's `dashboardCards` for the
 * session: the quick calculator, full calculator, profile and user management (only with
 * canManageUsers) as link cards, then the activity card: the user's own activity (domain
 * `dashboardActivity`: the last quick estimate kept in this browser, the newest drafts and
 * conversations, each linking to where it came from, with an empty state that invites the
 * first estimate). No settings card: the language is in the header's user menu. Staff
 * with canManageUsers or canViewAllProjects also see user and project counts, the user
 * counts linking to the users list. Those with canManageUsers also see the CRM link panel
 * when Pipedrive updates failed (nothing when none did). Inside the signed-in shell, whose
 * navigation follows the same permission rules. The staff panels (and their admin calls)
 * wait until `GET /auth/me` has confirmed the role in this page.
 */
import { can, dashboardCards, parseRole, roleLabel } from '@solar/domain';
import { useAccountChecked } from '@solar/api/react/me';
import { useSession } from '@solar/api/react/provider';
import { Avatar, Card, RoleBadge } from '@solar/ui';
import { useIntl } from 'react-intl';
import { useNow } from '../../app/clock.tsx';
import { useSessionLike } from '../../app/session-gate.tsx';
import { SignedInShell } from '../../app/shell.tsx';
import { ActivityCard } from './activity-card.tsx';
import { JobFailures } from './job-failures.tsx';
import { LinkCard } from './dashboard-panels.tsx';
import { TeamOverview } from './team-overview.tsx';
import { WorkQueueCard } from './work-queue-card.tsx';

export default function DashboardScreen() {
  const intl = useIntl();
  const now = useNow();
  const session = useSessionLike();
  const { user } = useSession();
  const cards = dashboardCards(session, now());
  const role = parseRole(user?.role);
  const t = (id: string, values?: Record<string, string>) => intl.formatMessage({ id }, values);
  const linkCards = cards.filter((card) => card.path !== null);
  // The role kept in the browser may be out of date: no admin call before the server says.
  const checked = useAccountChecked();
  const canManageUsers = checked && can(session, 'canManageUsers', now());
  const isStaff = checked && (canManageUsers || can(session, 'canViewAllProjects', now()));
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
        <WorkQueueCard
          role={session?.role}
          canViewAll={can(session, 'canViewAllProjects', now())}
        />
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
        <ActivityCard />
        {isStaff && <TeamOverview />}
        {canManageUsers && <JobFailures />}
      </div>
    </SignedInShell>
  );
}
