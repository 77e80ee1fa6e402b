import { describe, expect, it } from 'vitest';
import { catalogs, initialLocale } from './locales.ts';

describe('locale catalogs (spec section 1: en, es, ru)', () => {
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
