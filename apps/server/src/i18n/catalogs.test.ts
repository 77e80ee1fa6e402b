/**
 * The server catalogs (docs/product.md#languages-and-formats), checked like the web app's
 * (apps/web/src/i18n/catalogs.test.tsx): one file per interface language, the same ids in
 * each, every message valid ICU MessageFormat, with English's arguments and no empty text.
 */
import { LOCALES, type Locale } from '@solar/domain/constants';
import { IntlMessageFormat } from 'intl-messageformat';
import { readdirSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { formatMessage, MESSAGE_OPTIONS, SERVER_CATALOGS } from './catalogs.ts';

/** An ICU element as the parser gives it: its kind, its argument, its branches. */
interface IcuElement {
  type: number;
  value?: unknown;
  options?: Record<string, { value: IcuElement[] }>;
  children?: IcuElement[];
}

/** Each argument a message names, with its kind (1 plain, 5 select, 6 plural, ...). */
function argumentsOf(elements: IcuElement[], found = new Set<string>()): Set<string> {
  for (const element of elements) {
    // Literals (0) and the plural's `#` (7) name no argument.
    if (element.type !== 0 && element.type !== 7 && typeof element.value === 'string')
      found.add(`${element.value}:${element.type}`);
    for (const option of Object.values(element.options ?? {})) argumentsOf(option.value, found);
    if (element.children) argumentsOf(element.children, found);
  }
  return found;
}

const parse = (locale: Locale, text: string) =>
  new IntlMessageFormat(text, locale, undefined, MESSAGE_OPTIONS).getAst() as IcuElement[];

const english = SERVER_CATALOGS.en;
const ids = Object.keys(english).sort();
const others = LOCALES.filter((locale) => locale !== 'en');

describe('server catalogs', () => {
  it('has one messages file per interface language, and no other', () => {
    const files = readdirSync(new URL('.', import.meta.url)).filter((file) =>
      /^messages\..+\.json$/.test(file),
    );
    expect(files.sort()).toEqual(LOCALES.map((locale) => `messages.${locale}.json`).sort());
  });

  it.each(others)('%s has every message id English has, and no others', (locale) => {
    expect(Object.keys(SERVER_CATALOGS[locale]).sort()).toEqual(ids);
  });

  it.each([...LOCALES])(
    'every %s message parses as ICU MessageFormat and is not empty',
    (locale) => {
      for (const [id, text] of Object.entries(SERVER_CATALOGS[locale])) {
        expect([id, text.trim() !== '']).toEqual([id, true]);
        expect(() => parse(locale, text), id).not.toThrow();
      }
    },
  );

  it.each(others)('%s keeps the arguments of every English message', (locale) => {
    for (const id of ids) {
      const args = (l: Locale) =>
        [...argumentsOf(parse(l, SERVER_CATALOGS[l][id as keyof typeof english]))].sort();
      expect([id, args(locale)]).toEqual([id, args('en')]);
    }
  });

  it('picks the plural form of the language', () => {
    const years = (locale: Locale, count: number) =>
      formatMessage(locale, 'proposal.years', { count });
    expect([1, 3, 4.5, 5, 21].map((n) => years('ru', n))).toEqual([
      'год',
      'года',
      'года',
      'лет',
      'год',
    ]);
    expect([1, 4.5].map((n) => years('es', n))).toEqual(['año', 'años']);
    expect([1, 21].map((n) => years('en', n))).toEqual(['year', 'years']);
  });
});
