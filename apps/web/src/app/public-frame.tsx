/**
 * The signed-out frame of public pages (docs/product.md#quick-calculator): the quick calculator and
 * the 404 page. A small header with the logo (to the calculator), the language selector and the
 * page's own `action` (the calculator's sign-in link), then main#main and the footer with the
 * business's name and contacts ({@link BusinessFooter}, docs/product.md#business-identity).
 * The account pages (features/auth/auth-page.tsx) use the same {@link PublicHeader} and
 * footer around their own layout; the signed-in shell (shell.tsx) the same footer.
 */
import { ROUTES } from '@solar/domain';
import { useApiClient } from '@solar/api/react/provider';
import { Logo, SiteFooter } from '@solar/ui';
import type { ConfigResponse } from '@solar/domain/contract';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useState, type ReactNode } from 'react';
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

/**
 * The query key of `GET /config`: packages/api's `queryKeys.config()` (the test checks they
 * are equal), written out so the public pages do not load the module of every query.
 */
export const CONFIG_QUERY_KEY = ['solar', 'config'] as const;

/**
 * `GET /config` through the shared query cache (the same entry as `useConfig`), read once:
 * the cached answer, else the one the page was served with (`client.config.initial`), at
 * once; else fetched. Undefined until it answers, and when it fails.
 * `fetchQuery` rather than `useQuery`, and the key written out: the public pages load no
 * query observer or query module otherwise, and their JavaScript budget
 * (docs/benchmarks.md) has no room for them.
 */
export function usePublicConfig(): ConfigResponse | undefined {
  const queryClient = useQueryClient();
  const client = useApiClient();
  const [config, setConfig] = useState(
    () => queryClient.getQueryData<ConfigResponse>(CONFIG_QUERY_KEY) ?? client.config.initial,
  );
  useEffect(() => {
    if (config) return;
    let live = true;
    const options = {
      queryKey: CONFIG_QUERY_KEY,
      // The one query written out (see above); the test holds its key to queryKeys.config().
      // eslint-disable-next-line no-restricted-syntax
      queryFn: () => client.config.get(),
      staleTime: Infinity,
    };
    queryClient.fetchQuery(options).then(
      (answer) => live && setConfig(answer),
      () => undefined, // No footer rather than an error: the page itself works without it.
    );
    return () => {
      live = false;
    };
    // Fetched once per mount: the configuration does not change while the page is open.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);
  return config;
}

/**
 * The page footer: the business's name, logo and contact lines as `GET /config` reports them
 * (`business`; only the lines that are configured). Nothing shows until the configuration
 * has loaded, or when it could not be, so no name flashes and changes.
 */
export function BusinessFooter() {
  const intl = useIntl();
  const business = usePublicConfig()?.business;
  if (!business) return null;
  return (
    <SiteFooter
      name={business.name}
      logoSrc={business.logoUrl}
      address={business.address}
      phone={business.phone}
      email={business.email}
      website={business.website}
      legal={business.legal}
      labels={{
        footer: intl.formatMessage({ id: 'app.footer.label' }, { name: business.name }),
        phone: intl.formatMessage({ id: 'app.footer.phone' }),
        email: intl.formatMessage({ id: 'app.footer.email' }),
        website: intl.formatMessage({ id: 'app.footer.website' }),
      }}
    />
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
      <BusinessFooter />
    </div>
  );
}
