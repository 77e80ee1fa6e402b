/**
 * The chat's answer shapes of /api/v1 (docs/product.md#ai-chat; the OpenAPI document): the
 * stream's chunks, conversations, stored messages and the portfolio. Re-exported by
 * contract.ts.
 */
import type { Locale } from './constants.ts';

/** Bot types (docs/product.md#ai-chat): 0 solar consultant, 1 sales specialist. */
export type BotType = 0 | 1;

/** Solar facts found in a chat exchange (docs/product.md#ai-chat); missing facts are absent. */
export interface ExtractedData {
  /** Monthly electricity use, kWh. */
  readonly monthlyKwh?: number;
  /** Monthly electricity bill, som. */
  readonly monthlyBill?: number;
  /** Roof type, e.g. `flat`, `pitched`, `metal`, `tile`. */
  readonly roofType?: string;
  /** Roof area, m2. */
  readonly roofArea?: number;
  /** Free-text location (city or address). */
  readonly location?: string;
}

/**
 * How a regenerated reply treats the earlier one (docs/product.md#ai-chat, regenerating a
 * reply): `replace` removes it once the new reply is stored complete, `keep` keeps both.
 */
export type RegenerateMode = 'replace' | 'keep';

/**
 * `POST /chat/stream` body (the OpenAPI document; built from the zod schema in requests.ts):
 * either a new `message`, or `regenerate` with the `conversationId` (no message) to answer
 * the conversation's last user message again.
 */
export interface ChatStreamRequest {
  readonly message?: string;
  readonly regenerate?: RegenerateMode;
  readonly conversationId?: string | null;
  readonly context?: { readonly botType?: BotType; readonly locale?: Locale };
}

/** One server-sent event chunk of `POST /chat/stream` (docs/product.md#ai-chat). */
export interface StreamChunk {
  readonly conversationId: string;
  readonly textDelta: string;
  readonly botType: BotType;
  readonly isComplete: boolean;
  readonly isError: boolean;
  readonly completeMessage?: string | null;
  readonly extractedData?: ExtractedData | null;
}

/** A conversation in the sidebar (docs/product.md#ai-chat); `title` at most 200 characters. */
export interface ConversationSummary {
  readonly id: string;
  readonly title: string;
  readonly messageCount: number;
  readonly lastMessageAt: string;
  /** True while the title is the one generated from the first message. */
  readonly titleGenerated: boolean;
}

/** `GET /chat/conversations` answer. */
export interface ConversationListResponse {
  readonly conversations: readonly ConversationSummary[];
  readonly page: number;
  readonly totalPages: number;
}

/** Who wrote a chat message. */
export type ChatRole = 'user' | 'assistant' | 'system';
/** Conversation status. */
export type ConversationStatus = 'active' | 'ended';

/** One stored chat message (docs/product.md#ai-chat). */
export interface ChatMessageDto {
  readonly id: string;
  readonly role: ChatRole;
  readonly content: string;
  readonly botType: BotType | null;
  readonly createdAt: string;
  /** The {@link ExtractedData} of this message as JSON text, or null. */
  readonly extractedDataJson: string | null;
  /** True for a reply cut short by a disconnect or an error. */
  readonly interrupted: boolean;
}

/** `GET /chat/history/{id}` answer (docs/product.md#ai-chat). */
export interface ConversationDetail {
  readonly conversationId: string;
  readonly title: string;
  readonly startedAt: string;
  readonly status: ConversationStatus;
  readonly messages: readonly ChatMessageDto[];
}

/** `POST /chat/end/{id}` answer. */
export interface EndConversationResponse {
  readonly conversationId: string;
  readonly status: 'ended';
}

/** `PUT /chat/conversations/{id}/title` answer. */
export interface TitleUpdateResponse {
  readonly success: true;
  readonly title: string;
}

/** The five facts of a portfolio, by their `extractedData` names (docs/product.md#ai-chat). */
export type PortfolioFactKey = 'monthlyKwh' | 'monthlyBill' | 'roofType' | 'roofArea' | 'location';

/**
 * Where a portfolio fact was stated: its conversation (id and title,
 * both null once that conversation is deleted) and when it was recorded (ISO).
 */
export interface PortfolioFactSource {
  readonly conversationId: string | null;
  readonly conversationTitle: string | null;
  readonly recordedAt: string;
}

/**
 * `GET /chat/portfolio` answer (docs/product.md#ai-chat): the latest known value of each fact
 * across the user's conversations, null when unknown; `sources` says where each known fact came
 * from (absent keys: unknown facts).
 */
export interface Portfolio {
  readonly electricityConsumption: {
    readonly monthlyKwh: number | null;
    /** Som. */
    readonly monthlyBill: number | null;
    readonly currency: 'KGS';
  };
  readonly propertyInfo: {
    readonly roofType: string | null;
    /** m2. */
    readonly roofArea: number | null;
    readonly location: string | null;
  };
  readonly updatedAt: string | null;
  readonly sources: Readonly<Partial<Record<PortfolioFactKey, PortfolioFactSource>>>;
}
