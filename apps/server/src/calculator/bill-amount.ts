/**
 * Finds the amount due on a bill from its OCR text (the OpenAPI document
 * `POST /calculator/bill-extract`). Bills in English, Spanish and Russian are
 * recognised by their labels ('Amount due', 'Total', 'Total a pagar', 'Importe',
 * 'К оплате', 'Итого', ...) and currency words ('KGS', 'som', 'сом', '⃀').
 *
 * The OCR reads English traineddata only, so Cyrillic comes back as Latin look-alikes
 * ('Итого к оплате: 2 345,60 сом' reads 'NToro k onnate: 2 345,60 com'). Labels are
 * therefore matched on a "skeleton" of the text in which look-alike letters of both
 * scripts fold to one letter (и/n/u -> n, т/t -> t, с/c -> c, ...), one character for one,
 * so positions in the skeleton are positions in the text.
 *
 * Result: `amount` in som (2 decimals at most) or null, `confidence` 0..1 from the label's
 * strength, a currency word next to it and the OCR's own confidence.
 */

/** What the finder found. */
export interface BillAmount {
  amount: number | null;
  /** 0..1; 0 when nothing was found. */
  confidence: number;
}

/** `text` as a literal inside a regular expression. */
function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

/** Look-alike folding: each listed character (lowercase) becomes the key's letter. */
const FOLD: Record<string, string> = {
  a: 'аáàâä',
  b: 'вьъß',
  c: 'сç',
  e: 'еёéèêë',
  h: 'н',
  i: 'lіíìïı|!',
  k: 'к',
  m: 'м',
  n: 'uийплñúùüû',
  o: 'оóòôö',
  p: 'р',
  r: 'г',
  t: 'т',
  x: 'х',
  y: 'уўч',
};
const FOLD_MAP = new Map<string, string>();
for (const [to, from] of Object.entries(FOLD)) for (const ch of from) FOLD_MAP.set(ch, to);

/**
 * The skeleton of `text`: lowercase, look-alikes folded, same length as `text` (one UTF-16
 * unit for one), so an index in one is the same place in the other.
 */
export function skeleton(text: string): string {
  let out = '';
  for (let i = 0; i < text.length; i++) {
    const lower = text[i]!.toLowerCase();
    const ch = lower.length === 1 ? lower : text[i]!;
    out += FOLD_MAP.get(ch) ?? ch;
  }
  return out;
}

/** A label and how surely the number after it is the amount to pay (0..1). */
interface Label {
  words: string;
  weight: number;
}

/** Labels in en, es and ru; longer, more specific labels carry more weight. */
const LABELS: Label[] = [
  // The amount to pay.
  ...[
    'amount due',
    'total due',
    'balance due',
    'total amount due',
    'amount payable',
    'total payable',
    'amount to pay',
    'please pay',
    'pay this amount',
    'total to pay',
    'total a pagar',
    'importe a pagar',
    'monto a pagar',
    'total a abonar',
    'importe total a pagar',
    'saldo a pagar',
    'к оплате',
    'итого к оплате',
    'сумма к оплате',
    'всего к оплате',
    'к оплате за',
  ].map((words) => ({ words, weight: 1 })),
  // Totals.
  ...[
    'total amount',
    'grand total',
    'importe total',
    'total factura',
    'итого',
    'итог',
    'всего',
    'сумма',
    'total',
  ].map((words) => ({ words, weight: 0.8 })),
  // Weaker hints.
  ...['amount', 'importe', 'monto', 'balance', 'saldo', 'начислено', 'оплата'].map((words) => ({
    words,
    weight: 0.6,
  })),
  ...['subtotal', 'sub-total', 'подитог'].map((words) => ({ words, weight: 0.3 })),
];
const SKELETON_LABELS = LABELS.map((label) => ({ ...label, skeleton: skeleton(label.words) }))
  // Longest first, so 'total amount due' wins over 'total' at the same place.
  .sort((a, b) => b.skeleton.length - a.skeleton.length);

/** Any label as a whole word, in skeleton form. */
const ANY_LABEL = new RegExp(
  `(?<![a-z])(?:${SKELETON_LABELS.map((label) => escapeRegExp(label.skeleton)).join('|')})(?![a-z])`,
);

/** Words that make a label the wrong one (previous balance, last payment, paid...). */
const NEGATIVE = [
  'previous',
  'last payment',
  'paid',
  'payment received',
  'anterior',
  'pagado',
  'оплачено',
  'предыдущ',
  'долг на',
].map(skeleton);

/** Currency words for som, in skeleton form ('сом' folds to 'com'). */
const CURRENCY = ['kgs', 'som', 'soms', 'сом', 'сомов', 'сома', '⃀', 'c.', 'сом.'].map(skeleton);

