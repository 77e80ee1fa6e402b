/**
 * Solar facts in free text (docs/product.md#ai-chat, the chat portfolio): monthly use (kWh),
 * monthly bill (som), roof type, roof area (m2) and location, in English, Spanish and
 * Russian. Used by the offline assistant and as a safety net for model output. Pattern
 * based and deliberately cautious: a fact is returned only with a unit or a keyword.
 */
import type { ExtractedData } from './contract.ts';

/** Canonical roof types the parser reports. */
export const ROOF_TYPES = [
  'flat',
  'pitched',
  'metal',
  'tile',
  'shingle',
  'slate',
  'concrete',
] as const;
/** One canonical roof type. */
export type RoofType = (typeof ROOF_TYPES)[number];

/** A number as people write it: `1,200`, `1 200`, `1.200`, `447,50`, `1,234.5`. */
const NUMBER = String.raw`(?<![\d.,])(\d{1,3}(?:[ \u00a0.,]\d{3})+(?:[.,]\d+)?|\d+(?:[.,]\d+)?)(?![\d]|[.,]\d)`;
const END = String.raw`(?![\p{L}\d])`;
const KWH = String.raw`(?:kwh|kw[·⋅\-\s]h|kilowatt[-\s]?hours?|квт[·⋅\-\s.]?ч(?:ас\p{L}*)?)${END}`;
const SOM = String.raw`(?:som(?:s|ov)?|kgs|сом(?:а|ов|ы)?|⃀)${END}`;
const AREA = String.raw`(?:m2|m²|м2|м²|sq\.?\s?m|sqm|square\s+met(?:er|re)s?|metros?\s+cuadrados?|кв\.?\s?м(?:етр\p{L}*)?|квадратн\p{L}*\s+метр\p{L}*)${END}`;
/** Whole words: "payback" or "billion" is not a bill. */
const BILL_WORDS = String.raw`(?:bills?|pay(?:s|ing)?|payments?|factura|pag[oa]\p{L}*|recibo|сч[её]т\p{L}*|плачу|плат[её]ж\p{L}*|оплат\p{L}*)${END}`;
/** A power, as a system's size is given ("5 kW", "5 кВт"): not a bill, not a use. */
const POWER = String.raw`(?:k?wp?|kilowatts?|watts?|к?вт)${END}`;

const KWH_RE = new RegExp(`${NUMBER}\\s*${KWH}(.{0,25})`, 'iu');
const SOM_AFTER_RE = new RegExp(`${NUMBER}\\s*${SOM}`, 'iu');
const SOM_BEFORE_RE = new RegExp(`(?<!\\p{L})${SOM}\\s*${NUMBER}`, 'iu');
const BILL_RE = new RegExp(
  `(?<!\\p{L})${BILL_WORDS}[^\\d\\n]{0,30}?${NUMBER}(?!\\s*(?:${KWH}|${AREA}|${POWER}|%))`,
  'iu',
);
const AREA_RE = new RegExp(`${NUMBER}\\s*${AREA}`, 'iu');
const YEARLY_RE =
  /^\s*(?:(?:per|a|an|each|every|al|por|в|за)\s+|\/\s*)?(?:year|yr|annual|año|anual|год)/iu;
const DAILY_RE =
  /^\s*(?:(?:per|a|each|every|al|por|в|за)\s+|\/\s*)?(?:day|daily|día|diario|день|сутки)/iu;

/**
 * Reads a number token: grouping of thousands by space, dot or comma; decimal dot or comma
 * (docs/product.md#ai-chat).
 */
export function parseLocaleNumber(token: string): number {
  const compact = token.replace(/[\s\u00a0]/g, '');
  if (/^\d{1,3}([.,])\d{3}(\1\d{3})*$/.test(compact)) return Number(compact.replace(/[.,]/g, ''));
  const lastSeparator = Math.max(compact.lastIndexOf('.'), compact.lastIndexOf(','));
  if (lastSeparator < 0) return Number(compact);
  const whole = compact.slice(0, lastSeparator).replace(/[.,]/g, '');
  return Number(`${whole}.${compact.slice(lastSeparator + 1)}`);
}

const inRange = (value: number, max: number): number | undefined =>
  Number.isFinite(value) && value > 0 && value <= max ? value : undefined;

function monthlyKwh(text: string): number | undefined {
  const found = KWH_RE.exec(text);
  if (!found) return undefined;
  const value = parseLocaleNumber(found[1]!);
  const after = found[2] ?? '';
  if (YEARLY_RE.test(after)) return inRange(Math.round(value / 12), 1_000_000);
  if (DAILY_RE.test(after)) return inRange(Math.round(value * 30), 1_000_000);
  return inRange(value, 1_000_000);
}

function monthlyBill(text: string): number | undefined {
  const found = SOM_AFTER_RE.exec(text) ?? SOM_BEFORE_RE.exec(text) ?? BILL_RE.exec(text);
  return found ? inRange(parseLocaleNumber(found[1]!), 10_000_000) : undefined;
}

function roofArea(text: string): number | undefined {
  const found = AREA_RE.exec(text);
  return found ? inRange(parseLocaleNumber(found[1]!), 100_000) : undefined;
}

const ROOF_WORD = /(?<!\p{L})(?:roof|techo|tejado|cubierta|azotea|крыш|кровл)/iu;

