/**
 * The quick calculator's inputs (docs/product.md#quick-calculator), pure so they are easy to test:
 * the defaults, the inputs restored from storage, and the linking of monthly use (kWh),
 * monthly bill (som) and rate (som per kWh): changing one keeps the others in step through
 * the domain's `kwhToBill` / `billToKwh`, within the sliders' bounds.
 */
import { BILL_SLIDER, billToKwh, ESTIMATE_DEFAULTS, KWH_SLIDER, kwhToBill } from '@solar/domain';
import type { BudgetRange, StoredQuickInputs } from './calculator-storage.ts';

/** The inputs on screen. */
export interface QuickInputs {
  /** Monthly use, kWh (0..KWH_SLIDER.max). */
  readonly monthlyKwh: number;
  /** Monthly bill, som (0..BILL_SLIDER.max). */
  readonly monthlyBillSom: number;
  /** Rate, som per kWh (>= 0). */
  readonly pricePerKwhSom: number;
  readonly address: string;
  /** Roof area available, m2; null when not given. */
  readonly roofSizeM2: number | null;
  readonly budget: BudgetRange;
  readonly billInputMethod: 'manual' | 'photo';
}

/** Upper bound of the monthly use slider, kWh. */
export const KWH_MAX = KWH_SLIDER.max ?? 5000;
/** Upper bound of the monthly bill slider, som. */
export const BILL_MAX = BILL_SLIDER.max ?? 7500;

/** The inputs of a first visit (the spec's defaults). */
export const DEFAULT_INPUTS: QuickInputs = {
  monthlyKwh: ESTIMATE_DEFAULTS.monthlyKwh,
  monthlyBillSom: ESTIMATE_DEFAULTS.monthlyBillSom,
  pricePerKwhSom: ESTIMATE_DEFAULTS.pricePerKwhSom,
  address: '',
  roofSizeM2: null,
  budget: 'any',
  billInputMethod: 'manual',
};

/** `value` within 0..max. */
export const clamp = (value: number, max: number) => Math.min(max, Math.max(0, value));

/** The inputs restored from storage, monthly use and bill within the sliders' bounds. */
export function fromStored(stored: StoredQuickInputs): QuickInputs {
  return {
    monthlyKwh: clamp(stored.averageKwh, KWH_MAX),
    monthlyBillSom: clamp(stored.monthlyBill, BILL_MAX),
    pricePerKwhSom: stored.pricePerKwh,
    address: stored.address,
    roofSizeM2: stored.roofSizeM2,
    budget: stored.budget,
    billInputMethod: stored.billInputMethod,
  };
}

/** Monthly use set to `kwh`: the bill follows at the current rate. */
export function withKwh(inputs: QuickInputs, kwh: number): QuickInputs {
  return {
    ...inputs,
    monthlyKwh: kwh,
    monthlyBillSom: clamp(kwhToBill(kwh, inputs.pricePerKwhSom), BILL_MAX),
  };
}

/** Monthly bill set to `bill` som: the use follows at the current rate (unchanged at rate 0). */
export function withBill(inputs: QuickInputs, bill: number): QuickInputs {
  return {
    ...inputs,
    monthlyBillSom: bill,
    monthlyKwh:
      inputs.pricePerKwhSom > 0
        ? clamp(billToKwh(bill, inputs.pricePerKwhSom), KWH_MAX)
        : inputs.monthlyKwh,
  };
}

/** Rate set to `rate` som per kWh (not a number or negative: 0): the bill follows the use. */
export function withRate(inputs: QuickInputs, rate: number): QuickInputs {
  const pricePerKwhSom = Number.isFinite(rate) && rate >= 0 ? rate : 0;
  return {
    ...inputs,
    pricePerKwhSom,
    monthlyBillSom: clamp(kwhToBill(inputs.monthlyKwh, pricePerKwhSom), BILL_MAX),
  };
}
