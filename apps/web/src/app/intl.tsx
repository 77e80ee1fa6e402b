/**
 * The interface language (docs/product.md#languages-and-formats): react-intl messages and
 * react-aria's locale, kept in storage and mirrored to `<html lang>`.
 *
 * Only the active language's messages are loaded (i18n/locales.ts): its core before the
 * first render, each feature's with its screens. Choosing another language keeps the
 * current one on screen until the new catalog (core and the features in use) has arrived,
 * then switches at once; a provider started on a language whose catalog is not loaded yet
 * (main.tsx preloads it, so only tests and stories) renders nothing until it is. Messages
 * that arrive later (a feature's, with its screen) reach react-intl as they load.
 *
 * A language the user chooses (`setLocale`, from any selector) is also told to the
 * `onChoice` listeners: account-locale.tsx stores it on the signed-in account, as the
 * language of their mail (docs/product.md#mail).
 */
import { I18nProvider } from '@solar/ui';
import {
  createContext,
  use,
  useEffect,
  useMemo,
  useRef,
  useState,
  useSyncExternalStore,
  type ReactNode,
} from 'react';
import { IntlProvider } from 'react-intl';
import {
  initialLocale,
  LANGUAGE_STORAGE_KEY,
  loadCatalog,
  loadedCatalog,
  subscribeCatalogs,
  type Locale,
} from '../i18n/locales.ts';

interface LocaleValue {
  locale: Locale;
  /** Stores the choice and switches once the language's catalog is loaded. */
  setLocale(locale: Locale): void;
  /**
   * Calls `listener` with each language the user chooses (at once, whether or not its
   * catalog loads); answers the unsubscribe.
   */
  onChoice(listener: (locale: Locale) => void): () => void;
}

const LocaleContext = createContext<LocaleValue | null>(null);

/**
 * react-intl and React Aria in the current language, for `children`. `initial` is the
 * language to start with (default: the stored or browser language, i18n/locales.ts).
 */
export function LocaleProvider({ children, initial }: { children: ReactNode; initial?: Locale }) {
  const [locale, setActive] = useState<Locale>(() => {
    const start =
      initial ?? initialLocale(globalThis.localStorage, globalThis.navigator?.languages ?? []);
    // Asks for the language at once (idempotent), so that the features of screens rendered
    // below load in it too; the effect below handles the outcome.
    loadCatalog(start).catch(() => undefined);
    return start;
  });
  const messages = useSyncExternalStore(subscribeCatalogs, () => loadedCatalog(locale));
  const listeners = useRef(new Set<(locale: Locale) => void>());
  useEffect(() => {
    document.documentElement.lang = locale;
  }, [locale]);
  useEffect(() => {
    if (messages) return;
    let cancelled = false;
    loadCatalog(locale).catch(() => {
      // Unreachable catalog: fall back to English (always loaded) rather than no page.
      if (cancelled) return;
      loadCatalog('en').catch(() => undefined);
      setActive('en');
    });
    return () => {
      cancelled = true;
    };
  }, [locale, messages]);
  const value = useMemo<LocaleValue>(
    () => ({
      locale,
      setLocale(next) {
        for (const listener of listeners.current) listener(next);
        try {
          localStorage.setItem(LANGUAGE_STORAGE_KEY, next);
        } catch {
          // Storage may be full or blocked; the choice still applies to this visit.
        }
        loadCatalog(next).then(
          () => setActive(next),
          // Offline: the current language stays; the next choice tries again.
          () => undefined,
        );
      },
      onChoice(listener) {
        listeners.current.add(listener);
        return () => listeners.current.delete(listener);
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

/**
 * The language of an enclosing LocaleProvider, or null outside one. For fixtures that put
 * the app inside another provider (Storybook's toolbar language) and pass it down.
 */
export function useOuterLocale(): Locale | null {
  return use(LocaleContext)?.locale ?? null;
}

/** The current language and its setter. */
export function useLocale(): LocaleValue {
  const value = use(LocaleContext);
  if (!value) throw new Error('useLocale needs a LocaleProvider');
  return value;
}
