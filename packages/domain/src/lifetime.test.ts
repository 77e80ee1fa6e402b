import { describe, expect, it } from 'vitest';
import { ESTIMATE_CONSTANTS, quickEstimate } from './estimate.ts';
import {
  CAR_KG_CO2_PER_KM,
  co2Equivalents,
  fullLifetimeInput,
  GRID_EMISSION_FACTOR_KG_CO2_PER_KWH,
  KM_PER_MILE,
  LIFETIME_YEARS,
  lifetimeFigures,
  PANEL_DEGRADATION_PER_YEAR,
  quickLifetimeInput,
  TARIFF_ESCALATION_PER_YEAR,
  TREE_SEEDLING_10_YEARS_KG_CO2,
  type LifetimeInput,
} from './lifetime.ts';

/** 1 000 kWh a year at 2 som/kWh for 10 000 som: round numbers to derive results from. */
const plain: LifetimeInput = { firstYearKwh: 1000, costSom: 10_000, pricePerKwhSom: 2 };
const flat = { degradationPerYear: 0 } as const;
const sum = (values: number[]) => values.reduce((a, b) => a + b, 0);

describe('lifetime figures', () => {
  it('uses the named defaults: 25 years, 0.5 %/year degradation, no escalation, 0.172 kg/kWh', () => {
    expect([LIFETIME_YEARS, PANEL_DEGRADATION_PER_YEAR, TARIFF_ESCALATION_PER_YEAR]).toEqual([
      25, 0.005, 0,
    ]);
    expect(GRID_EMISSION_FACTOR_KG_CO2_PER_KWH).toBe(0.172);
    const figures = lifetimeFigures(plain);
    expect(figures.years).toBe(25);
    expect(figures.cashFlow.map((y) => y.year)).toEqual([...Array(26).keys()]);
    expect(figures.cashFlow[25]!.productionKwh).toBeCloseTo(1000 * 0.995 ** 24, 9);
    expect(figures.cashFlow[25]!.pricePerKwhSom).toBe(2);
    expect(figures.assumptions).toEqual({
      degradationPerYear: 0.005,
      tariffEscalationPerYear: 0,
      gridEmissionFactorKgPerKwh: 0.172,
    });
    const custom = { degradationPerYear: 0.01, tariffEscalationPerYear: 0.05 };
    expect(lifetimeFigures(plain, custom).assumptions).toEqual({
      ...custom,
      gridEmissionFactorKgPerKwh: 0.172,
    });
  });

  it('year 0 is the purchase: no production, cumulative cash flow = -cost', () => {
    expect(lifetimeFigures(plain).cashFlow[0]).toEqual({
      year: 0,
      productionKwh: 0,
      pricePerKwhSom: 2,
      savingsSom: 0,
      cumulativeCashFlowSom: -10_000,
    });
  });

  it('compounds degradation: each year makes (1 - d) of the year before, year 1 undegraded', () => {
    const { cashFlow, lifetimeProductionKwh } = lifetimeFigures(plain, { degradationPerYear: 0.1 });
    expect(cashFlow[1]!.productionKwh).toBe(1000);
    expect(cashFlow[2]!.productionKwh).toBeCloseTo(900, 9);
    expect(cashFlow[3]!.productionKwh).toBeCloseTo(810, 9); // 1000 x 0.9 x 0.9, not 1000 - 2 x 100
    for (let n = 2; n <= 25; n += 1) {
      expect(cashFlow[n]!.productionKwh / cashFlow[n - 1]!.productionKwh).toBeCloseTo(0.9, 12);
    }
    // Geometric series: 1000 x (1 - 0.9^25) / (1 - 0.9).
    expect(lifetimeProductionKwh).toBeCloseTo((1000 * (1 - 0.9 ** 25)) / 0.1, 6);
  });

  it('escalates the tariff by (1 + e) a year and values each year at its own tariff', () => {
    const { cashFlow, lifetimeSavingsSom } = lifetimeFigures(plain, {
      ...flat,
      tariffEscalationPerYear: 0.1,
    });
    expect(cashFlow[1]!.pricePerKwhSom).toBe(2);
    expect(cashFlow[2]!.pricePerKwhSom).toBeCloseTo(2.2, 12);
    expect(cashFlow[3]!.pricePerKwhSom).toBeCloseTo(2.42, 12);
    expect(cashFlow[3]!.savingsSom).toBeCloseTo(2420, 9);
    expect(lifetimeSavingsSom).toBeCloseTo((2000 * (1.1 ** 25 - 1)) / 0.1, 6);
    // Degradation and escalation multiply: year 2 = 1000 x 0.9 kWh x 2 x 1.1 som/kWh.
    const both = lifetimeFigures(plain, { degradationPerYear: 0.1, tariffEscalationPerYear: 0.1 });
    expect(both.cashFlow[2]!.savingsSom).toBeCloseTo(900 * 2.2, 9);
  });

  it('accumulates the cash flow from -cost and reports savings and net savings', () => {
    const figures = lifetimeFigures(plain);
    const savings = figures.cashFlow.map((y) => y.savingsSom);
    figures.cashFlow.slice(1).forEach((y, i) => {
      expect(y.savingsSom).toBeCloseTo(y.productionKwh * 2, 9);
      expect(y.cumulativeCashFlowSom).toBeCloseTo(-10_000 + sum(savings.slice(0, i + 2)), 6);
    });
    expect(figures.lifetimeSavingsSom).toBeCloseTo(sum(savings), 6);
    expect(figures.netSavingsSom).toBeCloseTo(figures.lifetimeSavingsSom - 10_000, 6);
    expect(figures.netSavingsSom).toBe(figures.cashFlow[25]!.cumulativeCashFlowSom);
  });

  it('pays back in the first year whose cumulative cash flow is 0 or more (boundaries)', () => {
    // 2 000 som a year without degradation: 10 000 som is exactly repaid at the end of year 5.
    const exact = lifetimeFigures(plain, flat);
    expect(exact.cashFlow[4]!.cumulativeCashFlowSom).toBe(-2000);
    expect(exact.cashFlow[5]!.cumulativeCashFlowSom).toBe(0);
    expect(exact.paybackYear).toBe(5);
    // One som more and year 5 still ends short: year 6.
    expect(lifetimeFigures({ ...plain, costSom: 10_001 }, flat).paybackYear).toBe(6);
    // One som less: year 5.
    expect(lifetimeFigures({ ...plain, costSom: 9_999 }, flat).paybackYear).toBe(5);
    // Degradation delays it: 2000 x (1 + 0.995 + ... + 0.995^4) < 10 000, so year 6.
    expect(lifetimeFigures(plain).paybackYear).toBe(6);
  });

  it('pays back in the last year exactly, and never one year later', () => {
    const last = { ...plain, costSom: 50_000 }; // 25 x 2 000 som
    expect(lifetimeFigures(last, flat).paybackYear).toBe(25);
    expect(lifetimeFigures({ ...last, costSom: 50_001 }, flat).paybackYear).toBeNull();
  });

  it('a free system has paid back at year 0', () => {
    const free = lifetimeFigures({ ...plain, costSom: 0 });
    expect(free.paybackYear).toBe(0);
    expect(free.netSavingsSom).toBe(free.lifetimeSavingsSom);
  });

  it('never pays back without savings (rate 0 or no production): null, net = -cost', () => {
    for (const input of [
      { ...plain, pricePerKwhSom: 0 },
      { ...plain, firstYearKwh: 0 },
    ]) {
      const figures = lifetimeFigures(input);
      expect(figures.paybackYear).toBeNull();
      expect(figures.lifetimeSavingsSom).toBe(0);
      expect(figures.netSavingsSom).toBe(-10_000);
    }
  });

  it('computes CO2 as lifetime kWh x grid factor / 1000, and its equivalents', () => {
    const figures = lifetimeFigures(plain, flat); // 25 000 kWh
    expect(figures.lifetimeProductionKwh).toBe(25_000);
    expect(figures.co2AvoidedTonnes).toBeCloseTo((25_000 * 0.172) / 1000, 12); // 4.3 t
    expect(figures.equivalents.treeSeedlings10Years).toBeCloseTo(4300 / 60, 9);
    expect(figures.equivalents.carKm).toBeCloseTo(4300 / (0.4 / 1.609344), 6);
    const custom = lifetimeFigures(plain, { ...flat, gridEmissionFactorKgPerKwh: 0.5 });
    expect(custom.co2AvoidedTonnes).toBeCloseTo(12.5, 12);
    expect(lifetimeFigures(plain, { ...flat, years: 10 }).co2AvoidedTonnes).toBeCloseTo(1.72, 12);
  });

  it('derives the equivalents from their sources: 60 kg per seedling, 400 g per mile', () => {
    expect(TREE_SEEDLING_10_YEARS_KG_CO2).toBe(60);
    expect(KM_PER_MILE).toBe(1.609344);
    expect(CAR_KG_CO2_PER_KM * KM_PER_MILE).toBeCloseTo(0.4, 12);
    expect(co2Equivalents(120)).toEqual({
      treeSeedlings10Years: 2,
      carKm: 120 / CAR_KG_CO2_PER_KM,
    });
    expect(co2Equivalents(0)).toEqual({ treeSeedlings10Years: 0, carKm: 0 });
  });

  it.each([
    ['firstYearKwh', { ...plain, firstYearKwh: -1 }],
    ['firstYearKwh', { ...plain, firstYearKwh: Number.NaN }],
    ['costSom', { ...plain, costSom: -0.01 }],
    ['costSom', { ...plain, costSom: Number.POSITIVE_INFINITY }],
    ['pricePerKwhSom', { ...plain, pricePerKwhSom: -2 }],
  ])('rejects a bad %s with a RangeError naming it', (field, input) => {
    expect(() => lifetimeFigures(input)).toThrow(RangeError);
    expect(() => lifetimeFigures(input)).toThrow(field);
  });

  it.each([
    ['years', { years: 0 }],
    ['years', { years: 101 }],
    ['years', { years: 2.5 }],
    ['degradationPerYear', { degradationPerYear: 1 }],
    ['degradationPerYear', { degradationPerYear: -0.005 }],
    ['tariffEscalationPerYear', { tariffEscalationPerYear: -0.1 }],
    ['tariffEscalationPerYear', { tariffEscalationPerYear: Number.NaN }],
    ['gridEmissionFactorKgPerKwh', { gridEmissionFactorKgPerKwh: -0.172 }],
  ])('rejects an out-of-range option %s', (field, options) => {
    expect(() => lifetimeFigures(plain, options)).toThrow(RangeError);
    expect(() => lifetimeFigures(plain, options)).toThrow(field);
  });

  it('takes a quick estimate: its yearly kWh and cost at its rate; simple payback stays 4.5', () => {
    const estimate = quickEstimate({ monthlyKwh: 300, pricePerKwhSom: 1.49 });
    const input = quickLifetimeInput(estimate, 1.49);
    expect(input).toEqual({
      firstYearKwh: estimate.yearlyProductionKwh,
      costSom: estimate.estimatedCostSom,
      pricePerKwhSom: 1.49,
    });
    expect(quickLifetimeInput(estimate).pricePerKwhSom).toBe(1.49);
    // Simple payback 11 100 / (4.5 x 365 x 1.49) = 4.54 years at any size: the cash flow is
    // still short after 4 years, and with 0.5 %/year degradation repaid during year 5.
    expect(estimate.paybackYears).toBe(4.5);
    expect(lifetimeFigures(input).paybackYear).toBe(5);
  });

  it('takes the full calculator: cost = kW x 11 100 som, with its own yearly kWh', () => {
    expect(fullLifetimeInput(3.2, 4321, 1.2)).toEqual({
      firstYearKwh: 4321,
      costSom: 3.2 * ESTIMATE_CONSTANTS.costSomPerKw,
      pricePerKwhSom: 1.2,
    });
    expect(() => fullLifetimeInput(-1, 4321, 1.2)).toThrow(RangeError);
  });
});
