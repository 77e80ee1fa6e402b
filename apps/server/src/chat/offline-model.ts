/**
 * The embedded offline assistant as an AI SDK language model (specification v4), so the
 * chat pipeline is the same as with a real model (docs/decisions/006-ai-provider.md).
 *
 * It behaves like a tool-using model: when the last user message states solar facts
 * (domain parser, then validation) and the `record_solar_facts` tool is offered, it first
 * answers with that tool call; after the tool result (or when there is nothing to record)
 * it streams the reply of `composeOfflineReply` word by word, `delayMs` apart, and stops
 * as soon as the call's abort signal fires. The words keep to a schedule fixed when the
 * stream starts (word n is due `n * delayMs` after it), as a network model's keep coming
 * while the server is busy: a late turn of the event loop does not push every later word
 * back, which under load had stretched a reply to twice its length in time
 * (docs/decisions/038-chat-first-text-under-load.md). Deterministic: the same prompt gives the same
 * reply. The conversation's locale, bot type and portfolio facts come in
 * `providerOptions.solar` ({@link OfflineCallSettings}).
 */
import { isBotType, isLocale, type BotType, type ExtractedData, type Locale } from '@solar/domain';
import type { LanguageModel } from 'ai';
import { factsFromText, isEmptyFacts, mergeFacts, validateFacts } from './facts.ts';
import { RECORD_FACTS_TOOL } from './instructions.ts';
import { composeOfflineReply } from './offline-replies.ts';

/** The v4 language-model interface of the AI SDK (`ai` re-exports it as part of LanguageModel). */
export type LanguageModelV4 = Extract<LanguageModel, { specificationVersion: 'v4' }>;
type CallOptions = Parameters<LanguageModelV4['doStream']>[0];
type StreamResult = Awaited<ReturnType<LanguageModelV4['doStream']>>;
type StreamPart = StreamResult['stream'] extends ReadableStream<infer P> ? P : never;
type GenerateResult = Awaited<ReturnType<LanguageModelV4['doGenerate']>>;
type Usage = Extract<StreamPart, { type: 'finish' }>['usage'];

/** What the pipeline tells the offline model through `providerOptions.solar`. */
export interface OfflineCallSettings {
  locale: Locale;
  botType: BotType;
  /** The user's portfolio before this message. */
  knownFacts: ExtractedData;
}

/** Reads `providerOptions.solar`; missing or malformed values fall back to en, 0 and none. */
export function offlineSettings(options: CallOptions): OfflineCallSettings {
  const raw = (options.providerOptions?.solar ?? {}) as Record<string, unknown>;
  return {
    locale: isLocale(raw.locale) ? raw.locale : 'en',
    botType: isBotType(raw.botType) ? raw.botType : 0,
    knownFacts: validateFacts(raw.knownFacts),
  };
}

type Prompt = CallOptions['prompt'];

function textOf(message: Prompt[number]): string {
  if (typeof message.content === 'string') return message.content;
  return message.content
    .map((part) => (part.type === 'text' ? part.text : ''))
    .join('')
    .trim();
}

/** What the offline model does for a call: record facts first, or reply with text. */
export type OfflinePlan =
  { kind: 'tool-call'; input: ExtractedData } | { kind: 'text'; text: string };

/** Decides the offline model's answer to a call (pure; see the module comment). */
export function planOfflineAnswer(options: CallOptions): OfflinePlan {
  const settings = offlineSettings(options);
  const prompt = options.prompt;
  let lastUser = -1;
  prompt.forEach((message, index) => {
    if (message.role === 'user') lastUser = index;
  });
  const lastUserText = lastUser >= 0 ? textOf(prompt[lastUser]!) : '';
  const newFacts = factsFromText(lastUserText);
  const offersTool = (options.tools ?? []).some((tool) => tool.name === RECORD_FACTS_TOOL);
  if (lastUser === prompt.length - 1 && offersTool && !isEmptyFacts(newFacts)) {
    return { kind: 'tool-call', input: newFacts };
  }
  let facts = settings.knownFacts;
  for (const message of prompt) {
    if (message.role === 'user') facts = mergeFacts(facts, factsFromText(textOf(message)));
  }
  const firstReply = !prompt
    .slice(0, Math.max(lastUser, 0))
    .some((message) => message.role === 'assistant' && textOf(message) !== '');
  return {
    kind: 'text',
    text: composeOfflineReply({
      botType: settings.botType,
      locale: settings.locale,
      facts,
      newFacts,
      firstReply,
    }),
  };
}

