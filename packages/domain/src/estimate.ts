/**
 * The quick solar estimate (docs/product.md#quick-calculator): defaults, slider bounds, the bill
 * <-> kWh conversion and the formulas. Units are in the names: kWh (energy), kW (power),
 * som (money, KGS), years, m2. Rounding is decided in docs/decisions/004-quick-estimate-
 * rounding.md: whole panels (rounded up), kW and years to 1 decimal, som, kWh and m2 to
 * whole numbers, half up. The stored calculator inputs are read in quick-calculator-data.ts,
 * apart from the formulas, so that a page using the formulas does not load zod.
 */
/** Quick calculator defaults (docs/product.md#quick-calculator): 1.49 som/kWh, 300 kWh, 447 som. */
export const ESTIMATE_DEFAULTS = {
  pricePerKwhSom: 1.49,
  monthlyKwh: 300,
  monthlyBillSom: 447,
} as const;

/** The formula constants of docs/product.md#quick-calculator. */
export const ESTIMATE_CONSTANTS = {
  daysPerMonth: 30,
  sunHoursPerDay: 4.5,
  panelKw: 0.4,
  costSomPerKw: 11_100,
  roofM2PerPanel: 2,
  daysPerYear: 365,
  monthsPerYear: 12,
} as const;

/** A slider or number input's bounds (docs/product.md#quick-calculator). */
export interface InputBounds {
  readonly min: number;
  readonly max?: number;
  readonly step: number;
}

/** Monthly use slider, kWh: 0..5000 step 5 (docs/product.md#quick-calculator). */
export const KWH_SLIDER: InputBounds = { min: 0, max: 5000, step: 5 };
/** Monthly bill slider, som: 0..7500 step 5 (docs/product.md#quick-calculator). */
export const BILL_SLIDER: InputBounds = { min: 0, max: 7500, step: 5 };
/** Rate input, som per kWh: min 0, step 0.01 (docs/product.md#quick-calculator). */
export const RATE_INPUT: InputBounds = { min: 0, step: 0.01 };

/** Rounds half up to `decimals` places; inputs here are non-negative (docs/product.md#quick-calculator, ADR 004). */
export function roundHalfUp(value: number, decimals = 0): number {
  const factor = 10 ** decimals;
  return Math.round(value * factor * (1 + Number.EPSILON)) / factor;
}

/** Finite positive numbers pass; anything else (negative, NaN, Infinity) is 0. */
const nonNegative = (value: number): number => (Number.isFinite(value) && value > 0 ? value : 0);

/**
 * Monthly bill (som) -> monthly use (kWh) at `pricePerKwhSom`, whole kWh; 0 when the rate is 0
 * (docs/product.md#quick-calculator).
 */
export function billToKwh(
  monthlyBillSom: number,
  pricePerKwhSom: number = ESTIMATE_DEFAULTS.pricePerKwhSom,
): number {
  const rate = nonNegative(pricePerKwhSom);
  return rate === 0 ? 0 : roundHalfUp(nonNegative(monthlyBillSom) / rate);
}

/** Monthly use (kWh) -> monthly bill (som) at `pricePerKwhSom`, whole som (docs/product.md#quick-calculator). */
export function kwhToBill(
  monthlyKwh: number,
  pricePerKwhSom: number = ESTIMATE_DEFAULTS.pricePerKwhSom,
): number {
  return roundHalfUp(nonNegative(monthlyKwh) * nonNegative(pricePerKwhSom));
}

/** Calculate is disabled when monthly use is 0 kWh (docs/product.md#quick-calculator). */
export function canCalculate(monthlyKwh: number): boolean {
  return nonNegative(monthlyKwh) > 0;
}

/** Inputs of the estimate: monthly use in kWh and the rate in som per kWh (default 1.49). */
export interface QuickEstimateInput {
  readonly monthlyKwh: number;
  readonly pricePerKwhSom?: number;
}

/** The quick results of docs/product.md#quick-calculator, with units in the names. */
export interface QuickEstimate {
  /** System size, kW, 1 decimal (a whole number of 0.4 kW panels). */
  readonly systemSizeKw: number;
  /** Number of 0.4 kW panels. */
  readonly panelCount: number;
  /** Installed cost, whole som. */
  readonly estimatedCostSom: number;
  /** Monthly savings, whole som. */
  readonly monthlySavingsSom: number;
  /** Yearly production, whole kWh. */
  readonly yearlyProductionKwh: number;
  /** Payback period, years, 1 decimal; null when there are no savings (0 kWh or rate 0). */
  readonly paybackYears: number | null;
  /** Roof area covered, whole m2. */
  readonly roofCoverageM2: number;
}

/**
 * The quick estimate (docs/product.md#quick-calculator):
 * - daily use (kWh) = monthly kWh / 30; size needed (kW) = daily use / 4.5 sun hours;
 * - panels = that size / 0.4 kW, rounded UP to whole panels (float noise below 1e-6 of a
 *   panel is ignored, so 162 kWh gives exactly 3 panels, not 4); system size = panels x 0.4 kW;
 * - cost = size x 11 100 som/kW; yearly production = size x 4.5 h x 365 days (kWh);
 * - monthly savings = yearly production / 12 x rate (som);
 * - payback = cost / (monthly savings x 12) years, from unrounded values; null when there
 *   are no savings (0 kWh, or rate 0: the division gives NaN or Infinity);
 * - roof coverage = panels x 2 m2.
 * Negative or non-finite inputs count as 0; a missing rate is 1.49 som/kWh.
 */
export function quickEstimate(input: QuickEstimateInput): QuickEstimate {
  const c = ESTIMATE_CONSTANTS;
  const rate = nonNegative(input.pricePerKwhSom ?? ESTIMATE_DEFAULTS.pricePerKwhSom);
  const dailyKwh = nonNegative(input.monthlyKwh) / c.daysPerMonth;
  const panelCount = Math.ceil(roundHalfUp(dailyKwh / c.sunHoursPerDay / c.panelKw, 6));
  const systemSizeKw = panelCount * c.panelKw;
  const costSom = systemSizeKw * c.costSomPerKw;
  const yearlyKwh = systemSizeKw * c.sunHoursPerDay * c.daysPerYear;
  const monthlySavingsSom = (yearlyKwh / c.monthsPerYear) * rate;
  const yearlySavingsSom = monthlySavingsSom * c.monthsPerYear;
  const paybackYears = costSom / yearlySavingsSom;
  return {
    systemSizeKw: roundHalfUp(systemSizeKw, 1),
    panelCount,
    estimatedCostSom: roundHalfUp(costSom),
    monthlySavingsSom: roundHalfUp(monthlySavingsSom),
    yearlyProductionKwh: roundHalfUp(yearlyKwh),
    paybackYears: Number.isFinite(paybackYears) ? roundHalfUp(paybackYears, 1) : null,
    roofCoverageM2: panelCount * c.roofM2PerPanel,
  };
}
