/**
 * The signed-in frame (docs/product.md#roles-and-permissions): header with the navigation the
 * session may see (domain `navItems`: users only with canManageUsers, the audit log only
 * with canViewAuditLog) and the user menu
 * (profile, interface language, sign-out), then the page and the footer with the business's
 * name and contacts (docs/product.md#business-identity).
 */
import { isCurrentNavItem, navItems } from '@solar/domain';
import { useMe } from '@solar/api/react/me';
import { useSession, useSignOut } from '@solar/api/react/provider';
import {
  AppShell,
  CalculatorIcon,
  DashboardIcon,
  InfoIcon,
  Logo,
  MessageIcon,
  ProjectIcon,
  UserIcon,
  UserMenu,
  UsersIcon,
  type AppShellNavItem,
} from '@solar/ui';
import type { ReactNode } from 'react';
import { useIntl } from 'react-intl';
import { Link, useLocation } from 'wouter';
import { useLocale } from './intl.tsx';
import { useNow } from './clock.tsx';
import { BusinessFooter } from './public-frame.tsx';
import { useSessionLike } from './session-gate.tsx';

/** The icon of each navigation entry (domain `navItems` ids). */
const NAV_ICONS: Record<string, AppShellNavItem['icon']> = {
  dashboard: DashboardIcon,
  fullCalculator: CalculatorIcon,
  projects: ProjectIcon,
  chat: MessageIcon,
  profile: UserIcon,
  users: UsersIcon,
  auditLog: InfoIcon,
};

export function SignedInShell({
  children,
  mainClassName,
}: {
  children: ReactNode;
  mainClassName?: string;
}) {
  const intl = useIntl();
  const [location, navigate] = useLocation();
  const session = useSessionLike();
  // The account as the server knows it, on arrival and whenever the window regains focus:
  // a role an admin changed updates the menus; a deactivated account signs out.
  // (Its own module, not the hooks module: public pages such as the quick calculator use
  // this shell too, and must not carry every hook.)
  useMe();
  const { user } = useSession();
  const { locale, setLocale } = useLocale();
  const { signOut } = useSignOut();
  const now = useNow();
  const items = navItems(session, now()).map((item) => ({
    id: item.id,
    label: intl.formatMessage(item.label),
    href: item.path ?? '#',
    icon: NAV_ICONS[item.id],
    isCurrent: isCurrentNavItem(item.id, location),
  }));
  return (
    <AppShell
      brand={
        <Link href="/dashboard" className="rounded-control">
          <Logo name={intl.formatMessage({ id: 'app.name' })} compact />
        </Link>
      }
      navLabel={intl.formatMessage({ id: 'app.mainNav' })}
      navItems={items}
      menuLabel={intl.formatMessage({ id: 'app.menu' })}
      skipLabel={intl.formatMessage({ id: 'app.skipToContent' })}
      actions={
        user && (
          <UserMenu
            name={user.name}
            email={user.email}
            picture={user.picture}
            label={intl.formatMessage({ id: 'app.accountMenu' })}
            languageLabel={intl.formatMessage({ id: 'language.label' })}
            locale={locale}
            onLocaleChange={setLocale}
            profileLabel={intl.formatMessage({ id: 'nav.profile' })}
            profileHref="/profile"
            signOutLabel={intl.formatMessage({ id: 'app.signOut' })}
            onSignOut={() => signOut(() => navigate('/signin'))}
          />
        )
      }
      footer={<BusinessFooter />}
      {...(mainClassName ? { mainClassName } : {})}
    >
      {children}
    </AppShell>
  );
}
