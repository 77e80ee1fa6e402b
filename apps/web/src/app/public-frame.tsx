/**
 * The signed-out frame of public pages (docs/product.md#quick-calculator): the quick calculator and
 * the 404 page. A small header with the logo (to the calculator), the language selector and the
 * page's own `action` (the calculator's sign-in link), then main#main. The account pages
 * (features/auth/auth-page.tsx) use the same {@link PublicHeader} over their own layout.
 */
import { ROUTES } from '@solar/domain';
import { Logo } from '@solar/ui';
import type { ReactNode } from 'react';
import { useIntl } from 'react-intl';
import { Link } from 'wouter';
import { LocaleSelect } from './locale-select.tsx';

/**
 * The signed-out header: the logo (a link to the quick calculator), then at the top right
 * the language selector and the page's `action`.
 */
export function PublicHeader({ action }: { action?: ReactNode }) {
  const intl = useIntl();
  return (
    <header className="border-b border-border bg-surface-raised">
      <div className="mx-auto flex w-full max-w-6xl flex-wrap items-center justify-between gap-3 px-4 py-3 sm:px-6">
        <Link href={ROUTES.quickCalculator} className="rounded-control">
          <Logo name={intl.formatMessage({ id: 'app.name' })} />
        </Link>
        <div className="flex items-center gap-3">
          <LocaleSelect />
          {action}
        </div>
      </div>
    </header>
  );
}

/** The frame around `children`; `action` sits after the language selector. */
export function PublicFrame({ children, action }: { children: ReactNode; action?: ReactNode }) {
  return (
    <div className="flex min-h-dvh flex-col bg-surface text-fg">
      <PublicHeader action={action} />
      <main id="main" tabIndex={-1} className="mx-auto w-full max-w-6xl flex-1 px-4 py-6 sm:px-6">
        {children}
      </main>
    </div>
  );
}
