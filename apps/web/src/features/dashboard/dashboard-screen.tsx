/** /dashboard (spec section 2): the signed-in user's home. */
import { useSession } from '@solar/api/react';
import { useIntl } from 'react-intl';
import { SignedInShell } from '../../app/shell.tsx';

export default function DashboardScreen() {
  const intl = useIntl();
  const { user } = useSession();
  return (
    <SignedInShell>
      <h1 className="text-2xl font-semibold">{intl.formatMessage({ id: 'dashboard.title' })}</h1>
      <p className="mt-2 text-lg">
        {intl.formatMessage({ id: 'dashboard.welcome' }, { name: user?.name ?? '' })}
      </p>
      <p className="text-fg-muted">{user?.email}</p>
    </SignedInShell>
  );
}
