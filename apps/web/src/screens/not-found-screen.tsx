import { useIntl } from 'react-intl';
import { Link } from 'wouter';

/** Any unknown path (spec section 2). */
export function NotFoundScreen() {
  const intl = useIntl();
  return (
    <main className="mx-auto flex min-h-dvh max-w-md flex-col justify-center gap-4 p-6 text-center">
      <h1 className="text-2xl font-semibold">{intl.formatMessage({ id: 'notFound.title' })}</h1>
      <p className="text-fg-muted">{intl.formatMessage({ id: 'notFound.body' })}</p>
      <Link
        href="/signin"
        className="text-brand-800 underline underline-offset-4 dark:text-brand-100"
      >
        {intl.formatMessage({ id: 'notFound.signin' })}
      </Link>
    </main>
  );
}
