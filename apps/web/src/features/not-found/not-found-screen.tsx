/**
 * Any unknown path (spec section 2): links home (dashboard or sign in) and to the
 * calculator; in development builds also the developer toast test buttons.
 */
import { homePath, ROUTES } from '@solar/domain';
import { Link } from '@solar/ui';
import { useIntl } from 'react-intl';
import { useNow } from '../../app/clock.tsx';
import { useSessionLike } from '../../app/session-gate.tsx';
import { DevToastButtons } from './dev-toast-buttons.tsx';

export default function NotFoundScreen() {
  const intl = useIntl();
  const now = useNow();
  const home = homePath(useSessionLike(), now());
  return (
    <main
      id="main"
      className="mx-auto flex min-h-dvh max-w-md flex-col justify-center gap-4 p-6 text-center"
    >
      <h1 className="text-2xl font-semibold">{intl.formatMessage({ id: 'notFound.title' })}</h1>
      <p className="text-fg-muted">{intl.formatMessage({ id: 'notFound.body' })}</p>
      <Link href={home}>
        {intl.formatMessage({
          id: home === ROUTES.signIn ? 'notFound.signin' : 'notFound.dashboard',
        })}
      </Link>
      <Link href={ROUTES.quickCalculator}>{intl.formatMessage({ id: 'notFound.calculator' })}</Link>
      {import.meta.env.DEV && <DevToastButtons />}
    </main>
  );
}