/** Splits a reply into the pieces it is streamed in: one word with its following space. */
export function streamPieces(text: string): string[] {
  return text.match(/[^ \n]+[ \n]*|[ \n]+/g) ?? [];
}

function usage(outputTokens: number): Usage {
  return {
    inputTokens: {
      total: undefined,
      noCache: undefined,
      cacheRead: undefined,
      cacheWrite: undefined,
    },
    outputTokens: { total: outputTokens, text: outputTokens, reasoning: undefined },
  };
}

/**
 * Resolves after `ms`, or at once when `signal` aborts. With no delay (or a word already
 * due) it still waits for the event loop's next turn, as a network model's words would: a reply made of microtasks
 * only would hold the server until it ends, and other requests would wait for it.
 */
function pause(ms: number, signal: AbortSignal | undefined): Promise<void> {
  if (signal?.aborted) return Promise.resolve();
  if (ms <= 0) return new Promise((resolve) => setImmediate(resolve));
  return new Promise((resolve) => {
    const timer = setTimeout(done, ms);
    function done() {
      clearTimeout(timer);
      signal?.removeEventListener('abort', done);
      resolve();
    }
    signal?.addEventListener('abort', done, { once: true });
  });
}

function abortError(signal: AbortSignal): unknown {
  return signal.reason ?? new DOMException('The operation was aborted.', 'AbortError');
}

/** Creates the offline model; `delayMs` is the pause between streamed words (0 in tests). */
export function createOfflineModel({ delayMs }: { delayMs: number }): LanguageModelV4 {
  let calls = 0;
  return {
    specificationVersion: 'v4',
    provider: 'solar.offline',
    modelId: 'offline-consultant',
    supportedUrls: {},

    async doGenerate(options): Promise<GenerateResult> {
      const plan = planOfflineAnswer(options);
      const id = `offline-${++calls}`;
      return plan.kind === 'tool-call'
        ? {
            content: [
              {
                type: 'tool-call',
                toolCallId: id,
                toolName: RECORD_FACTS_TOOL,
                input: JSON.stringify(plan.input),
              },
            ],
            finishReason: { unified: 'tool-calls', raw: 'tool_calls' },
            usage: usage(1),
            warnings: [],
          }
        : {
            content: [{ type: 'text', text: plan.text }],
            finishReason: { unified: 'stop', raw: 'stop' },
            usage: usage(streamPieces(plan.text).length),
            warnings: [],
          };
    },

    async doStream(options): Promise<StreamResult> {
      const plan = planOfflineAnswer(options);
      const signal = options.abortSignal;
      const id = `offline-${++calls}`;
      const queue: StreamPart[] = [{ type: 'stream-start', warnings: [] }];
      if (plan.kind === 'tool-call') {
        queue.push(
          {
            type: 'tool-call',
            toolCallId: id,
            toolName: RECORD_FACTS_TOOL,
            input: JSON.stringify(plan.input),
          },
          {
            type: 'finish',
            usage: usage(1),
            finishReason: { unified: 'tool-calls', raw: 'tool_calls' },
          },
        );
      } else {
        const pieces = streamPieces(plan.text);
        queue.push({ type: 'text-start', id });
        for (const delta of pieces) queue.push({ type: 'text-delta', id, delta });
        queue.push(
          { type: 'text-end', id },
          {
            type: 'finish',
            usage: usage(pieces.length),
            finishReason: { unified: 'stop', raw: 'stop' },
          },
        );
      }
      let cancelled = false;
      let due = performance.now();
      const stream = new ReadableStream<StreamPart>({
        async pull(controller) {
          const part = queue.shift();
          if (part?.type === 'text-delta') {
            due += delayMs;
            await pause(delayMs > 0 ? due - performance.now() : 0, signal);
          }
          if (cancelled) return;
          if (signal?.aborted) {
            controller.error(abortError(signal));
            return;
          }
          if (part) controller.enqueue(part);
          if (queue.length === 0) controller.close();
        },
        cancel() {
          cancelled = true;
        },
      });
      return { stream };
    },
  };
}
