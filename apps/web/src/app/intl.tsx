import { createContext, use, useEffect, useMemo, useState, type ReactNode } from 'react';
import { IntlProvider } from 'react-intl';
import { catalogs, initialLocale, LANGUAGE_STORAGE_KEY, type Locale } from '../i18n/locales.ts';

interface LocaleValue {
  locale: Locale;
  setLocale(locale: Locale): void;
}

const LocaleContext = createContext<LocaleValue | null>(null);

/** react-intl with the stored language; keeps `<html lang>` and storage in step. */
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
        localStorage.setItem(LANGUAGE_STORAGE_KEY, next);
        setLocaleState(next);
      },
    }),
    [locale],
  );
  return (
    <LocaleContext value={value}>
      <IntlProvider locale={locale} messages={catalogs[locale]} defaultLocale="en">
        {children}
      </IntlProvider>
    </LocaleContext>
  );
}

export function useLocale(): LocaleValue {
  const value = use(LocaleContext);
  if (!value) throw new Error('useLocale needs a LocaleProvider');
  return value;
}
