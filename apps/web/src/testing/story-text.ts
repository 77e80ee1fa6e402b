/**
 * The interface text of a message id in the language a story is shown in (the toolbar's
 * locale global, which the preview writes to `<html lang>`), for play functions and tests
 * that must pass in every language: `canvas.findByRole('button', { name: text('signin.submit') })`.
 * Reads every catalog eagerly (stories only; the app loads them per feature).
 */
import { createIntl, createIntlCache, type IntlShape } from 'react-intl';
import { isLocale, type Locale } from '../i18n/locales.ts';

const files = import.meta.glob<Record<string, string>>(
  ['../i18n/app.*.json', '../i18n/domain.*.json', '../features/*/messages.*.json'],
  { import: 'default', eager: true },
);

const cache = createIntlCache();
const intls = new Map<Locale, IntlShape>();

function intlFor(locale: Locale): IntlShape {
  let intl = intls.get(locale);
  if (!intl) {
    const messages = Object.assign(
      {},
      ...Object.entries(files)
        .filter(([file]) => file.endsWith(`.${locale}.json`))
        .map(([, messages]) => messages),
    ) as Record<string, string>;
    intl = createIntl({ locale, messages, defaultLocale: 'en' }, cache);
    intls.set(locale, intl);
  }
  return intl;
}

/** The current story language: `<html lang>` as the preview set it, else English. */
export function storyLocale(): Locale {
  const lang = globalThis.document?.documentElement.lang;
  return isLocale(lang) ? lang : 'en';
}

/** Message `id` formatted in the story's language with `values`; throws on an unknown id. */
export function text(id: string, values?: Record<string, string | number>): string {
  const intl = intlFor(storyLocale());
  if (!(id in intl.messages)) throw new Error(`text(): no message "${id}" in ${intl.locale}`);
  return intl.formatMessage({ id }, values);
}

/**
 * Message `id` formatted in `locale` (not the story's), for docs pages that show one message
 * in every language; throws on an unknown id.
 */
export function textIn(locale: Locale, id: string, values?: Record<string, string | number>) {
  const intl = intlFor(locale);
  if (!(id in intl.messages)) throw new Error(`textIn(): no message "${id}" in ${locale}`);
  return intl.formatMessage({ id }, values);
}

const ANY = '\u0001';

/**
 * Message `id` in the story's language as a pattern: `values` given are filled in, every
 * other placeholder matches any text, and the match may be part of a longer text (a name
 * followed by "(opens in a new tab)", a time). For `findByText` and accessible names.
 */
export function textPattern(id: string, values: Record<string, string | number> = {}): RegExp {
  const intl = intlFor(storyLocale());
  if (!(id in intl.messages))
    throw new Error(`textPattern(): no message "${id}" in ${intl.locale}`);
  const source = JSON.stringify(intl.messages[id]);
  const names = [...source.matchAll(/\{\s*(\w+)|"value":"(\w+)"/g)].map((m) => m[1] ?? m[2]!);
  const anyValue = Object.fromEntries(names.map((name) => [name, ANY]));
  const formatted = intl.formatMessage({ id }, { ...anyValue, ...values });
  const escaped = formatted.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
  return new RegExp(escaped.split(ANY).join('.+?'));
}