/** A number as bills print money: 1234 / 1 234,56 / 1.234,56 / 1,234.56 / 987.00. */
const NUMBER =
  /(?<![\d.,])\d{1,3}(?:[ \u00a0.,'’]\d{3})+(?:[.,]\d{1,2})?(?![\d])|(?<![\d.,])\d+(?:[.,]\d{1,2})?(?![\d])/g;

/** Units that make a number not an amount of money (skeleton form, see above). */
const UNITS = ['kwh', 'kw', 'квт', 'квтч', 'квт·ч', '%', 'm2', 'м2', 'm²', 'м²', 'kg', 'кг'].map(
  skeleton,
);

/** Parses one number match as som; undefined when it is not a plausible amount. */
export function parseAmount(raw: string): number | undefined {
  const compact = raw.replace(/[\u00a0 '’]/g, ' ');
  const decimal = /[.,](\d{1,2})$/.exec(compact);
  const lastThree = /[ .,]\d{3}$/.test(compact);
  let integerPart = compact;
  let fraction = '';
  if (decimal && !lastThree) {
    integerPart = compact.slice(0, decimal.index);
    fraction = decimal[1]!;
  }
  const digits = integerPart.replace(/[ .,]/g, '');
  if (!/^\d+$/.test(digits)) return undefined;
  const value = Number(`${digits}.${fraction || '0'}`);
  if (!Number.isFinite(value) || value <= 0 || value >= 100_000_000) return undefined;
  return Math.round(value * 100) / 100;
}

interface Candidate {
  value: number;
  start: number;
  end: number;
  currency: boolean;
  decimals: boolean;
}

/** Every plausible money number in `text`, with whether a currency word sits beside it. */
function candidates(text: string, skel: string): Candidate[] {
  const found: Candidate[] = [];
  for (const match of text.matchAll(NUMBER)) {
    const start = match.index;
    const end = start + match[0].length;
    const after = skel.slice(end, end + 8);
    if (UNITS.some((unit) => new RegExp(`^\\s*${escapeRegExp(unit)}(?![a-z])`).test(after)))
      continue;
    // Dates (12.05.2024, 05/2024) and ids (No. 123) are not amounts.
    if (/^[./-]\d/.test(text.slice(end, end + 2)) || /[./-]$/.test(text.slice(start - 1, start))) {
      continue;
    }
    if (/(?:№|#|no\.?|n°|nº)\s*$/i.test(text.slice(Math.max(0, start - 5), start))) continue;
    const value = parseAmount(match[0]);
    if (value === undefined) continue;
    const before = skel.slice(Math.max(0, start - 6), start);
    const currency = CURRENCY.some(
      (word) =>
        new RegExp(`^\\s*${escapeRegExp(word)}(?![a-z])`).test(after) ||
        new RegExp(`(?<![a-z])${escapeRegExp(word)}\\s*$`).test(before),
    );
    found.push({ value, start, end, currency, decimals: /[.,]\d{1,2}$/.test(match[0]) });
  }
  return found;
}

/**
 * The amount due in `text` (see the file comment). `ocrConfidence` is the OCR's mean word
 * confidence, 0..100.
 */
export function findBillAmount(text: string, ocrConfidence = 100): BillAmount {
  const normalized = text.normalize('NFC');
  const skel = skeleton(normalized);
  const numbers = candidates(normalized, skel);
  if (numbers.length === 0) return { amount: null, confidence: 0 };

  let best: { value: number; score: number; at: number } | undefined;
  const consider = (value: number, score: number, at: number) => {
    if (!best || score > best.score || (score === best.score && at > best.at)) {
      best = { value, score, at };
    }
  };

  // Labelled amounts: the first number after a label, on its line or at the start of the next.
  const taken = new Set<number>();
  for (const label of SKELETON_LABELS) {
    const pattern = new RegExp(`(?<![a-z])${escapeRegExp(label.skeleton)}(?![a-z])`, 'g');
    for (const match of skel.matchAll(pattern)) {
      const at = match.index;
      if (taken.has(at)) continue;
      for (let i = at; i < at + label.skeleton.length; i++) taken.add(i);
      const lineStart = skel.lastIndexOf('\n', at) + 1;
      const context = skel.slice(Math.max(lineStart, at - 25), at);
      if (NEGATIVE.some((word) => context.includes(word))) continue;
      const labelEnd = at + label.skeleton.length;
      const lineEnd = skel.indexOf('\n', labelEnd);
      const nextLineEnd = lineEnd === -1 ? -1 : skel.indexOf('\n', lineEnd + 1);
      const limit = lineEnd === -1 ? skel.length : nextLineEnd === -1 ? skel.length : nextLineEnd;
      const between = (n: Candidate) => skel.slice(labelEnd, n.start);
      const next = numbers.find(
        (n) =>
          n.start >= labelEnd &&
          n.start < limit &&
          between(n).length <= 60 &&
          // Another label in between means the number belongs to that label.
          !ANY_LABEL.test(between(n)),
      );
      if (!next) continue;
      const score = label.weight * (next.currency ? 1 : 0.9) * (next.decimals ? 1 : 0.95);
      consider(next.value, score, at);
    }
  }

  // Unlabelled: a number with a currency word, else a number with cents.
  for (const n of numbers) {
    if (n.currency) consider(n.value, 0.5, n.start);
    else if (n.decimals) consider(n.value, 0.25, n.start);
  }

  if (!best) return { amount: null, confidence: 0 };
  const ocr = Math.min(1, Math.max(0, ocrConfidence / 100));
  const confidence = Math.round(best.score * (0.5 + 0.5 * ocr) * 100) / 100;
  return { amount: best.value, confidence: Math.min(1, Math.max(0, confidence)) };
}
