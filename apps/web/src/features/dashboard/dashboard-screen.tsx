/**
 * /dashboard (spec section 2): the signed-in user's card (avatar, name, email, role badge
 * with the role's display name) and the domain's `dashboardCards` for the session: quick
 * calculator, full calculator, profile, user management (only with canManageUsers) as
 * links, then the non-link activity and settings cards. Inside the signed-in shell, whose
 * navigation follows the same permission rules.
 */
import { dashboardCards, parseRole, roleLabel, type NavItem } from '@solar/domain';
import { useSession } from '@solar/api/react/provider';
import { Avatar, Card, CardDescription, CardHeader, CardTitle, Link, RoleBadge } from '@solar/ui';
import { useIntl } from 'react-intl';
import { useNow } from '../../app/clock.tsx';
import { useSessionLike } from '../../app/session-gate.tsx';
import { SignedInShell } from '../../app/shell.tsx';

export default function DashboardScreen() {
  const intl = useIntl();
  const now = useNow();
  const { user } = useSession();
  const cards = dashboardCards(useSessionLike(), now());
  const role = parseRole(user?.role);
  const t = (id: string, values?: Record<string, string>) => intl.formatMessage({ id }, values);
  return (
    <SignedInShell>
      <div className="flex flex-col gap-6">
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
          <ul className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
            {cards.map((card) => (
              <li key={card.id} className="flex">
                <DashboardCard card={card} />
              </li>
            ))}
          </ul>
        </section>
      </div>
    </SignedInShell>
  );
}

/** One card: a linked title for the screens, plain text for activity and settings. */
function DashboardCard({ card }: { card: NavItem }) {
  const intl = useIntl();
  const title = intl.formatMessage(card.label);
  return (
    <Card className="w-full" data-card={card.id}>
      <CardHeader>
        <CardTitle level={3}>{card.path ? <Link href={card.path}>{title}</Link> : title}</CardTitle>
        <CardDescription>{intl.formatMessage({ id: `dashboard.card.${card.id}` })}</CardDescription>
      </CardHeader>
    </Card>
  );
}
