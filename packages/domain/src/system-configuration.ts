/**
 * The full calculator's step 2 (moved here for the proposal): the system configuration, its
 * defaults and prefill, what is saved in a project's `configuration`, and the figures derived from
 * a production estimate. Units are in the names: kW (DC), kWh, som, %, degrees, years.
 */
import type { Portfolio } from './contract-chat.ts';
import {
  billToKwh,
  ESTIMATE_CONSTANTS,
  ESTIMATE_DEFAULTS,
  quickEstimate,
  roundHalfUp,
} from './estimate.ts';
import { PV_DEFAULTS, PV_LIMITS } from './pv-system.ts';
import type { QuickCalculatorData } from './quick-calculator-data.ts';

/** Roof types offered (the chat portfolio's vocabulary). */
export const CONFIG_ROOF_TYPES = ['pitched', 'flat', 'metal', 'tile', 'other'] as const;
/** One roof type. */
export type ConfigRoofType = (typeof CONFIG_ROOF_TYPES)[number];

/** A system configuration (saved as the project's `configuration`). */
export interface SystemConfiguration {
  /** Peak power, kW DC (0.4 .. 1000). */
  systemSizeKw: number;
  /** Panels of 0.4 kW. */
  panelCount: number;
  /** Degrees from horizontal, 0..90. */
  tiltDeg: number;
  /** Compass bearing the panels face, 0..360 (180 = south). */
  azimuthDeg: number;
  roofType: ConfigRoofType;
  /** System losses, % (14 by default, as PVWatts). */
  lossPercent: number;
  /** Electricity price, som per kWh. */
  pricePerKwhSom: number;
}

/** Where the prefilled system size came from. */
export type PrefillSource = 'quickEstimate' | 'portfolio' | 'typical' | 'draft';

/** Limits of the inputs. */
export const CONFIG_LIMITS = {
  systemSizeKw: { min: 0.4, max: 1000, step: 0.1 },
  panelCount: { min: 1, max: 2500, step: 1 },
  tiltDeg: { ...PV_LIMITS.tiltDeg, step: 1 },
  azimuthDeg: { ...PV_LIMITS.azimuthDeg, step: 1 },
  lossPercent: { ...PV_LIMITS.lossPercent, step: 1 },
  pricePerKwhSom: { min: 0, max: 1000, step: 0.01 },
} as const;

/** Defaults other than the size: the domain's (tilt 30°, south, 14 % losses), pitched roof. */
export const CONFIG_DEFAULTS = { ...PV_DEFAULTS, roofType: 'pitched' as ConfigRoofType } as const;

/** Panels needed for `kw` (whole 0.4 kW panels, rounded up; at least 1). */
export function panelsFor(kw: number): number {
  return Math.max(1, Math.ceil(roundHalfUp(kw / ESTIMATE_CONSTANTS.panelKw, 6)));
}

/** kW DC of `panels` panels (1 decimal). */
export function kwFor(panels: number): number {
  return roundHalfUp(panels * ESTIMATE_CONSTANTS.panelKw, 1);
}

function normaliseRoof(value: string | null | undefined): ConfigRoofType {
  const text = (value ?? '').toLowerCase();
  return (CONFIG_ROOF_TYPES as readonly string[]).includes(text)
    ? (text as ConfigRoofType)
    : 'pitched';
}

/**
 * The starting configuration: system size from the stored quick estimate
 * (docs/product.md#full-calculator data), else from the chat portfolio's monthly kWh (or bill at
 * the rate), else a typical 300 kWh home; the rate from the quick calculator, else 1.49 som/kWh.
 */
export function initialConfiguration(
  quick: QuickCalculatorData | null,
  portfolio: Portfolio | null | undefined,
): { configuration: SystemConfiguration; source: PrefillSource } {
  const rate =
    quick && quick.pricePerKwh > 0 ? quick.pricePerKwh : ESTIMATE_DEFAULTS.pricePerKwhSom;
  const consumption = portfolio?.electricityConsumption;
  let monthlyKwh: number = ESTIMATE_DEFAULTS.monthlyKwh;
  let source: PrefillSource = 'typical';
  if (quick && quick.averageKwh > 0) {
    monthlyKwh = quick.averageKwh;
    source = 'quickEstimate';
  } else if (consumption?.monthlyKwh && consumption.monthlyKwh > 0) {
    monthlyKwh = consumption.monthlyKwh;
    source = 'portfolio';
  } else if (consumption?.monthlyBill && consumption.monthlyBill > 0) {
    monthlyKwh = billToKwh(consumption.monthlyBill, rate);
    source = 'portfolio';
  }
  const estimate = quickEstimate({ monthlyKwh, pricePerKwhSom: rate });
  return {
    source,
    configuration: {
      systemSizeKw: Math.max(CONFIG_LIMITS.systemSizeKw.min, estimate.systemSizeKw),
      panelCount: Math.max(1, estimate.panelCount),
      ...CONFIG_DEFAULTS,
      roofType: normaliseRoof(portfolio?.propertyInfo.roofType),
      pricePerKwhSom: rate,
    },
  };
}

const inRange = (value: unknown, limits: { min: number; max: number }): value is number =>
  typeof value === 'number' && Number.isFinite(value) && value >= limits.min && value <= limits.max;

/** Reads a saved project's configuration; null when it is missing or not ours. */
export function parseConfiguration(value: unknown): SystemConfiguration | null {
  if (!value || typeof value !== 'object') return null;
  const v = value as Record<string, unknown>;
  const L = CONFIG_LIMITS;
  if (
    !inRange(v.systemSizeKw, L.systemSizeKw) ||
    !inRange(v.panelCount, L.panelCount) ||
    !inRange(v.tiltDeg, L.tiltDeg) ||
    !inRange(v.azimuthDeg, L.azimuthDeg) ||
    !inRange(v.lossPercent, L.lossPercent) ||
    !inRange(v.pricePerKwhSom, L.pricePerKwhSom)
  ) {
    return null;
  }
  return {
    systemSizeKw: v.systemSizeKw,
    panelCount: v.panelCount,
    tiltDeg: v.tiltDeg,
    azimuthDeg: v.azimuthDeg,
    lossPercent: v.lossPercent,
    pricePerKwhSom: v.pricePerKwhSom,
    roofType: normaliseRoof(typeof v.roofType === 'string' ? v.roofType : null),
  };
}

/** Money figures of a production estimate at the user's rate. */
export interface Economics {
  /** Installed cost, som: kW x 11 100 (docs/product.md#full-calculator). */
  costSom: number;
  /** Savings per year, som: yearly kWh x rate. */
  yearlySavingsSom: number;
  /** Savings per month on average, som. */
  monthlySavingsSom: number;
  /** Years to pay back, 1 decimal; null without savings. */
  paybackYears: number | null;
}

/** Cost, savings and payback of `yearlyKwh` for `configuration` (whole som, years to 1 decimal). */
export function economics(configuration: SystemConfiguration, yearlyKwh: number): Economics {
  const cost = configuration.systemSizeKw * ESTIMATE_CONSTANTS.costSomPerKw;
  const yearly = Math.max(0, yearlyKwh) * Math.max(0, configuration.pricePerKwhSom);
  return {
    costSom: roundHalfUp(cost),
    yearlySavingsSom: roundHalfUp(yearly),
    monthlySavingsSom: roundHalfUp(yearly / 12),
    paybackYears: yearly > 0 ? roundHalfUp(cost / yearly, 1) : null,
  };
}
