/**
 * The quick calculator's inputs in browser storage (spec section 3, key
 * `solarCalculatorData`): the domain's fields (monthlyBill som, averageKwh kWh, pricePerKwh
 * som/kWh, address, billInputMethod, timestamp epoch ms) plus this screen's roof size (m2)
 * and budget range, read back with the domain's parser. Storage failures (full, blocked)
 * are ignored: the inputs then live for this visit only.
 */
import { parseQuickCalculatorData, STORAGE_KEYS, type QuickCalculatorData } from '@solar/domain';

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

/** The stored inputs, or null when none (or malformed: domain parseQuickCalculatorData). */
export function readQuickInputs(): StoredQuickInputs | null {
  const raw = storage()?.getItem(STORAGE_KEYS.calculatorData) ?? null;
  const data = parseQuickCalculatorData(raw);
  if (!data) return null;
  let extras: Record<string, unknown> = {};
  try {
    extras = (JSON.parse(raw ?? '{}') as Record<string, unknown>) ?? {};
  } catch {
    extras = {};
  }
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

/** Removes the stored inputs (Reset: spec section 2 'clears results and saved data'). */
export function clearQuickInputs(): void {
  try {
    storage()?.removeItem(STORAGE_KEYS.calculatorData);
  } catch {
    // Nothing stored we could reach.
  }
}
