import { describe, expect, it } from 'vitest';
import {
  BILL_MAX,
  DEFAULT_INPUTS,
  fromStored,
  KWH_MAX,
  withBill,
  withKwh,
  withRate,
} from './quick-inputs.ts';

describe('quick calculator inputs: kWh, bill and rate kept in step', () => {
  it('starts at the spec defaults: 300 kWh, 447 som at 1.49 som/kWh', () => {
    expect(DEFAULT_INPUTS).toMatchObject({
      monthlyKwh: 300,
      monthlyBillSom: 447,
      pricePerKwhSom: 1.49,
    });
  });

  it('moves the bill with the use at the current rate, within the bill slider', () => {
    expect(withKwh(DEFAULT_INPUTS, 500)).toMatchObject({ monthlyKwh: 500, monthlyBillSom: 745 });
    const expensive = withRate(DEFAULT_INPUTS, 3);
    expect(withKwh(expensive, 5000)).toMatchObject({ monthlyKwh: 5000, monthlyBillSom: BILL_MAX });
  });

  it('moves the use with the bill at the current rate, within the kWh slider', () => {
    expect(withBill(DEFAULT_INPUTS, 745)).toMatchObject({ monthlyKwh: 500, monthlyBillSom: 745 });
    const cheap = withRate(DEFAULT_INPUTS, 0.5);
    expect(withBill(cheap, 7500)).toMatchObject({ monthlyKwh: KWH_MAX, monthlyBillSom: 7500 });
  });

  it('keeps the use when the rate is 0 and the bill changes', () => {
    const free = withRate(DEFAULT_INPUTS, 0);
    expect(free).toMatchObject({ pricePerKwhSom: 0, monthlyBillSom: 0, monthlyKwh: 300 });
    expect(withBill(free, 100)).toMatchObject({ monthlyKwh: 300, monthlyBillSom: 100 });
  });

  it('moves the bill with the rate; a cleared or negative rate counts as 0', () => {
    expect(withRate(DEFAULT_INPUTS, 2)).toMatchObject({ pricePerKwhSom: 2, monthlyBillSom: 600 });
    expect(withRate(DEFAULT_INPUTS, Number.NaN)).toMatchObject({
      pricePerKwhSom: 0,
      monthlyBillSom: 0,
    });
    expect(withRate(DEFAULT_INPUTS, -1).pricePerKwhSom).toBe(0);
  });

  it('restores stored inputs within the sliders', () => {
    const restored = fromStored({
      monthlyBill: 99_999,
      averageKwh: 99_999,
      pricePerKwh: 1.2,
      address: 'Bishkek',
      billInputMethod: 'photo',
      timestamp: 0,
      roofSizeM2: 40,
      budget: 'under150k',
    });
    expect(restored).toEqual({
      monthlyKwh: KWH_MAX,
      monthlyBillSom: BILL_MAX,
      pricePerKwhSom: 1.2,
      address: 'Bishkek',
      roofSizeM2: 40,
      budget: 'under150k',
      billInputMethod: 'photo',
    });
  });
});
