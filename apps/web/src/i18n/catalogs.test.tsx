import { describe, expect, it } from 'vitest';
import { allMessages } from '@solar/domain';
import { catalogs, initialLocale } from './locales.ts';

describe('locale catalogs (spec section 1: en, es, ru)', () => {
  it('English covers every domain message with its default text', () => {
    for (const message of Object.values(allMessages)) {
      expect(catalogs.en[message.id]).toBe(message.defaultMessage);
    }
  });

  it.each(['es', 'ru'] as const)('%s keeps every {placeholder} of the English text', (locale) => {
    const placeholders = (text: string) => [...text.matchAll(/\{(\w+)\}/g)].map((m) => m[1]).sort();
    for (const [id, text] of Object.entries(catalogs.en)) {
      expect([id, placeholders(catalogs[locale][id] ?? '')]).toEqual([id, placeholders(text)]);
    }
  });

  const english = Object.keys(catalogs.en).sort();
  it.each(['es', 'ru'] as const)('%s has every message id English has, and no others', (locale) => {
    expect(Object.keys(catalogs[locale]).sort()).toEqual(english);
  });

  it.each(['es', 'ru'] as const)('%s has no empty message', (locale) => {
    expect(Object.entries(catalogs[locale]).filter(([, text]) => !text.trim())).toEqual([]);
  });

  it('prefers the stored language, then the browser language, then English', () => {
    const storage = (value: string | null) => ({ getItem: () => value });
    expect(initialLocale(storage('ru'), ['es-ES'])).toBe('ru');
    expect(initialLocale(storage('de'), ['es-ES'])).toBe('es');
    expect(initialLocale(storage(null), ['de-DE'])).toBe('en');
  });
});
