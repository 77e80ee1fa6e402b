/**
 * The offline assistant's words (docs/decisions/006-ai-provider.md): deterministic replies
 * of the solar consultant (bot 0) and the sales specialist (bot 1) in English, Spanish and
 * Russian. A reply says it comes from an automated assistant (first reply), acknowledges
 * the facts just given, quotes the domain's quick estimate once the monthly use (kWh) or
 * bill (som) is known, and asks for what is still missing. Every figure in a reply is
 * either one the user gave or one computed from it with `quickEstimate`; with no
 * consumption known the reply contains no figures at all.
 */
import {
  ESTIMATE_DEFAULTS,
  quickEstimate,
  type BotType,
  type ExtractedData,
  LOCALES,
  type Locale,
} from '@solar/domain';
import { consumptionKwh } from './instructions.ts';
import { TEXTS, type Fmt, type Plural } from './offline-texts.ts';

/**
 * The number formatters made so far, by locale and decimals, and each locale's plural
 * rules, made at load. Making an Intl formatter costs about
 * as much as the rest of a reply (it loads the locale's data): one per reply was a fifth of
 * the server's time per chat stream under load (docs/benchmarks.md).
 */
const numberFormats = new Map<string, Intl.NumberFormat>();
const pluralRules = Object.fromEntries(
  LOCALES.map((locale) => [locale, new Intl.PluralRules(locale)]),
) as Record<Locale, Intl.PluralRules>;

/**
 * Formats a number the way `locale` writes it, with at most `decimals` decimals (1 by
 * default; 2 for a rate in som per kWh): 11,100 / 11.100 / 11 100.
 */
export function formatNumber(locale: Locale, value: number, decimals = 1): string {
  const key = `${locale} ${decimals}`;
  let format = numberFormats.get(key);
  if (!format) {
    format = new Intl.NumberFormat(locale, { maximumFractionDigits: decimals });
    numberFormats.set(key, format);
  }
  return format.format(value);
}

function joinList(items: string[], and: string): string {
  if (items.length <= 1) return items.join('');
  return `${items.slice(0, -1).join(', ')} ${and} ${items.at(-1)}`;
}

/** What the offline assistant knows when it replies. */
export interface OfflineReplyInput {
  botType: BotType;
  locale: Locale;
  /** Every fact known: the portfolio merged with this conversation's messages. */
  facts: ExtractedData;
  /** The facts stated in the message being answered (acknowledged first). */
  newFacts: ExtractedData;
  /** True for the first reply of a conversation (it introduces the assistant). */
  firstReply: boolean;
}

/**
 * The offline reply (see the module comment). Units: kWh per month, som, m2, kW, years;
 * numbers are formatted for `locale` with {@link formatNumber}.
 */
export function composeOfflineReply(input: OfflineReplyInput): string {
  const { botType, locale, facts, newFacts } = input;
  const t = TEXTS[locale];
  const f: Fmt = (value) => formatNumber(locale, value);
  const rules = pluralRules[locale];
  const p: Plural = (count, forms) => forms[rules.select(count)];
  const parts: string[] = [];
  if (input.firstReply) parts.push(t.greet[botType]);

  const noted: string[] = [];
  if (newFacts.monthlyKwh !== undefined) noted.push(t.kwhFact(f(newFacts.monthlyKwh)));
  if (newFacts.monthlyBill !== undefined) noted.push(t.billFact(f(newFacts.monthlyBill)));
  if (newFacts.roofType !== undefined)
    noted.push(t.roofTypes[newFacts.roofType] ?? t.roofTypeFallback(newFacts.roofType));
  if (newFacts.roofArea !== undefined) noted.push(t.areaFact(f(newFacts.roofArea)));
  if (newFacts.location !== undefined) noted.push(t.locationFact(newFacts.location));
  if (noted.length > 0) parts.push(t.noted(noted));

  const kwh = consumptionKwh(facts);
  if (kwh === undefined) {
    parts.push(t.askConsumption[botType]);
    return parts.join(' ');
  }
  if (facts.monthlyKwh === undefined && facts.monthlyBill !== undefined) {
    parts.push(
      t.fromBill(
        f(facts.monthlyBill),
        formatNumber(locale, ESTIMATE_DEFAULTS.pricePerKwhSom, 2),
        f(kwh),
      ),
    );
  }
  const e = quickEstimate({ monthlyKwh: kwh });
  parts.push(t.estimate[botType]({ kwh, e, f, p }));
  if (facts.roofArea !== undefined) {
    parts.push(
      facts.roofArea < e.roofCoverageM2
        ? t.roofTooSmall(f(facts.roofArea), f(e.roofCoverageM2))
        : t.roofFits(f(facts.roofArea)),
    );
  }
  const missing = (['roofType', 'roofArea', 'location'] as const)
    .filter((key) => facts[key] === undefined)
    .map((key) => t.missing[key]);
  if (missing.length > 0) {
    parts.push(t.disclaimer, t.askMore[botType](joinList(missing, t.and)));
  } else {
    parts.push(t.complete[botType]);
  }
  return parts.join(' ');
}
