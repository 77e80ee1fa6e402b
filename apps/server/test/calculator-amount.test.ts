/**
 * The bill amount finder on OCR-like text: labels and currency words in English,
 * Spanish and Russian, Cyrillic read as Latin look-alikes by the English OCR, number
 * formats, and the traps (kWh, dates, account numbers, previous balance, subtotal).
 */
import { describe, expect, it } from 'vitest';
import { findBillAmount, parseAmount, skeleton } from '../src/calculator/bill-amount.ts';

describe('parseAmount', () => {
  it.each([
    ['1234', 1234],
    ['1 234', 1234],
    ['1 234,56', 1234.56],
    ['1.234,56', 1234.56],
    ['1,234.56', 1234.56],
    ['987.00', 987],
    ['987.5', 987.5],
    ['12 345 678', 12_345_678],
    ['1,234', 1234],
  ])('%s -> %s som', (raw, value) => {
    expect(parseAmount(raw)).toBe(value);
  });

  it.each(['0', '0,00', '123456789'])('%s is not an amount', (raw) => {
    expect(parseAmount(raw)).toBeUndefined();
  });
});

describe('skeleton', () => {
  it('folds Cyrillic and Latin look-alikes onto one letter, keeping positions', () => {
    expect(skeleton('Итого к оплате: 2 345,60 сом')).toBe('ntoro k onnate: 2 345,60 com');
    expect(skeleton('NToro k onnate: 2 345,60 com')).toBe('ntoro k onnate: 2 345,60 com');
    expect(skeleton('Amount Due')).toBe('amonnt dne');
    expect(skeleton('Total')).toBe(skeleton('TOTAL'));
    const text = 'Сумма: 1 500 сом';
    expect(skeleton(text)).toHaveLength(text.length);
  });
});

describe('findBillAmount', () => {
  it.each([
    ['English amount due', 'ELECTRICITY BILL\nAccount 1234567\nAmount due: 1 234.50 KGS', 1234.5],
    ['English total on the next line', 'Services\nTotal\n2,450.00', 2450],
    [
      'Spanish total a pagar',
      'FACTURA DE LUZ\nPeriodo 01/05/2024 - 31/05/2024\nTotal a pagar: 987,00',
      987,
    ],
    ['Spanish importe', 'Consumo 320 kWh\nImporte: 476,80 som', 476.8],
    [
      'Russian к оплате',
      'Счёт за электроэнергию\nЛицевой счёт 4455667\nК оплате: 2 345,60 сом',
      2345.6,
    ],
    ['Russian итого', 'Потреблено 300 кВт·ч\nИтого 447 сом', 447],
    [
      'Russian read as Latin look-alikes',
      'CYeT 3a 31eKTPO3HepPruio\nNToro k onnate: 2 345,60 com',
      2345.6,
    ],
    ['a currency word without a label', 'Payment slip\n1 500 сом\nThank you', 1500],
    ['the som sign', 'Бишкек\n750 ⃀', 750],
  ])('%s', (_name, text, amount) => {
    const found = findBillAmount(text, 90);
    expect(found.amount).toBe(amount);
    expect(found.confidence).toBeGreaterThan(0.3);
    expect(found.confidence).toBeLessThanOrEqual(1);
  });

  it('prefers the amount due over totals, previous balances and subtotals', () => {
    const text = [
      'Previous balance: 9 999.00',
      'Subtotal 1 000.00',
      'Total 1 180.00',
      'Amount due 1 180.00 KGS',
    ].join('\n');
    expect(findBillAmount(text).amount).toBe(1180);
    const withPaid = 'Last payment received: 5 000.00\nTotal due: 1 200.00';
    expect(findBillAmount(withPaid).amount).toBe(1200);
    const subtotalOnly = 'Subtotal 900.00\nTotal 1 062.00';
    expect(findBillAmount(subtotalOnly).amount).toBe(1062);
  });

  it('does not take energy, dates, percentages or account numbers for the amount', () => {
    expect(findBillAmount('Total 320 kWh').amount).toBeNull();
    expect(findBillAmount('Итого 15 %').amount).toBeNull();
    expect(findBillAmount('Total 12.05.2024').amount).toBeNull();
    expect(findBillAmount('Account No. 123456\nMeter 55443').amount).toBeNull();
    expect(findBillAmount('Total: 320 kWh\nAmount due: 476.80').amount).toBe(476.8);
  });

  it('answers null with confidence 0 when there is nothing to find', () => {
    expect(findBillAmount('')).toEqual({ amount: null, confidence: 0 });
    expect(findBillAmount('Hello world')).toEqual({ amount: null, confidence: 0 });
  });

  it('is surer with a strong label, a currency word and a confident OCR', () => {
    const strong = findBillAmount('Amount due: 1 234.50 KGS', 95).confidence;
    const weakLabel = findBillAmount('Balance 1 234.50', 95).confidence;
    const noLabel = findBillAmount('1 234.50', 95).confidence;
    const blurry = findBillAmount('Amount due: 1 234.50 KGS', 30).confidence;
    expect(strong).toBeGreaterThan(weakLabel);
    expect(weakLabel).toBeGreaterThan(noLabel);
    expect(strong).toBeGreaterThan(blurry);
  });
});
