/**
 * Any unknown path (docs/product.md#roles-and-permissions): links home (dashboard or sign in)
 * and to the calculator, inside the signed-in shell for a signed-in visitor and the
 * public frame (logo, language picker; the page's own link signs in) otherwise; in development builds also the
 * developer toast test buttons. The server answers such paths with HTTP 404.
 */
import { homePath, isSignedIn, ROUTES } from '@solar/domain';
import { Link } from '@solar/ui';
import { lazy, Suspense } from 'react';
import { useIntl } from 'react-intl';
import { useNow } from '../../app/clock.tsx';
import { FullPageSpinner, useSessionLike } from '../../app/session-gate.tsx';
import { PublicFrame } from '../../app/public-frame.tsx';
import { DevToastButtons } from './dev-toast-buttons.tsx';

/** The signed-in frame, loaded only for a signed-in visitor (as on the quick calculator). */
const SignedInShell = lazy(() =>
  import('../../app/shell.tsx').then((module) => ({ default: module.SignedInShell })),
);

/** The 404 page (default export for the router). */
export default function NotFoundScreen() {
  const now = useNow();
  const session = useSessionLike();
  const signedIn = isSignedIn(session, now());
  const content = <NotFoundContent home={homePath(session, now())} />;
  return signedIn ? (
    <Suspense fallback={<FullPageSpinner />}>
      <SignedInShell>{content}</SignedInShell>
    </Suspense>
  ) : (
    <PublicFrame>{content}</PublicFrame>
  );
}

/** The message and its links; `home` is the dashboard or the sign-in path. */
function NotFoundContent({ home }: { home: string }) {
  const intl = useIntl();
  return (
    <div className="mx-auto flex max-w-md flex-col items-center gap-4 py-12 text-center">
      <p className="text-5xl font-semibold text-fg-muted" aria-hidden="true">
        404
      </p>
      <h1 className="text-2xl font-semibold">{intl.formatMessage({ id: 'notFound.title' })}</h1>
      <p className="text-fg-muted">{intl.formatMessage({ id: 'notFound.body' })}</p>
      <Link href={home}>
        {intl.formatMessage({
          id: home === ROUTES.signIn ? 'notFound.signin' : 'notFound.dashboard',
        })}
      </Link>
      <Link href={ROUTES.quickCalculator}>{intl.formatMessage({ id: 'notFound.calculator' })}</Link>
      {import.meta.env.DEV && <DevToastButtons />}
    </div>
  );
}
