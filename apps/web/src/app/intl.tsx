/**
 * The interface language (spec section 1): react-intl messages and react-aria's locale,
 * kept in storage and mirrored to `<html lang>`.
 */
import { I18nProvider } from '@solar/ui';
import { createContext, use, useEffect, useMemo, useState, type ReactNode } from 'react';
import { IntlProvider } from 'react-intl';
import { catalogs, initialLocale, LANGUAGE_STORAGE_KEY, type Locale } from '../i18n/locales.ts';

interface LocaleValue {
  locale: Locale;
  setLocale(locale: Locale): void;
}

const LocaleContext = createContext<LocaleValue | null>(null);

export function LocaleProvider({ children, initial }: { children: ReactNode; initial?: Locale }) {
  const [locale, setLocaleState] = useState<Locale>(
    () => initial ?? initialLocale(globalThis.localStorage, globalThis.navigator?.languages ?? []),
  );
  useEffect(() => {
    document.documentElement.lang = locale;
  }, [locale]);
  const value = useMemo<LocaleValue>(
    () => ({
      locale,
      setLocale(next) {
        try {
          localStorage.setItem(LANGUAGE_STORAGE_KEY, next);
        } catch {
          // Storage may be full or blocked; the choice still applies to this visit.
        }
        setLocaleState(next);
      },
    }),
    [locale],
  );
  return (
    <LocaleContext value={value}>
      <IntlProvider locale={locale} messages={catalogs[locale]} defaultLocale="en">
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
