/**
 * The chat's language model by configuration (docs/decisions/006-ai-provider.md):
 * `offline` is the embedded consultant (offline-model.ts); `openai-compatible` is any
 * endpoint speaking the OpenAI chat-completions protocol (`AI_BASE_URL`, `AI_API_KEY`,
 * `AI_MODEL`), e.g. Ollama. Also the conversation titles: a trimmed summary of the first
 * message, replaced by a model-written title when there is a model.
 */
import { createOpenAICompatible } from '@ai-sdk/openai-compatible';
import { generateText, type LanguageModel } from 'ai';
import type { ChatConfig } from './config.ts';
import { titlePrompt } from './instructions.ts';
import { createOfflineModel } from './offline-model.ts';

/** The model to talk to, and whether it is a real one (which also writes titles). */
export interface ChatModel {
  model: LanguageModel;
  /** False for the offline assistant. */
  writesTitles: boolean;
}

/** Builds the configured model. */
export function createChatModel(config: ChatConfig): ChatModel {
  if (config.provider === 'offline') {
    return { model: createOfflineModel({ delayMs: config.streamDelayMs }), writesTitles: false };
  }
  const provider = createOpenAICompatible({
    name: 'solar-ai',
    baseURL: config.baseUrl!,
    ...(config.apiKey ? { apiKey: config.apiKey } : {}),
  });
  return { model: provider.chatModel(config.model), writesTitles: true };
}

/** Longest title, in characters (docs/product.md#ai-chat). */
export const TITLE_MAX = 200;
/** Length of an offline summary title before it is cut at a word, in characters. */
const SUMMARY_MAX = 60;

/**
 * The offline title of a conversation: its first message on one line, cut at a word
 * boundary to at most 60 characters with an ellipsis ("…") when shortened.
 */
export function summaryTitle(message: string): string {
  const line = message.replace(/\s+/g, ' ').trim();
  if (line.length <= SUMMARY_MAX) return line;
  const cut = line.slice(0, SUMMARY_MAX);
  const space = cut.lastIndexOf(' ');
  return `${(space >= SUMMARY_MAX / 2 ? cut.slice(0, space) : cut).replace(/[\s,.;:!?-]+$/, '')}…`;
}

/** A model's title answer cleaned up: first line, no quotes or "Title:" prefix, at most 200. */
export function cleanModelTitle(text: string): string | undefined {
  const line = text
    .split('\n')
    .map((l) => l.trim())
    .find((l) => l !== '');
  if (!line) return undefined;
  const title = line
    .replace(/^(?:title|título|название|заголовок)\s*:\s*/i, '')
    .replace(/^[\s"'`“”„«»*]+|[\s"'`“”„«»*.。]+$/g, '')
    .slice(0, TITLE_MAX)
    .trim();
  return title === '' ? undefined : title;
}

/**
 * Asks the model for a title of a conversation that starts with `firstMessage`. Resolves
 * undefined when the model fails, answers nothing usable, or `signal` aborts.
 */
export async function generateTitle(
  model: LanguageModel,
  firstMessage: string,
  signal: AbortSignal,
): Promise<string | undefined> {
  try {
    const result = await generateText({
      model,
      prompt: titlePrompt(firstMessage),
      maxOutputTokens: 40,
      maxRetries: 0,
      abortSignal: signal,
    });
    return cleanModelTitle(result.text);
  } catch {
    return undefined;
  }
}
