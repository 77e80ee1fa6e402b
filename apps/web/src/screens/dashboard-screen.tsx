import { Button } from '@solar/ui';
import { useIntl } from 'react-intl';
import { Redirect } from 'wouter';
import { useSession } from '../app/session.tsx';
import { LanguageSelect } from './language-select.tsx';

/** /dashboard (spec section 2): the signed-in user's home. */
export function DashboardScreen() {
  const intl = useIntl();
  const { user, signOut } = useSession();
  if (!user) return <Redirect to="/signin" replace />;
  return (
    <main className="mx-auto flex min-h-dvh max-w-3xl flex-col gap-6 p-6">
      <header className="flex items-center justify-between gap-4">
        <h1 className="text-2xl font-semibold">{intl.formatMessage({ id: 'dashboard.title' })}</h1>
        <div className="flex items-center gap-4">
          <LanguageSelect />
          <Button variant="secondary" onPress={signOut}>
            {intl.formatMessage({ id: 'dashboard.signout' })}
          </Button>
        </div>
      </header>
      <p className="text-lg">
        {intl.formatMessage({ id: 'dashboard.welcome' }, { name: user.name })}
      </p>
      <p className="text-fg-muted">{user.email}</p>
    </main>
  );
}
