import { disableSchemaCompilation } from '@solar/domain';
import '@solar/ui/theme.css';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app/app.tsx';
import { preloadScreen } from './app/router.tsx';
import { initialLocale, loadCatalog, type Locale } from './i18n/locales.ts';

// No eval under the Content-Security-Policy (see packages/domain/src/schema-runtime.ts).
disableSchemaCompilation();

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

// The page's screen and the active language's catalog load side by side; the first render
// waits for the catalog (no English flash).
preloadScreen(window.location.pathname);
void startLocale().then((locale) => {
  createRoot(document.getElementById('root')!).render(
    <StrictMode>
      <App locale={locale} />
    </StrictMode>,
  );
});
