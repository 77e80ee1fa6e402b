/**
 * Interface languages (docs/product.md#languages-and-formats): the domain's `LOCALES`, English
 * the default; the choice is kept in browser storage under the language preference key.
 *
 * Only the languages the visitor uses are loaded, and of each only what the screens shown
 * so far need:
 * - a language's core catalog (domain and shell messages, `domain.<locale>.json` and
 *   `app.<locale>.json`; English is part of the first load, the others are fetched by
 *   `loadCatalog`) is awaited before the first
 *   render in that language (main.tsx), so no English flashes first;
 * - a feature's messages (`features/<name>/messages.<locale>.json`) load with its screens
 *   (`loadFeatureMessages`, called by the router alongside the screen's module), in every
 *   language asked for so far; switching language loads the new language's core and the
 *   features already in use before the switch.
 * The loaded messages of a language are one merged map (`loadedCatalog`), which changes
 * when a part arrives; `subscribeCatalogs` tells the language provider. How a catalog is
 * merged: see catalog.ts.
 */
import { STORAGE_KEYS } from '@solar/domain';
import { isLocale, LOCALES, type Locale } from '@solar/domain/constants';
import { catalog as englishCore } from './catalog.en.ts';
import { mergeCatalog, type Messages } from './catalog.ts';

export { isLocale, LOCALES, type Locale, type Messages };

export const LANGUAGE_STORAGE_KEY = STORAGE_KEYS.language;

/** The feature folders that have a message catalog (features/<name>/messages.<locale>.json). */
export const FEATURES = [
  'audit',
  'auth',
  'calculator',
  'chat',
  'dashboard',
  'full-calculator',
  'not-found',
  'profile',
  'projects',
  'saved-views',
  'users',
] as const;
/** A feature folder with its own messages. */
export type Feature = (typeof FEATURES)[number];

/** The core files of every language but English (which is part of the first load). */
const coreFiles = import.meta.glob<Messages>(['./domain.*.json', './app.*.json', '!./*.en.json'], {
  import: 'default',
});

/** The core catalog of `locale`: its domain and shell messages, merged (catalog.ts). */
function loadCore(locale: Locale): Promise<Messages> {
  if (locale === 'en') return Promise.resolve(englishCore);
  const domain = coreFiles[`./domain.${locale}.json`];
  const app = coreFiles[`./app.${locale}.json`];
  if (!domain || !app) return Promise.reject(new Error(`no ${locale} core messages`));
  return Promise.all([domain(), app()]).then((files) => mergeCatalog(...files));
}

const featureFiles = import.meta.glob<Messages>('../features/*/messages.*.json', {
  import: 'default',
});

/** The part of a language's catalog: its core, or one feature's messages. */
type Part = 'core' | Feature;

function loadPartFile(locale: Locale, part: Part): Promise<Messages> {
  if (part === 'core') return loadCore(locale);
  const load = featureFiles[`../features/${part}/messages.${locale}.json`];
  return load ? load() : Promise.reject(new Error(`no ${locale} messages for feature ${part}`));
}

const parts = Object.fromEntries(
  LOCALES.map((locale) => [
    locale,
    new Map<Part, Messages>(locale === 'en' ? [['core', englishCore]] : []),
  ]),
) as Record<Locale, Map<Part, Messages>>;
const pending = new Map<string, Promise<Messages>>();
const merged: Partial<Record<Locale, Messages>> = {};
/** Languages asked for with `loadCatalog`: features load in each of them. */
const requested = new Set<Locale>();
/** Features asked for with `loadFeatureMessages`: they load with every language. */
const features = new Set<Feature>();
const listeners = new Set<() => void>();

function loadPart(locale: Locale, part: Part): Promise<Messages> {
  const ready = parts[locale].get(part);
  if (ready) return Promise.resolve(ready);
  const key = `${locale}:${part}`;
  let promise = pending.get(key);
  if (!promise) {
    promise = loadPartFile(locale, part).then(
      (messages) => {
        pending.delete(key);
        parts[locale].set(part, messages);
        delete merged[locale];
        for (const listener of listeners) listener();
        return messages;
      },
      (error: unknown) => {
        pending.delete(key);
        throw error;
      },
    );
    pending.set(key, promise);
  }
  return promise;
}

/**
 * The loaded messages of `locale` (its core and every feature loaded so far) as one map, or
 * undefined while its core is not loaded. The same object until another part arrives.
 */
export function loadedCatalog(locale: Locale): Messages | undefined {
  const loaded = parts[locale];
  if (!loaded.has('core')) return undefined;
  return (merged[locale] ??= mergeCatalog(...loaded.values()));
}

/** Calls `listener` whenever a part of any catalog arrives; returns the unsubscribe. */
export function subscribeCatalogs(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/**
 * Loads the catalog of `locale`: its core and the messages of every feature in use (each
 * file once; later calls share it), and from then on loads features in this language too.
 * Resolves with {@link loadedCatalog}; rejects when a file cannot be fetched (a later call
 * tries again).
 */
export async function loadCatalog(locale: Locale): Promise<Messages> {
  requested.add(locale);
  await Promise.all([loadPart(locale, 'core'), ...[...features].map((f) => loadPart(locale, f))]);
  return loadedCatalog(locale)!;
}

/**
 * Loads the messages of `feature` in every language asked for so far (normally just the
 * active one; during a switch also the next). The router awaits it with a screen's module,
 * so a screen never renders without its texts. Rejects when a file cannot be fetched.
 */
export async function loadFeatureMessages(feature: Feature): Promise<void> {
  features.add(feature);
  await Promise.all([...requested].map((locale) => loadPart(locale, feature)));
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
