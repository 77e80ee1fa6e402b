/**
 * What a language model is told (docs/product.md#ai-chat; the OpenAPI document): one set of
 * instructions per bot type (0 solar consultant, 1 sales specialist) in each interface
 * language (the `chat.instructions.*` messages of the server catalogs; the list of rules is
 * one message, a rule a line), the facts already known about the user, and the estimate
 * computed with the domain formula, so a model quotes the company's figures instead of inventing its own.
 */
import {
  ESTIMATE_CONSTANTS,
  quickEstimate,
  type BotType,
  type ExtractedData,
  type Locale,
} from '@solar/domain';
import { billToKwh } from '@solar/domain';
import { formatMessage, translator } from '../i18n/catalogs.ts';

/** The name of the fact-recording tool, the same for every provider. */
export const RECORD_FACTS_TOOL = 'record_solar_facts';

/** Each bot's name in the message ids. */
const BOT = { 0: 'consultant', 1: 'sales' } as const satisfies Record<BotType, string>;

/** The tool's description in the conversation's language. */
export function recordFactsToolDescription(locale: Locale): string {
  return formatMessage(locale, 'chat.instructions.toolDescription');
}

/**
 * The monthly use (kWh) an estimate starts from: the stated kWh, else the stated bill (som)
 * at the default rate of 1.49 som/kWh; undefined when neither is known.
 */
export function consumptionKwh(facts: ExtractedData): number | undefined {
  if (facts.monthlyKwh !== undefined) return facts.monthlyKwh;
  if (facts.monthlyBill !== undefined) {
    const kwh = billToKwh(facts.monthlyBill);
    return kwh > 0 ? kwh : undefined;
  }
  return undefined;
}

/**
 * The system instructions of `botType` in `locale` (a model must answer in that language),
 * with the user's known facts (monthly kWh, bill in som, roof type, roof area in m2,
 * location) and, once consumption is known, the quick estimate of the domain formula.
 */
export function botInstructions(botType: BotType, locale: Locale, facts: ExtractedData): string {
  const t = translator(locale);
  const known = Object.entries(facts)
    .filter(([, value]) => value !== undefined)
    .map(([key, value]) => `${key}: ${String(value)}`);
  const kwh = consumptionKwh(facts);
  const lines = [
    t(`chat.instructions.persona.${BOT[botType]}`),
    `Always answer in ${t('chat.instructions.language')}.`,
    `- ${t('chat.instructions.rules', { tool: RECORD_FACTS_TOOL })}`,
    known.length > 0
      ? `${t('chat.instructions.known')}: ${known.join('; ')}.`
      : t('chat.instructions.nothingKnown'),
  ];
  if (kwh !== undefined) {
    const e = quickEstimate({ monthlyKwh: kwh });
    lines.push(
      `${t('chat.instructions.estimate')} (${kwh} kWh/month): systemSizeKw ${e.systemSizeKw}; panelCount ${e.panelCount} x ${ESTIMATE_CONSTANTS.panelKw} kW; estimatedCostSom ${e.estimatedCostSom}; yearlyProductionKwh ${e.yearlyProductionKwh}; monthlySavingsSom ${e.monthlySavingsSom}; paybackYears ${e.paybackYears ?? '-'}; roofCoverageM2 ${e.roofCoverageM2}.`,
    );
  }
  return lines.join('\n');
}

/** The prompt asking a model for a conversation title (same language, at most 8 words). */
export function titlePrompt(firstMessage: string): string {
  return `Write a short title (at most 8 words) for a conversation that starts with the message below. Use the message's language. Answer with the title only, without quotes.\n\nMessage:\n${firstMessage.slice(0, 1000)}`;
}
