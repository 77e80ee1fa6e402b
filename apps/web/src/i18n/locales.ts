/**
 * Interface languages (spec section 1): English (default), Spanish, Russian. The choice is
 * kept in browser storage under the language preference key.
 *
 * A locale's catalog is the domain's messages (validation, errors, roles...: English from
 * `allMessages`, translations in domain.{es,ru}.json) plus the web app's own (en/es/ru.json).
 */
import { allMessages, STORAGE_KEYS } from '@solar/domain';
import domainEs from './domain.es.json';
import domainRu from './domain.ru.json';
import en from './en.json';
import es from './es.json';
import ru from './ru.json';

export const LOCALES = ['en', 'es', 'ru'] as const;
export type Locale = (typeof LOCALES)[number];

export const LANGUAGE_STORAGE_KEY = STORAGE_KEYS.language;

const domainEn: Record<string, string> = Object.fromEntries(
  Object.values(allMessages).map((message) => [message.id, message.defaultMessage]),
);

export const catalogs: Record<Locale, Record<string, string>> = {
  en: { ...domainEn, ...en },
  es: { ...domainEs, ...es },
  ru: { ...domainRu, ...ru },
};

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
