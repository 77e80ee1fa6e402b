/**
 * The frame of the signed-out pages (spec section 2: sign in, sign up, forgot and reset
 * password, email verification): the `main#main` landmark, the logo (a link to the quick
 * calculator) beside the language selector, and a card holding the page's h1, an optional
 * lead paragraph and the content.
 */
import { ROUTES } from '@solar/domain';
import { Card, Logo } from '@solar/ui';
import type { ReactNode, Ref } from 'react';
import { useIntl } from 'react-intl';
import { Link } from 'wouter';
import { LocaleSelect } from '../../app/locale-select.tsx';

export interface AuthPageProps {
  /** The page heading (h1). */
  title: string;
  subtitle?: string;
  children: ReactNode;
  /** Under the card (e.g. "Already have an account? Sign in"). */
  footer?: ReactNode;
  /** The heading, to move focus to it after a state change. */
  headingRef?: Ref<HTMLHeadingElement>;
}

/** A centred card page for the account screens; mobile first. */
export function AuthPage({ title, subtitle, children, footer, headingRef }: AuthPageProps) {
  const intl = useIntl();
  return (
    <main
      id="main"
      className="mx-auto flex min-h-dvh w-full max-w-md flex-col justify-center gap-6 px-4 py-8 sm:px-6"
    >
      <div className="flex flex-wrap items-end justify-between gap-3">
        <Link href={ROUTES.quickCalculator} className="rounded-control">
          <Logo name={intl.formatMessage({ id: 'app.name' })} />
        </Link>
        <LocaleSelect hideLabel={false} />
      </div>
      <Card className="p-6">
        <div className="flex flex-col gap-1">
          <h1 ref={headingRef} tabIndex={-1} className="text-2xl font-semibold outline-none">
            {title}
          </h1>
          {subtitle && <p className="text-fg-muted">{subtitle}</p>}
        </div>
        {children}
      </Card>
      {footer && <div className="text-center text-sm text-fg-muted">{footer}</div>}
    </main>
  );
}

/** A form-level failure, announced as an alert and tied to the form by `id`. */
export function FormAlert({ id, children }: { id?: string; children: ReactNode }) {
  return (
    <p
      id={id}
      role="alert"
      className="rounded-control border border-danger-fg/40 bg-danger-soft px-3 py-2 text-sm text-danger-fg"
    >
      {children}
    </p>
  );
}
