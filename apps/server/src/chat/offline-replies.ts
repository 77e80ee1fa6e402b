/**
 * The offline assistant's words (docs/decisions/006-ai-provider.md): deterministic replies
 * of the solar consultant (bot 0) and the sales specialist (bot 1) in every interface
 * language (the `chat.offline.*` messages of the server catalogs). A reply says it comes
 * from an automated assistant (first reply), acknowledges the facts just given, quotes the
 * domain's quick estimate once the monthly use (kWh) or bill (som) is known, and asks for what is still missing. Every figure in a reply is
 * either one the user gave or one computed from it with `quickEstimate`; with no
 * consumption known the reply contains no figures at all.
 */
import {
  ESTIMATE_DEFAULTS,
  quickEstimate,
  type BotType,
  ESTIMATE_CONSTANTS,
  type ExtractedData,
  type Locale,
} from '@solar/domain';
import { consumptionKwh } from './instructions.ts';
import { translator } from '../i18n/catalogs.ts';

/** Each bot's name in the message ids. */
const BOT = { 0: 'consultant', 1: 'sales' } as const satisfies Record<BotType, string>;

/** The roof types the assistant names in words (`chat.offline.roofType.<type>`). */
const ROOF_TYPES = ['flat', 'pitched', 'metal', 'tile', 'shingle', 'slate', 'concrete'] as const;
const isNamedRoofType = (type: string): type is (typeof ROOF_TYPES)[number] =>
  (ROOF_TYPES as readonly string[]).includes(type);

/**
 * The number formatters made so far, by locale and decimals. Making an Intl formatter costs
 * about as much as the rest of a reply (it loads the locale's data): one per reply was a fifth of
 * the server's time per chat stream under load (docs/benchmarks.md).
 */
const numberFormats = new Map<string, Intl.NumberFormat>();

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
  const t = translator(locale);
  const bot = BOT[botType];
  const f = (value: number) => formatNumber(locale, value);
  const parts: string[] = [];
  if (input.firstReply) parts.push(t(`chat.offline.greet.${bot}`));

  const noted: string[] = [];
  if (newFacts.monthlyKwh !== undefined)
    noted.push(t('chat.offline.kwhFact', { kwh: f(newFacts.monthlyKwh) }));
  if (newFacts.monthlyBill !== undefined)
    noted.push(t('chat.offline.billFact', { bill: f(newFacts.monthlyBill) }));
  if (newFacts.roofType !== undefined)
    noted.push(
      isNamedRoofType(newFacts.roofType)
        ? t(`chat.offline.roofType.${newFacts.roofType}`)
        : t('chat.offline.roofTypeFallback', { type: newFacts.roofType }),
    );
  if (newFacts.roofArea !== undefined)
    noted.push(t('chat.offline.areaFact', { area: f(newFacts.roofArea) }));
  if (newFacts.location !== undefined)
    noted.push(t('chat.offline.locationFact', { location: newFacts.location }));
  if (noted.length > 0) parts.push(t('chat.offline.noted', { items: noted.join('; ') }));

  const kwh = consumptionKwh(facts);
  if (kwh === undefined) {
    parts.push(t(`chat.offline.askConsumption.${bot}`));
    return parts.join(' ');
  }
  if (facts.monthlyKwh === undefined && facts.monthlyBill !== undefined) {
    parts.push(
      t('chat.offline.fromBill', {
        bill: f(facts.monthlyBill),
        rate: formatNumber(locale, ESTIMATE_DEFAULTS.pricePerKwhSom, 2),
        kwh: f(kwh),
      }),
    );
  }
  const e = quickEstimate({ monthlyKwh: kwh });
  parts.push(
    t(`chat.offline.estimate.${bot}`, {
      kwh: f(kwh),
      size: f(e.systemSizeKw),
      panels: f(e.panelCount),
      panelCount: e.panelCount,
      panelKw: f(ESTIMATE_CONSTANTS.panelKw),
      cost: f(e.estimatedCostSom),
      production: f(e.yearlyProductionKwh),
      savings: f(e.monthlySavingsSom),
      hasPayback: e.paybackYears === null ? 'no' : 'yes',
      payback: e.paybackYears === null ? '' : f(e.paybackYears),
      paybackYears: e.paybackYears ?? 0,
      coverage: f(e.roofCoverageM2),
    }),
  );
  if (facts.roofArea !== undefined) {
    parts.push(
      facts.roofArea < e.roofCoverageM2
        ? t('chat.offline.roofTooSmall', {
            area: f(facts.roofArea),
            needed: f(e.roofCoverageM2),
          })
        : t('chat.offline.roofFits', { area: f(facts.roofArea) }),
    );
  }
  const missing = (['roofType', 'roofArea', 'location'] as const)
    .filter((key) => facts[key] === undefined)
    .map((key) => t(`chat.offline.missing.${key}`));
  if (missing.length > 0) {
    parts.push(
      t('chat.offline.disclaimer'),
      t(`chat.offline.askMore.${bot}`, { list: joinList(missing, t('chat.offline.and')) }),
    );
  } else {
    parts.push(t(`chat.offline.complete.${bot}`));
  }
  return parts.join(' ');
}