/** Whole words (then stems, matched as prefixes) that name each roof type. */
const ROOF_TYPE_WORDS: readonly (readonly [RoofType, string, string])[] = [
  ['flat', 'flat|plan[oa]s?', 'плоск'],
  [
    'pitched',
    'pitched|sloped|slanted|gabled?|hip|inclinad[oa]|a dos aguas',
    'скатн|двускатн|односкатн',
  ],
  ['metal', 'metal|metallic|tin|steel|met[aá]lic[oa]|chapa', 'металл|профнастил|жест'],
  ['tile', 'tiles?|tiled|tejas?', 'черепиц'],
  ['shingle', 'shingles?|asphalt', 'шингл|битумн'],
  ['slate', 'slate|pizarra', 'шифер'],
  ['concrete', 'concrete|hormig[oó]n|concreto', 'бетон|железобетон'],
];

const ROOF_TYPE_RES = ROOF_TYPE_WORDS.map(
  ([type, words, stems]) =>
    [type, new RegExp(`(?<!\\p{L})(?:(?:${words})(?!\\p{L})|(?:${stems}))`, 'iu')] as const,
);

function roofType(text: string): RoofType | undefined {
  for (const sentence of text.split(/[.!?;\n]+/)) {
    if (!ROOF_WORD.test(sentence)) continue;
    const hits = ROOF_TYPE_RES.map(([type, re]) => [type, re.exec(sentence)?.index ?? -1] as const)
      .filter(([, index]) => index >= 0)
      .sort((a, b) => a[1] - b[1]);
    if (hits[0]) return hits[0][0];
  }
  return undefined;
}

/** Phrases before a place name (must start with a capital or digit) or an address. */
const PLACE_RE =
  /(?<!\p{L})(?:i live in|i'm in|i am in|(?:i'm |i am )?located in|based in|vivo en|estoy en|ubicad[oa] en|живу в|я из|нахожусь в)\s+([^\n.,!?;:()]{2,80})/iu;
const ADDRESS_RE =
  /(?<!\p{L})(?:my address is|my location is|address:|location:|city:|mi direcci[oó]n es|direcci[oó]n:|ubicaci[oó]n:|ciudad:|мой адрес|адрес:|город:|местоположение:)\s*([^\n!?;()]{2,120})/iu;
/** A sentence end: a dot after a number or a word of 4+ letters (so `ул.`, `Ave.` go on). */
const SENTENCE_END = /(?:\p{L}{4,}|\d)\.(?=\s|$)/u;
const CONNECTOR = /\s+(?:and|with|but|where|y|con|pero|donde|и|с|но|где)\s+.*$/iu;
/**
 * A place said plainly after "in", "en" or "в": one to three capitalised words ("60 m2 in
 * Bishkek", "en Osh", "в Оше"). Months, weekdays and language names are not places.
 */
const IN_PLACE_RE =
  /(?<!\p{L})(?:[Ii]n|[Ee]n|[Вв]о?)\s+(\p{Lu}\p{Ll}[\p{L}'’-]*(?:[ -]\p{Lu}\p{Ll}[\p{L}'’-]*){0,2})/gu;
const NOT_PLACES = new Set([
  ...'january february march april may june july august september october november december'.split(
    ' ',
  ),
  ...'monday tuesday wednesday thursday friday saturday sunday'.split(' '),
  ...'english spanish russian kyrgyz inglés español ruso английском русском испанском'.split(' '),
]);

function placeSaidPlainly(text: string): string | undefined {
  for (const match of text.matchAll(IN_PLACE_RE)) {
    const place = match[1]!;
    if (!NOT_PLACES.has(place.split(/[ -]/)[0]!.toLocaleLowerCase())) return place;
  }
  return undefined;
}

function location(text: string): string | undefined {
  const raw = ADDRESS_RE.exec(text)?.[1];
  const end = raw === undefined ? null : SENTENCE_END.exec(raw);
  const address = (end ? raw!.slice(0, end.index + end[0].length - 1) : raw)
    ?.replace(CONNECTOR, '')
    .trim();
  if (address) return address;
  const place = PLACE_RE.exec(text)?.[1]?.replace(CONNECTOR, '').trim();
  if (place && /^[\p{Lu}\d]/u.test(place)) return place;
  return placeSaidPlainly(text);
}

/**
 * The solar facts found in `text` (docs/product.md#ai-chat portfolio): monthly use in kWh (a
 * yearly figure is divided by 12, a daily one multiplied by 30), monthly bill in som
 * (with a currency, or after a bill/pay keyword), roof type (only in a sentence about the
 * roof; canonical English key), roof area in m2, and location (after "I live in", "vivo
 * en", "живу в", or "address:"; else a capitalised place after "in", "en" or "в"). Facts
 * not found are absent.
 */
export function extractSolarFacts(text: string): ExtractedData {
  const facts: Record<string, string | number> = {};
  const found: [keyof ExtractedData, string | number | undefined][] = [
    ['monthlyKwh', monthlyKwh(text)],
    ['monthlyBill', monthlyBill(text)],
    ['roofType', roofType(text)],
    ['roofArea', roofArea(text)],
    ['location', location(text)],
  ];
  for (const [key, value] of found) if (value !== undefined) facts[key] = value;
  return facts;
}
