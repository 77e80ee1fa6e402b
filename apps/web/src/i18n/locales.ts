/**
 * Interface languages (spec section 1): English (default), Spanish, Russian; the choice is
 * kept in browser storage under the language preference key.
 *
 * A locale's catalog merges: the domain's messages (English from `allMessages`,
 * translations in domain.{es,ru}.json), the shell's own (app.{en,es,ru}.json) and every
 * feature's `features/<name>/messages.<locale>.json`.
 */
import { allMessages, STORAGE_KEYS } from '@solar/domain';
import appEn from './app.en.json';
import appEs from './app.es.json';
import appRu from './app.ru.json';
import domainEs from './domain.es.json';
import domainRu from './domain.ru.json';

export const LOCALES = ['en', 'es', 'ru'] as const;
export type Locale = (typeof LOCALES)[number];

export const LANGUAGE_STORAGE_KEY = STORAGE_KEYS.language;

const domainEn: Record<string, string> = Object.fromEntries(
  Object.values(allMessages).map((message) => [message.id, message.defaultMessage]),
);

const featureFiles = import.meta.glob<Record<string, string>>('../features/*/messages.*.json', {
  eager: true,
  import: 'default',
});

/** Each feature's catalog per locale, keyed by the feature folder (for completeness tests). */
export const featureCatalogs: Record<string, Partial<Record<Locale, Record<string, string>>>> = {};
for (const [file, messages] of Object.entries(featureFiles)) {
  const match = /features\/([^/]+)\/messages\.(\w+)\.json$/.exec(file);
  if (!match) continue;
  const [, feature, locale] = match as unknown as [string, string, Locale];
  (featureCatalogs[feature] ??= {})[locale] = messages;
}

const features = (locale: Locale) =>
  Object.assign({}, ...Object.values(featureCatalogs).map((c) => c[locale] ?? {})) as Record<
    string,
    string
  >;

export const catalogs: Record<Locale, Record<string, string>> = {
  en: { ...domainEn, ...appEn, ...features('en') },
  es: { ...domainEs, ...appEs, ...features('es') },
  ru: { ...domainRu, ...appRu, ...features('ru') },
};

/** True when `value` is one of the interface languages. */
export function isLocale(value: unknown): value is Locale {
  return typeof value === 'string' && (LOCALES as readonly string[]).includes(value);
}

/** The stored language, else the browser's when supported, else English. */
export function initialLocale(
  storage: Pick<Storage, 'getItem'> | undefined,
  languages: readonly string[],
): Locale {
  const stored = storage?.getItem(LANGUAGE_STORAGE_KEY);
  if (isLocale(stored)) return stored;
  const fromBrowser = languages.map((l) => l.slice(0, 2)).find(isLocale);
  return fromBrowser ?? 'en';
}
