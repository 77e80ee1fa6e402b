/**
 * The quick calculator inputs kept in browser storage (docs/product.md#quick-calculator) and their
 * parser. A module of its own, apart from the formulas (estimate.ts): zod schemas are built when
 * their module loads, so a page that only computes an estimate leaves zod out.
 */
import { z } from './internal/zod.ts';
import { validationMessages as m } from './messages.ts';

const amount = z.number({ error: m.nonNegativeNumber.id }).min(0, m.nonNegativeNumber.id);

/**
 * The quick calculator inputs kept in browser storage (docs/product.md#quick-calculator):
 * monthlyBill (som), averageKwh (kWh), pricePerKwh (som/kWh), address, billInputMethod, timestamp
 * (epoch ms).
 */
export const quickCalculatorDataSchema = z.object({
  monthlyBill: amount,
  averageKwh: amount,
  pricePerKwh: amount,
  address: z.string({ error: m.invalidValue.id }).default(''),
  billInputMethod: z.enum(['manual', 'photo'], { error: m.billInputMethod.id }).default('manual'),
  timestamp: amount,
});
/** The stored quick calculator inputs. */
export type QuickCalculatorData = z.output<typeof quickCalculatorDataSchema>;

/** Reads stored calculator data (JSON text); null when missing or malformed (docs/product.md#quick-calculator). */
export function parseQuickCalculatorData(json: string | null): QuickCalculatorData | null {
  if (json === null) return null;
  try {
    const result = quickCalculatorDataSchema.safeParse(JSON.parse(json));
    return result.success ? result.data : null;
  } catch {
    return null;
  }
}
