import { describe, expect, it } from 'vitest';
import { normalizeEmail } from './email.ts';

describe('normalizeEmail', () => {
  it('trims and lowercases', () => {
    expect(normalizeEmail('  Aida.Bekova@Example.COM ')).toBe('aida.bekova@example.com');
  });

  it("maps 'İ' the same whether written precomposed or as I + combining dot", () => {
    const precomposed = normalizeEmail('İlkay@example.com');
    expect(precomposed).toBe('i\u0307lkay@example.com');
    expect(normalizeEmail('I\u0307lkay@example.com')).toBe(precomposed);
    expect(normalizeEmail(precomposed)).toBe(precomposed);
  });

  it('composes to NFC, so canonically equal addresses are one', () => {
    expect(normalizeEmail('Jose\u0301@example.com')).toBe(normalizeEmail('José@example.com'));
  });

  it('folds compatibility forms (NFKC): full-width letters are the ASCII address', () => {
    expect(normalizeEmail('ＣＬＩＥＮＴ@x.test')).toBe('client@x.test');
    expect(normalizeEmail('ｃｌｉｅｎｔ＠ｘ．ｔｅｓｔ')).toBe('client@x.test');
    expect(normalizeEmail('ﬁnance@x.test')).toBe('finance@x.test');
    expect(normalizeEmail(normalizeEmail('ＣＬＩＥＮＴ@x.test'))).toBe('client@x.test');
  });
});
