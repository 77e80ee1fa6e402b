import { describe, expect, it } from 'vitest';
import { cleanModelTitle, summaryTitle } from './model.ts';

describe('summaryTitle', () => {
  it('keeps a short first message on one line', () => {
    expect(summaryTitle('  Hello\n  there  ')).toBe('Hello there');
  });

  it('cuts a long message at a word, at most 60 characters plus an ellipsis', () => {
    const title = summaryTitle(
      'I would like to know how many solar panels I need for a two storey house, please',
    );
    expect(title).toBe('I would like to know how many solar panels I need for a two…');
    expect(title.length).toBeLessThanOrEqual(61);
  });

  it('cuts a long word-less message at 60 characters', () => {
    expect(summaryTitle('x'.repeat(100))).toBe(`${'x'.repeat(60)}…`);
  });
});

describe('cleanModelTitle', () => {
  it.each([
    ['Title: "Solar for a flat roof".', 'Solar for a flat roof'],
    ['«Солнечные панели для дома»', 'Солнечные панели для дома'],
    ['\n\n  **Paneles solares**  \nextra line', 'Paneles solares'],
  ])('cleans %j', (raw, clean) => {
    expect(cleanModelTitle(raw)).toBe(clean);
  });

  it('gives up on empty answers and cuts at 200 characters', () => {
    expect(cleanModelTitle('  \n ""  ')).toBeUndefined();
    expect(cleanModelTitle('t'.repeat(300))).toHaveLength(200);
  });
});
