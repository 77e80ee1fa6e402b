/**
 * Solar facts of the chat portfolio (docs/product.md#ai-chat; the OpenAPI document): the tool
 * schema a model fills in, and the validation every fact passes before it reaches
 * `extractedData` and the portfolio, whoever found it (a model's tool call or the domain's
 * text parser, `extractSolarFacts`, which is the safety net when a model misses a fact).
 * Units: monthlyKwh kWh per month, monthlyBill som per month, roofArea m2.
 */
import { ROOF_TYPES, extractSolarFacts, type ExtractedData, type RoofType } from '@solar/domain';
import { z } from 'zod';

/** The fact keys, in the order they are shown and stored. */
export const FACT_KEYS = ['monthlyKwh', 'monthlyBill', 'roofType', 'roofArea', 'location'] as const;
/** One fact key (the `fact` column of portfolio_facts). */
export type FactKey = (typeof FACT_KEYS)[number];

/** Plausible ranges (inclusive): beyond them a figure is a typo or a misread, not a fact. */
export const FACT_RANGES = {
  /** kWh per month: a flat uses ~100, a large business a few hundred thousand. */
  monthlyKwh: { min: 1, max: 1_000_000 },
  /** Som per month. */
  monthlyBill: { min: 1, max: 10_000_000 },
  /** m2 of roof. */
  roofArea: { min: 1, max: 100_000 },
} as const;

const LOCATION_MAX = 200;

/**
 * The input of the `record_solar_facts` tool, as the model sees it. Deliberately lenient
 * (numbers, strings or null) so that one bad field does not discard the call;
 * {@link validateFacts} then keeps only the plausible fields.
 */
export const recordFactsInputSchema = z.object({
  monthlyKwh: z
    .number()
    .nullish()
    .describe('Monthly electricity use in kWh, only if the user stated it (kWh per month).'),
  monthlyBill: z
    .number()
    .nullish()
    .describe('Monthly electricity bill in som (KGS), only if the user stated it.'),
  roofType: z
    .string()
    .nullish()
    .describe(`Roof type, one of: ${ROOF_TYPES.join(', ')}; only if the user stated it.`),
  roofArea: z
    .number()
    .nullish()
    .describe('Roof area in square metres, only if the user stated it.'),
  location: z
    .string()
    .nullish()
    .describe('City or address of the property, only if the user stated it.'),
});

const inRange = (value: unknown, range: { min: number; max: number }): number | undefined => {
  const n = typeof value === 'string' && value.trim() !== '' ? Number(value) : value;
  return typeof n === 'number' && Number.isFinite(n) && n >= range.min && n <= range.max
    ? Math.round(n * 100) / 100
    : undefined;
};

/** A roof type in canonical form; synonyms in en/es/ru go through the domain parser. */
function normalizeRoofType(value: unknown): RoofType | undefined {
  if (typeof value !== 'string') return undefined;
  const lower = value.trim().toLowerCase();
  if ((ROOF_TYPES as readonly string[]).includes(lower)) return lower as RoofType;
  const parsed = extractSolarFacts(`roof: ${value.slice(0, 100)}`).roofType;
  return parsed && (ROOF_TYPES as readonly string[]).includes(parsed)
    ? (parsed as RoofType)
    : undefined;
}

function normalizeLocation(value: unknown): string | undefined {
  if (typeof value !== 'string') return undefined;
  // Control characters (\p{Cc}) become spaces; runs of white space collapse to one.
  const text = value.replace(/[\p{Cc}\s]+/gu, ' ').trim();
  return text.length >= 2 && text.length <= LOCATION_MAX && /\p{L}/u.test(text) ? text : undefined;
}

/**
 * Keeps the plausible facts of `raw` (any shape: a tool call's input, parsed text):
 * numbers within {@link FACT_RANGES} (numeric strings accepted, rounded to 2 decimals),
 * a roof type that maps to one of the domain's ROOF_TYPES, a location of 2..200 characters
 * with a letter. Everything else is dropped, field by field. Never throws.
 */
export function validateFacts(raw: unknown): ExtractedData {
  if (typeof raw !== 'object' || raw === null) return {};
  const input = raw as Record<string, unknown>;
  const facts: {
    monthlyKwh?: number;
    monthlyBill?: number;
    roofType?: string;
    roofArea?: number;
    location?: string;
  } = {};
  const monthlyKwh = inRange(input.monthlyKwh, FACT_RANGES.monthlyKwh);
  if (monthlyKwh !== undefined) facts.monthlyKwh = monthlyKwh;
  const monthlyBill = inRange(input.monthlyBill, FACT_RANGES.monthlyBill);
  if (monthlyBill !== undefined) facts.monthlyBill = monthlyBill;
  const roofType = normalizeRoofType(input.roofType);
  if (roofType !== undefined) facts.roofType = roofType;
  const roofArea = inRange(input.roofArea, FACT_RANGES.roofArea);
  if (roofArea !== undefined) facts.roofArea = roofArea;
  const location = normalizeLocation(input.location);
  if (location !== undefined) facts.location = location;
  return facts;
}

/** The validated facts stated in a user's message (the domain parser, then validation). */
export function factsFromText(text: string): ExtractedData {
  return validateFacts(extractSolarFacts(text));
}

/** True when no fact is present. */
export function isEmptyFacts(facts: ExtractedData | null | undefined): boolean {
  return !facts || FACT_KEYS.every((key) => facts[key] === undefined);
}

/** `later` over `earlier`, fact by fact (the latest value of each fact wins). */
export function mergeFacts(earlier: ExtractedData, later: ExtractedData): ExtractedData {
  const merged: Record<string, string | number> = {};
  for (const key of FACT_KEYS) {
    const value = later[key] ?? earlier[key];
    if (value !== undefined) merged[key] = value;
  }
  return merged as ExtractedData;
}
