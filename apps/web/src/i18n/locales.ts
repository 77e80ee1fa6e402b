/**
 * Interface languages (spec section 1): English (default), Spanish, Russian; the choice is
 * kept in browser storage under the language preference key.
 *
 * Only the active language's catalog is loaded: English is part of the first load, Spanish
 * and Russian are fetched on demand (`loadCatalog`) and awaited before the first render
 * when they are the active language (main.tsx), so no English flashes first. How a
 * catalog is merged: see catalog.ts.
 */
import { STORAGE_KEYS } from '@solar/domain';
import { catalog as english } from './catalog.en.ts';
import type { Messages } from './catalog.ts';

export const LOCALES = ['en', 'es', 'ru'] as const;
export type Locale = (typeof LOCALES)[number];
export type { Messages };

export const LANGUAGE_STORAGE_KEY = STORAGE_KEYS.language;

const importers: Record<Locale, () => Promise<Messages>> = {
  en: () => Promise.resolve(english),
  es: () => import('./catalog.es.ts').then((m) => m.catalog),
  ru: () => import('./catalog.ru.ts').then((m) => m.catalog),
};

const loaded: Partial<Record<Locale, Messages>> = { en: english };
const pending: Partial<Record<Locale, Promise<Messages>>> = {};

/** The catalog of `locale` when it is already loaded, else undefined. */
export function loadedCatalog(locale: Locale): Messages | undefined {
  return loaded[locale];
}

/**
 * Loads the catalog of `locale` (once; later calls share the result). Rejects when the
 * file cannot be fetched; a later call tries again.
 */
export function loadCatalog(locale: Locale): Promise<Messages> {
  const ready = loaded[locale];
  if (ready) return Promise.resolve(ready);
  pending[locale] ??= importers[locale]().then(
    (messages) => (loaded[locale] = messages),
    (error: unknown) => {
      delete pending[locale];
      throw error;
    },
  );
  return pending[locale];
}

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
