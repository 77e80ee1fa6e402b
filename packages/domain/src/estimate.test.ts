import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  BILL_SLIDER,
  ESTIMATE_CONSTANTS,
  ESTIMATE_DEFAULTS,
  KWH_SLIDER,
  RATE_INPUT,
  billToKwh,
  canCalculate,
  kwhToBill,
  quickEstimate,
  roundHalfUp,
} from './estimate.ts';
import { parseQuickCalculatorData } from './quick-calculator-data.ts';

describe('constants', () => {
  it('has the defaults, formula constants and slider bounds of the spec', () => {
    expect(ESTIMATE_DEFAULTS).toEqual({
      pricePerKwhSom: 1.49,
      monthlyKwh: 300,
      monthlyBillSom: 447,
    });
    expect(ESTIMATE_CONSTANTS).toEqual({
      daysPerMonth: 30,
      sunHoursPerDay: 4.5,
      panelKw: 0.4,
      costSomPerKw: 11_100,
      roofM2PerPanel: 2,
      daysPerYear: 365,
      monthsPerYear: 12,
    });
    expect(KWH_SLIDER).toEqual({ min: 0, max: 5000, step: 5 });
    expect(BILL_SLIDER).toEqual({ min: 0, max: 7500, step: 5 });
    expect(RATE_INPUT).toEqual({ min: 0, step: 0.01 });
    // The default bill is the default use at the default rate.
    expect(kwhToBill(ESTIMATE_DEFAULTS.monthlyKwh)).toBe(ESTIMATE_DEFAULTS.monthlyBillSom);
  });
});

describe('quickEstimate, worked by hand', () => {
  it.each([
    // 300 kWh: 10 kWh/day; 10 / 4.5 = 2.22 kW; / 0.4 = 5.56 -> 6 panels = 2.4 kW.
    // cost 2.4 x 11100 = 26 640; yearly 2.4 x 4.5 x 365 = 3942 kWh;
    // savings 3942 / 12 x 1.49 = 328.5 x 1.49 = 489.465 -> 489; payback 26640 / 5873.58 = 4.54 -> 4.5.
    ['300 kWh at 1.49', 300, 1.49, [2.4, 6, 26_640, 489, 3942, 4.5, 12]],
    // 54 kWh: 1.8 kWh/day; / 4.5 = 0.4 kW -> exactly 1 panel (no float round-up to 2).
    // cost 4440; yearly 657; savings 54.75 x 1.49 = 81.58 -> 82; payback 4440 / 978.93 = 4.54.
    ['54 kWh: exactly one panel', 54, 1.49, [0.4, 1, 4440, 82, 657, 4.5, 2]],
    // 162 kWh = exactly 3 panels; naive float division gives 3.0000000000000004.
    ['162 kWh: no float round-up', 162, 1.49, [1.2, 3, 13_320, 245, 1971, 4.5, 6]],
    // 55 kWh: 1.0185 panels -> 2 panels = 0.8 kW; cost 8880; yearly 1314; savings 109.5 x 1.49 = 163.16.
    ['55 kWh: rounds up to 2 panels', 55, 1.49, [0.8, 2, 8880, 163, 1314, 4.5, 4]],
    // 1000 kWh at 2 som: 33.33/4.5 = 7.41 kW; /0.4 = 18.5 -> 19 panels = 7.6 kW; cost 84 360;
    // yearly 12 483; savings 1040.25 x 2 = 2080.5 -> 2081 (half up); payback 84360 / 24966 = 3.38 -> 3.4.
    ['1000 kWh at 2 som', 1000, 2, [7.6, 19, 84_360, 2081, 12_483, 3.4, 38]],
    // 5000 kWh (slider max): 37.04 kW / 0.4 = 92.6 -> 93 panels = 37.2 kW; cost 412 920;
    // yearly 61 101; savings 5091.75 x 1.49 = 7586.71 -> 7587; payback 412920 / 91040.5 = 4.54.
    ['5000 kWh', 5000, 1.49, [37.2, 93, 412_920, 7587, 61_101, 4.5, 186]],
    // 300 kWh at 0.5 som: savings 328.5 x 0.5 = 164.25 -> 164; payback 26640 / 1971 = 13.52 -> 13.5.
    ['300 kWh at 0.5', 300, 0.5, [2.4, 6, 26_640, 164, 3942, 13.5, 12]],
    // Rate 0: no savings, so no payback (null), the system is still sized.
    ['300 kWh at rate 0', 300, 0, [2.4, 6, 26_640, 0, 3942, null, 12]],
    // 0 kWh: everything 0, payback null.
    ['0 kWh', 0, 1.49, [0, 0, 0, 0, 0, null, 0]],
    // Invalid inputs count as 0.
    ['negative kWh', -100, 1.49, [0, 0, 0, 0, 0, null, 0]],
    ['NaN kWh', Number.NaN, 1.49, [0, 0, 0, 0, 0, null, 0]],
    ['infinite rate', 300, Number.POSITIVE_INFINITY, [2.4, 6, 26_640, 0, 3942, null, 12]],
  ] as const)('%s', (_, monthlyKwh, pricePerKwhSom, expected) => {
    const r = quickEstimate({ monthlyKwh, pricePerKwhSom });
    expect([
      r.systemSizeKw,
      r.panelCount,
      r.estimatedCostSom,
      r.monthlySavingsSom,
      r.yearlyProductionKwh,
      r.paybackYears,
      r.roofCoverageM2,
    ]).toEqual(expected);
  });

  it('uses 1.49 som/kWh when no rate is given', () => {
    expect(quickEstimate({ monthlyKwh: 300 })).toEqual(
      quickEstimate({ monthlyKwh: 300, pricePerKwhSom: 1.49 }),
    );
  });
});

