/** The quick calculator's signed-out frame (spec section 2): its own small header. */
import { ROUTES } from '@solar/domain';
import { ButtonLink, Logo } from '@solar/ui';
import type { ReactNode } from 'react';
import { useIntl } from 'react-intl';
import { Link } from 'wouter';
import { LocaleSelect } from '../../app/locale-select.tsx';

/** The signed-out frame: brand, language selector, sign-in link, then main#main. */
export function PublicFrame({ children }: { children: ReactNode }) {
  const intl = useIntl();
  return (
    <div className="flex min-h-dvh flex-col bg-surface text-fg">
      <header className="border-b border-border bg-surface-raised">
        <div className="mx-auto flex w-full max-w-6xl flex-wrap items-center justify-between gap-3 px-4 py-3">
          <Link href={ROUTES.quickCalculator} className="rounded-control">
            <Logo name={intl.formatMessage({ id: 'app.name' })} />
          </Link>
          <div className="flex items-center gap-3">
            <LocaleSelect />
            <ButtonLink
              href={`${ROUTES.signIn}?from=${encodeURIComponent(ROUTES.quickCalculator)}`}
              variant="secondary"
              size="sm"
            >
              {intl.formatMessage({ id: 'quickCalculator.signIn' })}
            </ButtonLink>
          </div>
        </div>
      </header>
      <main id="main" tabIndex={-1} className="mx-auto w-full max-w-6xl flex-1 px-4 py-6">
        {children}
      </main>
    </div>
  );
}
