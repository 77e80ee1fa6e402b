/**
 * Any unknown path (spec section 2, issue 21 item 2): links home (dashboard or sign in)
 * and to the calculator, inside the signed-in shell for a signed-in visitor and the
 * public header (logo, language picker: the quick calculator's signed-out frame without
 * its sign-in button, which the page's own link replaces) otherwise; in development builds also the
 * developer toast test buttons. The server answers such paths with HTTP 404.
 */
import { homePath, isSignedIn, ROUTES } from '@solar/domain';
import { Link, Logo } from '@solar/ui';
import { lazy, Suspense, type ReactNode } from 'react';
import { useIntl } from 'react-intl';
import { useNow } from '../../app/clock.tsx';
import { FullPageSpinner, useSessionLike } from '../../app/session-gate.tsx';
import { Link as RouterLink } from 'wouter';
import { LocaleSelect } from '../../app/locale-select.tsx';
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

/** The signed-out frame: the logo (to the calculator) and the language picker, then main#main. */
function PublicFrame({ children }: { children: ReactNode }) {
  const intl = useIntl();
  return (
    <div className="flex min-h-dvh flex-col bg-surface text-fg">
      <header className="border-b border-border bg-surface-raised">
        <div className="mx-auto flex w-full max-w-6xl flex-wrap items-center justify-between gap-3 px-4 py-3">
          <RouterLink href={ROUTES.quickCalculator} className="rounded-control">
            <Logo name={intl.formatMessage({ id: 'app.name' })} />
          </RouterLink>
          <LocaleSelect />
        </div>
      </header>
      <main id="main" tabIndex={-1} className="mx-auto w-full max-w-6xl flex-1 px-4 py-6">
        {children}
      </main>
    </div>
  );
}
