/**
 * The terms and privacy pages (docs/product.md#accounts-and-sessions: linked from sign-up; public).
 * Their text lives in this feature's catalogs as `<page>.title`, `<page>.intro` and numbered
 * sections `<page>.s<n>.title` / `<page>.s<n>.body`, in en, es and ru.
 */
import { isSignedIn, ROUTES } from '@solar/domain';
import { Link } from '@solar/ui';
import { useIntl } from 'react-intl';
import { useNow } from '../../app/clock.tsx';
import { useSessionLike } from '../../app/session-gate.tsx';
import { LocaleSelect } from '../../app/locale-select.tsx';

/** The date the texts were last changed (shown per locale). */
export const LEGAL_UPDATED = Date.parse('2026-03-01T00:00:00Z');

export interface LegalPageProps {
  page: 'terms' | 'privacy';
  /** How many numbered sections the page has. */
  sections: number;
}

/** A legal text page with its sections and links back. */
export function LegalPage({ page, sections }: LegalPageProps) {
  const intl = useIntl();
  const now = useNow();
  const signedIn = isSignedIn(useSessionLike(), now());
  const t = (id: string) => intl.formatMessage({ id });
  const other = page === 'terms' ? 'privacy' : 'terms';
  return (
    <main id="main" className="mx-auto flex min-h-dvh w-full max-w-3xl flex-col gap-6 px-4 py-8">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <Link href={signedIn ? ROUTES.dashboard : ROUTES.signUp}>
          {t(signedIn ? 'legal.toDashboard' : 'legal.toSignUp')}
        </Link>
        <LocaleSelect hideLabel={false} />
      </div>
      <article className="flex flex-col gap-5 rounded-card border border-border bg-surface-raised p-6 shadow-card">
        <header className="flex flex-col gap-2">
          <h1 className="text-2xl font-semibold">{t(`${page}.title`)}</h1>
          <p className="text-sm text-fg-muted">
            {intl.formatMessage(
              { id: 'legal.updated' },
              { date: intl.formatDate(LEGAL_UPDATED, { dateStyle: 'long', timeZone: 'UTC' }) },
            )}
          </p>
          <p>{t(`${page}.intro`)}</p>
        </header>
        {Array.from({ length: sections }, (_, i) => i + 1).map((n) => (
          <section key={n} aria-labelledby={`${page}-s${n}`} className="flex flex-col gap-2">
            <h2 id={`${page}-s${n}`} className="text-lg font-semibold">
              {t(`${page}.s${n}.title`)}
            </h2>
            <p className="leading-relaxed">{t(`${page}.s${n}.body`)}</p>
          </section>
        ))}
      </article>
      <p className="text-sm">
        <Link href={ROUTES[other]}>{t(`legal.see.${other}`)}</Link>
      </p>
    </main>
  );
}
