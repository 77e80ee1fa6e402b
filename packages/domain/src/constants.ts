/**
 * Business constants and limits (docs/product.md#limits and the feature sections). All
 * durations are in milliseconds, lengths in characters, sizes in pixels or bytes as named.
 */

/**
 * Interface languages (docs/product.md#languages-and-formats); English is the default. The
 * product's only list of them: the web app, the server, its database and Storybook take it
 * from here, and the catalog tests ask for each language's message files.
 */
export const LOCALES = ['en', 'es', 'ru'] as const;
/** One interface language. */
export type Locale = (typeof LOCALES)[number];
/** Each interface language named in itself (the language pickers). */
export const LANGUAGE_NAMES: Readonly<Record<Locale, string>> = {
  en: 'English',
  es: 'Español',
  ru: 'Русский',
};
/** The default interface language (docs/product.md#languages-and-formats). */
export const DEFAULT_LOCALE: Locale = 'en';

/** True when `value` is one of {@link LOCALES} (docs/product.md#languages-and-formats). */
export function isLocale(value: unknown): value is Locale {
  return typeof value === 'string' && (LOCALES as readonly string[]).includes(value);
}

/** The currency of every amount: the som, ISO 4217 `KGS` (docs/product.md#languages-and-formats). */
export const CURRENCY = 'KGS';
/** The word written after som amounts in each interface language ("som", "сом"). */
export const SOM_UNIT: Readonly<Record<Locale, string>> = { en: 'som', es: 'som', ru: 'сом' };

/** Toast kinds (docs/product.md#errors-and-messages). */
export type ToastKind = 'default' | 'error' | 'success' | 'warning' | 'info';

/** How long a toast stays, in ms, per kind (docs/product.md#errors-and-messages). */
export const TOAST_DURATION_MS: Readonly<Record<ToastKind, number>> = {
  default: 5000,
  error: 7000,
  success: 4000,
  warning: 5000,
  info: 4000,
};

/** Fade-out before a toast is removed, in ms (docs/product.md#errors-and-messages). */
export const TOAST_FADE_OUT_MS = 300;

/** Geolocation options (docs/product.md#full-calculator): timeout 10 s; cached position max age per screen. */
export const GEOLOCATION = {
  timeoutMs: 10_000,
  quickMaximumAgeMs: 5 * 60_000,
  fullMaximumAgeMs: 60_000,
} as const;

/** Default map centre (New York) and zoom (docs/product.md#full-calculator). */
export const MAP_DEFAULTS = {
  center: { latitude: 40.7128, longitude: -74.006 },
  zoom: 15,
} as const;

/** Maps script loader: give up after 15 s, polling every 100 ms at most 100 times. */
export const MAPS_LOADER = {
  timeoutMs: 15_000,
  pollIntervalMs: 100,
  maxPolls: 100,
} as const;

/** The chat input grows up to this height, in px (docs/product.md#ai-chat). */
export const CHAT_INPUT_MAX_HEIGHT_PX = 200;

/** Default delay before retrying a dropped chat stream, in ms (docs/product.md#ai-chat). */
export const STREAM_RETRY_MS = 1000;

/**
 * Wait after the last keystroke before a type-ahead asks for suggestions (the full
 * calculator's address search, the audit log's person search), ms.
 */
export const SUGGEST_DEBOUNCE_MS = 300;

/**
 * UI delays, in ms (docs/product.md#accounts-and-sessions: reset password goes to /signin after
 * 3 s). The first version's simulated waits (quick calculation,
 * bill extraction, forgot/reset, profile save) are not kept: those are real calls now.
 */
export const DELAYS_MS = {
  resetRedirect: 3000,
} as const;

/**
 * The id of the `<script type="application/json">` element in which the server writes the
 * answer of `GET /config` (the OpenAPI document) into the web app's page, so a first visit
 * needs no request for it.
 */
export const CONFIG_ELEMENT_ID = 'solar-config';
