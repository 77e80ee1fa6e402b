import '@solar/ui/theme.css';
import { lazy, StrictMode, Suspense } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app/app.tsx';
import { preloadScreen } from './app/router.tsx';
import { reloadOnStaleDeployment } from './app/stale-deployment.ts';
import { initialLocale, loadCatalog, type Locale } from './i18n/locales.ts';

reloadOnStaleDeployment();

/** The stored or browser language, unless its catalog cannot be fetched (then English). */
async function startLocale(): Promise<Locale> {
  try {
    const locale = initialLocale(globalThis.localStorage, navigator.languages);
    await loadCatalog(locale);
    return locale;
  } catch {
    return 'en';
  }
}

// TanStack Query's devtools in development only, loaded after the app (left out of builds).
const QueryDevtools = import.meta.env.DEV
  ? lazy(() =>
      import('@tanstack/react-query-devtools').then((m) => ({ default: m.ReactQueryDevtools })),
    )
  : null;

// The active language's catalog, the page's screen and its messages load side by side; the
// first render waits for the catalog (no English flash), the screen for its messages.
const starting = startLocale();
preloadScreen(window.location.pathname);
void starting.then((locale) => {
  createRoot(document.getElementById('root')!).render(
    <StrictMode>
      <App
        locale={locale}
        devtools={
          QueryDevtools && (
            <Suspense fallback={null}>
              <QueryDevtools />
            </Suspense>
          )
        }
      />
    </StrictMode>,
  );
});
