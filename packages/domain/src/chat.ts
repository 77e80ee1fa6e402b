/**
 * Chat helpers (docs/product.md#ai-chat and #errors-and-messages): bot types, the stream chunk
 * parser with its '[Parse Error]' chunk, conversation title labels, and the portfolio built from
 * solar facts. The types themselves are in contract.ts.
 */
import type {
  BotType,
  ExtractedData,
  Portfolio,
  PortfolioFactKey,
  PortfolioFactSource,
  StreamChunk,
} from './contract.ts';
import { chatMessages, type MessageDescriptor } from './messages.ts';

/** Bot types (docs/product.md#ai-chat): 0 solar consultant, 1 sales specialist. */
export const BOT_TYPES = { consultant: 0, salesSpecialist: 1 } as const satisfies Record<
  string,
  BotType
>;

/** True when `value` is 0 or 1 (docs/product.md#ai-chat). */
export function isBotType(value: unknown): value is BotType {
  return value === 0 || value === 1;
}

/** Display name of a bot type (docs/product.md#ai-chat): Solar Consultant or Sales Specialist. */
export function botTypeLabel(botType: BotType): MessageDescriptor {
  return botType === 1 ? chatMessages.botSales : chatMessages.botConsultant;
}

/** The SSE event name that ends a chat stream (the OpenAPI document). */
export const STREAM_COMPLETE_EVENT = 'complete';

/** True when a response's content type is an event stream (docs/product.md#errors-and-messages 'not configured'). */
export function isEventStream(contentType: string | null | undefined): boolean {
  return /^\s*text\/event-stream\b/i.test(contentType ?? '');
}

/**
 * Parses the JSON `data` of one stream event into a chunk (docs/product.md#ai-chat and
 * #errors-and-messages). Missing fields get neutral values; text that is not a JSON object gives an
 * error chunk whose text is '[Parse Error]', carrying `conversationId` (the one known so far).
 */
export function parseStreamChunk(data: string, conversationId = ''): StreamChunk {
  let value: unknown;
  try {
    value = JSON.parse(data);
  } catch {
    value = null;
  }
  if (typeof value !== 'object' || value === null || Array.isArray(value)) {
    return {
      conversationId,
      textDelta: chatMessages.parseError.defaultMessage,
      botType: 0,
      isComplete: false,
      isError: true,
    };
  }
  const raw = value as Record<string, unknown>;
  const text = (v: unknown) => (typeof v === 'string' ? v : undefined);
  const extracted = raw.extractedData;
  return {
    conversationId: text(raw.conversationId) ?? conversationId,
    textDelta: text(raw.textDelta) ?? '',
    botType: isBotType(raw.botType) ? raw.botType : 0,
    isComplete: raw.isComplete === true,
    isError: raw.isError === true,
    completeMessage: text(raw.completeMessage) ?? null,
    extractedData:
      typeof extracted === 'object' && extracted !== null ? (extracted as ExtractedData) : null,
  };
}

/** The sidebar title (docs/product.md#ai-chat): auto-generated titles end with ' *'. */
export function conversationTitleLabel(summary: {
  readonly title: string;
  readonly titleGenerated: boolean;
}): string {
  return summary.titleGenerated ? `${summary.title} *` : summary.title;
}

/** A portfolio with nothing known yet (the OpenAPI document: all null, currency KGS). */
export function emptyPortfolio(): Portfolio {
  return {
    electricityConsumption: { monthlyKwh: null, monthlyBill: null, currency: 'KGS' },
    propertyInfo: { roofType: null, roofArea: null, location: null },
    updatedAt: null,
    sources: {},
  };
}

/** The portfolio's facts in the order the card shows them. */
export const PORTFOLIO_FACT_KEYS: readonly PortfolioFactKey[] = [
  'monthlyKwh',
  'monthlyBill',
  'roofType',
  'roofArea',
  'location',
];

/**
 * True when the portfolio's known facts were stated in more than one conversation: the
 * card then says where each one came from, since a 300 kWh beside a
 * bill from another conversation would otherwise read as one statement.
 */
export function isPortfolioMixed(portfolio: Portfolio): boolean {
  const ids = new Set(Object.values(portfolio.sources).map((source) => source.conversationId));
  return ids.size > 1;
}

/** True when a portfolio holds no fact (the empty-portfolio message of docs/product.md#errors-and-messages). */
export function isPortfolioEmpty(portfolio: Portfolio): boolean {
  const { monthlyKwh, monthlyBill } = portfolio.electricityConsumption;
  const { roofType, roofArea, location } = portfolio.propertyInfo;
  return [monthlyKwh, monthlyBill, roofType, roofArea, location].every((v) => v === null);
}

/**
 * The portfolio after newer facts (the OpenAPI document: the latest value of each fact wins).
 * Facts absent from `facts` keep their value and source; `updatedAt` (ISO) moves only
 * when a fact was given; each given fact's source becomes `conversation` at `updatedAt`.
 */
export function mergePortfolio(
  portfolio: Portfolio,
  facts: ExtractedData | null | undefined,
  updatedAt: string,
  conversation: { readonly id: string; readonly title: string | null } | null = null,
): Portfolio {
  if (!facts || Object.values(facts).every((v) => v === undefined || v === null)) return portfolio;
  const e = portfolio.electricityConsumption;
  const p = portfolio.propertyInfo;
  const sources: Partial<Record<PortfolioFactKey, PortfolioFactSource>> = {
    ...portfolio.sources,
  };
  for (const key of PORTFOLIO_FACT_KEYS) {
    if (facts[key] === undefined || facts[key] === null) continue;
    sources[key] = {
      conversationId: conversation?.id ?? null,
      conversationTitle: conversation?.title ?? null,
      recordedAt: updatedAt,
    };
  }
  return {
    electricityConsumption: {
      monthlyKwh: facts.monthlyKwh ?? e.monthlyKwh,
      monthlyBill: facts.monthlyBill ?? e.monthlyBill,
      currency: 'KGS',
    },
    propertyInfo: {
      roofType: facts.roofType ?? p.roofType,
      roofArea: facts.roofArea ?? p.roofArea,
      location: facts.location ?? p.location,
    },
    updatedAt,
    sources,
  };
}
