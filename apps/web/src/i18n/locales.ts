/**
 * Interface languages (spec section 1): English (default), Spanish, Russian. The choice is
 * kept in browser storage under the language preference key.
 */
import en from './en.json';
import es from './es.json';
import ru from './ru.json';

export const LOCALES = ['en', 'es', 'ru'] as const;
export type Locale = (typeof LOCALES)[number];

export const LANGUAGE_STORAGE_KEY = 'language';

export const catalogs: Record<Locale, Record<string, string>> = { en, es, ru };

/** The stored language, else the browser's when supported, else English. */
export function initialLocale(
  storage: Pick<Storage, 'getItem'> | undefined,
  languages: readonly string[],
): Locale {
  const stored = storage?.getItem(LANGUAGE_STORAGE_KEY);
  if (stored && (LOCALES as readonly string[]).includes(stored)) return stored as Locale;
  const fromBrowser = languages
    .map((l) => l.slice(0, 2))
    .find((l) => (LOCALES as readonly string[]).includes(l));
  return (fromBrowser as Locale | undefined) ?? 'en';
}
