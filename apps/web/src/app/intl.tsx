/**
 * The interface language (spec section 1): react-intl messages and react-aria's locale,
 * kept in storage and mirrored to `<html lang>`.
 *
 * Only the active language's catalog is loaded (i18n/locales.ts). Choosing another
 * language keeps the current one on screen until the new catalog has arrived, then
 * switches at once; a provider started on a language whose catalog is not loaded yet
 * (main.tsx preloads it, so only tests and stories) renders nothing until it is.
 */
import { I18nProvider } from '@solar/ui';
import { createContext, use, useEffect, useMemo, useState, type ReactNode } from 'react';
import { IntlProvider } from 'react-intl';
import {
  initialLocale,
  LANGUAGE_STORAGE_KEY,
  loadCatalog,
  loadedCatalog,
  type Locale,
  type Messages,
} from '../i18n/locales.ts';

interface LocaleValue {
  locale: Locale;
  /** Stores the choice and switches once the language's catalog is loaded. */
  setLocale(locale: Locale): void;
}

const LocaleContext = createContext<LocaleValue | null>(null);

interface Active {
  locale: Locale;
  /** Undefined while the catalog of `locale` loads. */
  messages: Messages | undefined;
}

export function LocaleProvider({ children, initial }: { children: ReactNode; initial?: Locale }) {
  const [active, setActive] = useState<Active>(() => {
    const locale =
      initial ?? initialLocale(globalThis.localStorage, globalThis.navigator?.languages ?? []);
    return { locale, messages: loadedCatalog(locale) };
  });
  const { locale, messages } = active;
  useEffect(() => {
    document.documentElement.lang = locale;
  }, [locale]);
  useEffect(() => {
    if (messages) return;
    let cancelled = false;
    loadCatalog(locale).then(
      (loaded) => {
        if (!cancelled) setActive((current) => ({ ...current, messages: loaded }));
      },
      // Unreachable catalog: fall back to English (always loaded) rather than no page.
      () => {
        if (!cancelled) setActive({ locale: 'en', messages: loadedCatalog('en') });
      },
    );
    return () => {
      cancelled = true;
    };
  }, [locale, messages]);
  const value = useMemo<LocaleValue>(
    () => ({
      locale,
      setLocale(next) {
        try {
          localStorage.setItem(LANGUAGE_STORAGE_KEY, next);
        } catch {
          // Storage may be full or blocked; the choice still applies to this visit.
        }
        loadCatalog(next).then(
          (loaded) => setActive({ locale: next, messages: loaded }),
          // Offline: the current language stays; the next choice tries again.
          () => undefined,
        );
      },
    }),
    [locale],
  );
  if (!messages) return null;
  return (
    <LocaleContext value={value}>
      <IntlProvider locale={locale} messages={messages} defaultLocale="en">
        <I18nProvider locale={locale}>{children}</I18nProvider>
      </IntlProvider>
    </LocaleContext>
  );
}

/** The current language and its setter. */
export function useLocale(): LocaleValue {
  const value = use(LocaleContext);
  if (!value) throw new Error('useLocale needs a LocaleProvider');
  return value;
}