describe('bill <-> kWh', () => {
  it.each([
    [447, 1.49, 300],
    [100, 1.49, 67], // 67.11 -> 67
    [7500, 1.49, 5034], // 5033.56 -> 5034
    [0, 1.49, 0],
    [100, 0, 0], // no rate, no conversion
    [-5, 1.49, 0],
    [10, 4, 3], // 2.5 -> 3 (half up)
  ])('bill %s som at %s -> %s kWh', (bill, rate, kwh) => {
    expect(billToKwh(bill, rate)).toBe(kwh);
  });

  it.each([
    [300, 1.49, 447],
    [5, 1.49, 7], // 7.45 -> 7
    [5000, 1.49, 7450],
    [1, 0.5, 1], // 0.5 -> 1 (half up)
    [0, 1.49, 0],
    [100, -1, 0],
  ])('%s kWh at %s -> bill %s som', (kwh, rate, bill) => {
    expect(kwhToBill(kwh, rate)).toBe(bill);
  });

  it('defaults the rate to 1.49 som/kWh', () => {
    expect(billToKwh(447)).toBe(300);
    expect(kwhToBill(300)).toBe(447);
  });

  it('enables Calculate only above 0 kWh', () => {
    expect(canCalculate(0)).toBe(false);
    expect(canCalculate(Number.NaN)).toBe(false);
    expect(canCalculate(5)).toBe(true);
  });

  it('rounds half up', () => {
    expect(roundHalfUp(489.465)).toBe(489);
    expect(roundHalfUp(2080.5)).toBe(2081);
    expect(roundHalfUp(1.005, 2)).toBe(1.01);
    expect(roundHalfUp(4.45, 1)).toBe(4.5);
  });
});

