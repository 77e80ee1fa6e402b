/**
 * Chat settings from the environment (docs/operations.md;
 * docs/decisions/006-ai-provider.md). Read once when the chat routes are registered; a bad
 * value throws a ConfigError whose message is one line naming the variable, so start-up
 * stops with it.
 *
 * | variable              | default   | meaning                                                  |
 * | --------------------- | --------- | -------------------------------------------------------- |
 * | `AI_PROVIDER`         | `offline` | `offline` (embedded consultant) or `openai-compatible`   |
 * | `AI_BASE_URL`         | -         | e.g. `http://127.0.0.1:11434/v1` (required for a model)  |
 * | `AI_API_KEY`          | -         | bearer key of the endpoint (Ollama needs none)           |
 * | `AI_MODEL`            | -         | model name, e.g. `llama3.1` (required for a model)       |
 * | `AI_STREAM_DELAY_MS`  | `30`      | offline assistant: pause between streamed pieces, ms     |
 * | `AI_TIMEOUT_MS`       | `120000`  | a model reply is abandoned (error chunk) after this, ms  |
 * | `CHAT_HEARTBEAT_MS`   | `15000`   | SSE comment sent this often to keep proxies open, ms     |
 * | `CHAT_RATE_LIMIT`     | `20`      | messages per user per `CHAT_RATE_WINDOW_MS`              |
 * | `CHAT_RATE_WINDOW_MS` | `60000`   | the rate-limit window, ms                                |
 */
import { z } from 'zod';
import { ConfigError } from '../config.ts';

/** The providers of docs/decisions/006-ai-provider.md. */
export const AI_PROVIDERS = ['offline', 'openai-compatible'] as const;
/** One provider name. */
export type AiProvider = (typeof AI_PROVIDERS)[number];

/** The validated chat settings. Durations are in milliseconds. */
export interface ChatConfig {
  provider: AiProvider;
  /** The OpenAI-compatible endpoint (`.../v1`), without a trailing slash; only for a model. */
  baseUrl: string | undefined;
  apiKey: string | undefined;
  /** Model name; `offline-consultant` for the embedded assistant. */
  model: string;
  /** Pause between the offline assistant's streamed pieces. */
  streamDelayMs: number;
  /** Longest a model reply may take before it is abandoned with an error chunk. */
  timeoutMs: number;
  /** Interval of the SSE heartbeat comment. */
  heartbeatMs: number;
  /** Per-user message limit: `maxMessages` within any `windowMs`. */
  rateLimit: { maxMessages: number; windowMs: number };
}

const milliseconds = (max: number) => z.coerce.number().int().min(0).max(max);

const chatEnvSchema = z.object({
  AI_PROVIDER: z
    .enum(AI_PROVIDERS, { error: `must be one of ${AI_PROVIDERS.join(', ')}` })
    .default('offline'),
  AI_BASE_URL: z
    .url({ protocol: /^https?$/, error: 'must be an http:// or https:// URL' })
    .optional(),
  AI_API_KEY: z.string().min(1).optional(),
  AI_MODEL: z.string().min(1).max(200).optional(),
  AI_STREAM_DELAY_MS: milliseconds(10_000).default(30),
  AI_TIMEOUT_MS: z.coerce.number().int().min(1000).max(3_600_000).default(120_000),
  CHAT_HEARTBEAT_MS: z.coerce.number().int().min(10).max(600_000).default(15_000),
  CHAT_RATE_LIMIT: z.coerce.number().int().min(1).max(100_000).default(20),
  CHAT_RATE_WINDOW_MS: z.coerce.number().int().min(1000).max(86_400_000).default(60_000),
});

/**
 * Reads and validates the chat settings. Empty values count as unset.
 * Throws ConfigError ("Invalid configuration: AI_BASE_URL must be ...") on a bad value, and
 * when `openai-compatible` lacks AI_BASE_URL or AI_MODEL.
 */
export function loadChatConfig(env: Record<string, string | undefined>): ChatConfig {
  const keys = Object.keys(chatEnvSchema.shape);
  const cleaned = Object.fromEntries(
    Object.entries(env).filter(
      ([key, value]) => keys.includes(key) && value !== undefined && value !== '',
    ),
  );
  const parsed = chatEnvSchema.safeParse(cleaned);
  if (!parsed.success) {
    const issue = parsed.error.issues[0]!;
    throw new ConfigError(`Invalid configuration: ${issue.path.join('.')} ${issue.message}`);
  }
  const e = parsed.data;
  if (e.AI_PROVIDER === 'openai-compatible' && (!e.AI_BASE_URL || !e.AI_MODEL)) {
    throw new ConfigError(
      'Invalid configuration: AI_PROVIDER=openai-compatible needs AI_BASE_URL and AI_MODEL',
    );
  }
  return {
    provider: e.AI_PROVIDER,
    baseUrl: e.AI_PROVIDER === 'offline' ? undefined : e.AI_BASE_URL?.replace(/\/+$/, ''),
    apiKey: e.AI_API_KEY,
    model: e.AI_PROVIDER === 'offline' ? 'offline-consultant' : e.AI_MODEL!,
    streamDelayMs: e.AI_STREAM_DELAY_MS,
    timeoutMs: e.AI_TIMEOUT_MS,
    heartbeatMs: e.CHAT_HEARTBEAT_MS,
    rateLimit: { maxMessages: e.CHAT_RATE_LIMIT, windowMs: e.CHAT_RATE_WINDOW_MS },
  };
}
