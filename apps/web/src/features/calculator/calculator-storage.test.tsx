import { parseQuickCalculatorData } from '@solar/domain';
import { describe, expect, it } from 'vitest';
import { parseStoredQuickData } from './calculator-storage.ts';

const valid = {
  monthlyBill: 447,
  averageKwh: 300,
  pricePerKwh: 1.49,
  address: 'Bishkek',
  billInputMethod: 'photo',
  timestamp: 1_700_000_000_000,
};
const { address: _address, billInputMethod: _method, ...minimal } = valid;

// Each case is stored JSON; the page's reader must answer exactly as the domain's parser.
const cases: [string, unknown][] = [
  ['valid data', valid],
  ['defaults for address and bill input method', minimal],
  ['extra properties (roof size, budget)', { ...valid, roofSizeM2: 40, budget: 'any' }],
  ['zero amounts', { ...valid, monthlyBill: 0, averageKwh: 0, pricePerKwh: 0, timestamp: 0 }],
  ['manual method', { ...valid, billInputMethod: 'manual' }],
  ['a negative amount', { ...valid, averageKwh: -1 }],
  ['a negative rate', { ...valid, pricePerKwh: -0.01 }],
  ['an amount as text', { ...valid, monthlyBill: '447' }],
  ['a missing amount', { ...valid, timestamp: undefined }],
  ['a null amount', { ...valid, monthlyBill: null }],
  ['a null address', { ...valid, address: null }],
  ['a numeric address', { ...valid, address: 12 }],
  ['an unknown bill input method', { ...valid, billInputMethod: 'fax' }],
  ['a null bill input method', { ...valid, billInputMethod: null }],
  ['an array', [valid]],
  ['null', null],
  ['a number', 5],
  ['a string', 'data'],
  ['an empty object', {}],
];

describe('stored quick calculator data', () => {
  it.each(cases)('reads %s as the domain does', (_name, value) => {
    const json = JSON.stringify(value);
    expect(parseStoredQuickData(JSON.parse(json))).toEqual(parseQuickCalculatorData(json));
  });

  it('keeps valid data and fills the defaults', () => {
    expect(parseStoredQuickData(valid)).toEqual(valid);
    expect(parseStoredQuickData(minimal)).toEqual({
      ...minimal,
      address: '',
      billInputMethod: 'manual',
    });
  });

  it('refuses data that breaks a rule', () => {
    expect(parseStoredQuickData({ ...valid, averageKwh: -1 })).toBeNull();
    expect(parseStoredQuickData([valid])).toBeNull();
  });
});
