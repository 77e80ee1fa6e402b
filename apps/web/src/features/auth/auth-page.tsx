/**
 * The frame of the signed-out pages (docs/product.md#accounts-and-sessions: sign in, sign up,
 * forgot and reset password, email verification): the public header (app/public-frame.tsx:
 * the logo and the language selector at its top right), then `main#main`: from
 * 1024 px two columns, the product's value (a headline and three benefits) beside a card
 * holding the page's h1, an optional lead paragraph and the content; on narrower screens
 * the card alone (the value block is hidden).
 */
import { CalculatorIcon, Card, MessageIcon, SunIcon } from '@solar/ui';
import type { ReactNode, Ref } from 'react';
import { useIntl } from 'react-intl';
import { BusinessFooter, PublicHeader } from '../../app/public-frame.tsx';

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

/** The account screens' page: header, value block (>= 1024 px) and the form card. */
export function AuthPage({ title, subtitle, children, footer, headingRef }: AuthPageProps) {
  return (
    <div className="flex min-h-dvh flex-col bg-surface text-fg">
      <PublicHeader />
      <main
        id="main"
        tabIndex={-1}
        className="mx-auto grid w-full max-w-6xl flex-1 items-center gap-12 px-4 py-8 sm:px-6 lg:grid-cols-2 lg:py-12"
      >
        <div className="mx-auto flex w-full max-w-md flex-col gap-6">
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
        </div>
        <ProductValue />
      </main>
      <BusinessFooter />
    </div>
  );
}

/** The benefits of the value block: icon and message ids (auth messages). */
const BENEFITS = [
  { id: 'estimate', Icon: CalculatorIcon },
  { id: 'location', Icon: SunIcon },
  { id: 'assistant', Icon: MessageIcon },
] as const;

/**
 * The product's value beside the form from 1024 px (first column; after the form in the
 * reading order, so the form comes first to a screen reader and on the keyboard).
 */
function ProductValue() {
  const intl = useIntl();
  return (
    <section
      aria-labelledby="auth-value-heading"
      className="hidden flex-col gap-8 lg:order-first lg:flex"
    >
      <h2 id="auth-value-heading" className="text-3xl font-semibold tracking-tight text-balance">
        {intl.formatMessage({ id: 'auth.value.headline' })}
      </h2>
      <ul className="flex flex-col gap-6">
        {BENEFITS.map(({ id, Icon }) => (
          <li key={id} className="flex gap-4">
            <span className="flex size-10 shrink-0 items-center justify-center rounded-control bg-brand-soft-strong text-brand-fg">
              <Icon className="size-5" />
            </span>
            <div className="flex flex-col gap-1">
              <h3 className="font-semibold">
                {intl.formatMessage({ id: `auth.value.${id}.title` })}
              </h3>
              <p className="text-fg-muted">{intl.formatMessage({ id: `auth.value.${id}.body` })}</p>
            </div>
          </li>
        ))}
      </ul>
    </section>
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
