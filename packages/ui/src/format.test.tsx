import { describe, expect, it } from 'vitest';
import { formatNumber, formatSom, somUnit } from './format.ts';

describe('som and number formatting', () => {
  it('writes whole som with the locale grouping and unit word', () => {
    expect(formatSom(138750, 'en')).toBe('138,750\u00a0som');
    expect(formatSom(138750.6, 'en')).toBe('138,751\u00a0som');
    expect(formatSom(138750, 'ru')).toBe('138\u00a0750\u00a0сом');
    expect(formatSom(4770, 'es')).toMatch(/^4.?770\u00a0som$/u);
  });

  it('falls back to English for an unknown locale', () => {
    expect(somUnit('de')).toBe('som');
    expect(somUnit('ru-RU')).toBe('сом');
  });

  it('keeps the requested decimals', () => {
    expect(formatNumber(2.4, 'en', 1)).toBe('2.4');
    expect(formatNumber(2.4, 'ru', 1)).toBe('2,4');
    expect(formatNumber(2.45, 'en')).toBe('2');
  });
});