describe('quickEstimate properties', () => {
  const kwh = fc.double({ min: 0, max: 100_000, noNaN: true });
  // The rate input has a 0.01 step: rates are 0 or at least 0.01 som/kWh.
  const rate = fc.oneof(fc.constant(0), fc.double({ min: 0.01, max: 100, noNaN: true }));

  it('gives finite, non-negative results (payback null only without savings)', () => {
    fc.assert(
      fc.property(kwh, rate, (monthlyKwh, pricePerKwhSom) => {
        const r = quickEstimate({ monthlyKwh, pricePerKwhSom });
        for (const [key, value] of Object.entries(r)) {
          if (key === 'paybackYears' && value === null) continue;
          expect(Number.isFinite(value)).toBe(true);
          expect(value).toBeGreaterThanOrEqual(0);
        }
        expect(r.paybackYears === null).toBe(r.panelCount === 0 || pricePerKwhSom === 0);
        expect(Number.isInteger(r.panelCount)).toBe(true);
        expect(r.roofCoverageM2).toBe(r.panelCount * 2);
      }),
    );
  });

  it('covers the consumption: panels x 0.4 kW x 4.5 h x 30 days >= monthly kWh', () => {
    fc.assert(
      fc.property(kwh, (monthlyKwh) => {
        const r = quickEstimate({ monthlyKwh });
        expect(r.panelCount * 0.4 * 4.5 * 30).toBeGreaterThanOrEqual(monthlyKwh - 1e-4);
        expect((r.panelCount - 1) * 0.4 * 4.5 * 30).toBeLessThan(monthlyKwh);
      }),
    );
  });

  it('grows the system with consumption', () => {
    fc.assert(
      fc.property(kwh, kwh, rate, (a, b, pricePerKwhSom) => {
        const [low, high] = a <= b ? [a, b] : [b, a];
        const small = quickEstimate({ monthlyKwh: low, pricePerKwhSom });
        const large = quickEstimate({ monthlyKwh: high, pricePerKwhSom });
        expect(large.systemSizeKw).toBeGreaterThanOrEqual(small.systemSizeKw);
        expect(large.panelCount).toBeGreaterThanOrEqual(small.panelCount);
        expect(large.estimatedCostSom).toBeGreaterThanOrEqual(small.estimatedCostSom);
        expect(large.yearlyProductionKwh).toBeGreaterThanOrEqual(small.yearlyProductionKwh);
      }),
    );
  });

  it('shortens the payback as the rate rises', () => {
    fc.assert(
      fc.property(
        fc.double({ min: 1, max: 100_000, noNaN: true }),
        rate,
        rate,
        (monthlyKwh, a, b) => {
          fc.pre(a !== b && Math.min(a, b) > 0);
          const [low, high] = a < b ? [a, b] : [b, a];
          const cheap = quickEstimate({ monthlyKwh, pricePerKwhSom: low }).paybackYears!;
          const dear = quickEstimate({ monthlyKwh, pricePerKwhSom: high }).paybackYears!;
          expect(dear).toBeLessThanOrEqual(cheap);
        },
      ),
    );
  });

  it('round-trips bill and kWh within rounding', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: 5000 }),
        fc.double({ min: 0.5, max: 10, noNaN: true }),
        (kwh, r) => {
          expect(Math.abs(billToKwh(kwhToBill(kwh, r), r) - kwh)).toBeLessThanOrEqual(1);
        },
      ),
    );
  });
});

describe('stored calculator data', () => {
  const data = {
    monthlyBill: 447,
    averageKwh: 300,
    pricePerKwh: 1.49,
    address: 'Bishkek',
    billInputMethod: 'photo',
    timestamp: 1,
  };
  it('reads valid data and fills defaults', () => {
    expect(parseQuickCalculatorData(JSON.stringify(data))).toEqual(data);
    const { address: _a, billInputMethod: _b, ...minimal } = data;
    expect(parseQuickCalculatorData(JSON.stringify(minimal))).toEqual({
      ...minimal,
      address: '',
      billInputMethod: 'manual',
    });
  });

  it.each([
    [null],
    ['{bad'],
    ['[]'],
    [JSON.stringify({ ...data, averageKwh: -1 })],
    [JSON.stringify({ ...data, billInputMethod: 'fax' })],
  ])('is null for %s', (json) => {
    expect(parseQuickCalculatorData(json)).toBeNull();
  });
});
