/**
 * The quick calculator's inputs in browser storage (docs/product.md#quick-calculator, key
 * `solarCalculatorData`): the domain's fields (monthlyBill som, averageKwh kWh, pricePerKwh
 * som/kWh, address, billInputMethod, timestamp epoch ms) plus this screen's roof size (m2)
 * and budget range. Storage failures (full, blocked) are ignored: the inputs then live for
 * this visit only.
 *
 * The stored data is read by {@link parseStoredQuickData}, which applies the rules of the
 * domain's `quickCalculatorDataSchema` without zod: the page reads it on its first render,
 * and the domain's parser would bring the whole of zod (about 24 kB gzip) into the page's
 * first load. A test runs both parsers over the same inputs and expects the same answers.
 */
import { STORAGE_KEYS, type QuickCalculatorData } from '@solar/domain';

/** Budget ranges offered on the quick calculator, som. */
export const BUDGET_RANGES = ['any', 'under150k', '150kTo300k', '300kTo600k', 'over600k'] as const;
/** One budget range id. */
export type BudgetRange = (typeof BUDGET_RANGES)[number];

/** Upper bound of each range in som (null: no upper bound). */
export const BUDGET_MAX_SOM: Readonly<Record<BudgetRange, number | null>> = {
  any: null,
  under150k: 150_000,
  '150kTo300k': 300_000,
  '300kTo600k': 600_000,
  over600k: null,
};

/** What the screen keeps: the domain's data and its own extras. */
export interface StoredQuickInputs extends QuickCalculatorData {
  /** Roof area available, m2; null when not given. */
  roofSizeM2: number | null;
  budget: BudgetRange;
}

function storage(): Storage | null {
  try {
    return globalThis.localStorage ?? null;
  } catch {
    return null;
  }
}

const isAmount = (value: unknown): value is number =>
  typeof value === 'number' && Number.isFinite(value) && value >= 0;

/**
 * The domain's stored calculator data (docs/product.md#quick-calculator) from parsed JSON, or null
 * when it breaks a rule of `quickCalculatorDataSchema`: an object (not an array) whose
 * monthlyBill, averageKwh, pricePerKwh and timestamp are finite numbers >= 0, whose
 * address is a string (default '') and billInputMethod 'manual' or 'photo' (default
 * 'manual'). Other properties are left out, as zod does.
 */
export function parseStoredQuickData(value: unknown): QuickCalculatorData | null {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return null;
  const data = value as Record<string, unknown>;
  const { monthlyBill, averageKwh, pricePerKwh, timestamp } = data;
  const address = data.address === undefined ? '' : data.address;
  const billInputMethod = data.billInputMethod === undefined ? 'manual' : data.billInputMethod;
  if (
    !isAmount(monthlyBill) ||
    !isAmount(averageKwh) ||
    !isAmount(pricePerKwh) ||
    !isAmount(timestamp) ||
    typeof address !== 'string' ||
    (billInputMethod !== 'manual' && billInputMethod !== 'photo')
  ) {
    return null;
  }
  return { monthlyBill, averageKwh, pricePerKwh, address, billInputMethod, timestamp };
}

/** The stored inputs, or null when none or malformed ({@link parseStoredQuickData}). */
export function readQuickInputs(): StoredQuickInputs | null {
  const raw = storage()?.getItem(STORAGE_KEYS.calculatorData) ?? null;
  if (raw === null) return null;
  let parsed: unknown;
  try {
    parsed = JSON.parse(raw);
  } catch {
    return null;
  }
  const data = parseStoredQuickData(parsed);
  if (!data) return null;
  const extras = parsed as Record<string, unknown>;
  const roof = extras.roofSizeM2;
  const budget = extras.budget;
  return {
    ...data,
    roofSizeM2: typeof roof === 'number' && Number.isFinite(roof) && roof >= 0 ? roof : null,
    budget: (BUDGET_RANGES as readonly unknown[]).includes(budget)
      ? (budget as BudgetRange)
      : 'any',
  };
}

/** Stores the inputs (JSON under the spec's key). */
export function writeQuickInputs(inputs: StoredQuickInputs): void {
  try {
    storage()?.setItem(STORAGE_KEYS.calculatorData, JSON.stringify(inputs));
  } catch {
    // Storage full or blocked: the inputs stay for this visit only.
  }
}

/** Removes the stored inputs (Reset: docs/product.md#quick-calculator 'clears results and saved data'). */
export function clearQuickInputs(): void {
  try {
    storage()?.removeItem(STORAGE_KEYS.calculatorData);
  } catch {
    // Nothing stored we could reach.
  }
}
