/**
 * `POST /chat/stream` (the OpenAPI document): checks the request, opens the event stream
 * (the first chunk carries the conversation id, made here for a new conversation), stores
 * the user's message, then streams the assistant's reply and stores it. A failure to store
 * the message ends the stream with the error chunk and `complete`, with nothing written.
 *
 * Before the stream (ordinary JSON errors): 404 unknown or foreign conversation, 409 ended,
 * 429 over the per-user message limit (400 for the body comes from the route schema).
 * The stream: a first chunk carrying the conversation id, one chunk per text delta, on a
 * failure a chunk with `isError: true` and a message, and last an event named `complete`
 * with `isComplete: true`, the whole `completeMessage` and `extractedData` (the validated
 * solar facts of this exchange, or null). Every event has an `id:`. A `: heartbeat` comment
 * every CHAT_HEARTBEAT_MS. A client that disconnects does not stop the reply: it
 * is generated and stored in full, and `GET /chat/stream/{id}` resumes it (follow.ts,
 * reply-log.ts). A reply stopped (`POST /chat/stop`, `/chat/end`), failed or timed out is
 * stored with what it had, interrupted = true.
 *
 * The regenerate form (`regenerate` 'replace' | 'keep', no message; docs/product.md#ai-chat)
 * answers the conversation's last user message again as a new running reply with the same
 * chunks, stop and resume: 409 `conflict` before the stream when the last message is not an
 * assistant reply or a reply is running. 'replace' removes the earlier reply once the new
 * one is stored complete; a stopped or failed new reply is stored interrupted after it.
 */
import {
  chatMessages,
  type BotType,
  type ExtractedData,
  type Locale,
  type StreamChunk,
} from '@solar/domain';
import {
  experimental_streamTextLowMemory as streamTextLowMemory,
  isStepCount,
  tool,
  type ModelMessage,
} from 'ai';
import { randomUUID } from 'node:crypto';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { requireAuth } from '../auth/guard.ts';
import type { ChatConfig } from './config.ts';
import {
  factsFromText,
  isEmptyFacts,
  mergeFacts,
  recordFactsInputSchema,
  validateFacts,
} from './facts.ts';
import { RECORD_FACTS_TOOL, botInstructions, recordFactsToolDescription } from './instructions.ts';
import { generateTitle, summaryTitle, type ChatModel } from './model.ts';
import type { MessageLimiter } from './rate-limit.ts';
import {
  conversationEnded,
  conversationNotFound,
  replyRunning,
  type ExchangeStart,
  type MessageRow,
  type RegenerateTarget,
} from './repository.ts';
import type { ChatService } from './service.ts';
import { sendReplyEvents } from './follow.ts';
import { createReplyLog, type ReplyLog } from './reply-log.ts';
import {
  abortWhenAny,
  createLiveReplies,
  type BackgroundTasks,
  type LiveReplies,
} from './running.ts';

/** What the stream handler works with. */
export interface ChatStreamDeps {
  repo: ChatService;
  chatModel: ChatModel;
  config: ChatConfig;
  limiter: MessageLimiter;
  background: BackgroundTasks;
  /**
   * Aborted when the server shuts down and a stream outlived the grace period: the reply
   * ends with an error chunk and `complete`, and is stored marked interrupted.
   */
  shutdown?: AbortSignal;
  /** The replies running now, by conversation, so `POST /chat/stop` and `/end` stop them. */
  live?: LiveReplies;
  /** The events of running replies, for resuming (default: this process only). */
  replies?: ReplyLog;
}

/** The validated body of `POST /chat/stream`. */
export interface ChatStreamBody {
  /** The new message; absent with `regenerate`. */
  message?: string | undefined;
  /** Answer the last user message again (docs/product.md#ai-chat); needs `conversationId`. */
  regenerate?: 'replace' | 'keep' | undefined;
  conversationId: string | null;
  context?: { botType?: BotType; locale?: Locale } | undefined;
}

/** The message of the error chunk (docs/product.md#errors-and-messages). */
export const STREAM_ERROR_MESSAGE = chatMessages.genericError.defaultMessage;

/** Earlier messages as the model's conversation (system and empty messages left out). */
function modelMessages(history: MessageRow[], message: string): ModelMessage[] {
  const earlier: ModelMessage[] = history
    .filter((row) => row.role !== 'system' && row.content.trim() !== '')
    .map((row) =>
      row.role === 'user'
        ? { role: 'user', content: row.content }
        : { role: 'assistant', content: row.content },
    );
  return [...earlier, { role: 'user', content: message }];
}

/** A tool call's input as an object: invalid calls may carry the model's raw JSON text. */
function toolInput(input: unknown): unknown {
  if (typeof input !== 'string') return input;
  try {
    return JSON.parse(input) as unknown;
  } catch {
    return undefined;
  }
}

/** Handles one `POST /chat/stream`; see the module comment. */
export async function streamChatReply(
  request: FastifyRequest,
  reply: FastifyReply,
  body: ChatStreamBody,
  deps: ChatStreamDeps,
): Promise<void> {
  const { repo, chatModel, config, limiter, background } = deps;
  const auth = requireAuth(request);
  const locale: Locale = body.context?.locale ?? 'en';
  const replies = deps.replies ?? createReplyLog();

  let target: RegenerateTarget | null = null;
  if (body.regenerate !== undefined && body.conversationId !== null) {
    target = await repo.regenerateTarget(auth.userId, body.conversationId);
    if (await replies.has(body.conversationId)) throw replyRunning();
  } else if (body.conversationId !== null) {
    const owned = await repo.findOwned(auth.userId, body.conversationId);
    if (!owned) throw conversationNotFound();
    if (owned.status === 'ended') throw conversationEnded();
  }
  const message = target ? target.userMessage.content : (body.message ?? '').trim();
  const botType: BotType = body.context?.botType ?? (target?.userMessage.botType === 1 ? 1 : 0);
  await limiter.consume(auth.userId);
  // A new conversation's id is made here, so the stream can open before anything is
  // written: the first chunk does not wait for the database (docs/benchmarks.md, time to first
  // chunk). A failed write below ends the stream with the error chunk.
  const conversationId = body.conversationId ?? randomUUID();
  const chunk = (fields: Partial<StreamChunk>): StreamChunk => ({
    conversationId,
    textDelta: '',
    botType,
    isComplete: false,
    isError: false,
    ...fields,
  });

  // The reply runs on its own from here: its events go to the reply log, which this
  // answer follows (and, should the connection drop, GET /chat/stream/{id} resumes).
  const log = replies.begin(conversationId);
  const first = log.emit(chunk({}));
  const answered = sendReplyEvents(reply, replies, conversationId, {
    lastEventId: undefined,
    heartbeatMs: config.heartbeatMs,
    first,
  });
  // Keeps the Redis copy of a silent reply (a slow model) from expiring.
  const heartbeat = setInterval(() => log.touch(), config.heartbeatMs);
  heartbeat.unref();

  /** Ends the reply: the error chunk when `failed`, then `complete`. */
  const endStream = (
    failed: boolean,
    completeMessage: string,
    extractedData: ExtractedData | null,
  ) => {
    if (failed) log.emit(chunk({ textDelta: STREAM_ERROR_MESSAGE, isError: true }));
    log.emit(chunk({ isComplete: true, completeMessage, extractedData }), 'complete');
    log.end();
  };

  // From here a POST /chat/stop or /chat/end of this conversation stops the reply.
  const live = (deps.live ?? createLiveReplies()).open(conversationId);

  // The database work below runs on this thread with PGlite: let the event loop first
  // serve the other requests already waiting (their first chunks), then continue.
  await new Promise((resolve) => setImmediate(resolve));

  // The portfolio is read while the message is stored (two connections, one wait before
  // the model starts): under load each round trip waits for a turn of a busy event loop.
  const [facts, begun] = await Promise.allSettled([
    repo.latestFacts(auth.userId),
    target
      ? Promise.resolve<ExchangeStart>({
          conversation: target.conversation,
          created: false,
          userMessage: target.userMessage,
          history: target.history,
        })
      : repo.beginExchange({
          userId: auth.userId,
          conversationId: body.conversationId,
          newConversationId: conversationId,
          content: message,
          botType,
          newTitle: summaryTitle(message),
        }),
  ]);
  if (begun.status === 'rejected') {
    // Nothing was stored (one transaction): the stream ends with the error chunk.
    clearInterval(heartbeat);
    live.close();
    request.log.error({ err: begun.reason }, 'storing the chat message failed');
    endStream(true, '', null);
    await answered;
    return;
  }
  const exchange = begun.value;
  const knownFacts: ExtractedData = facts.status === 'fulfilled' ? facts.value.facts : {};
  const shutdown = deps.shutdown ?? new AbortController().signal;
  const limit = abortWhenAny([shutdown, live.signal], config.timeoutMs);
  const signal = limit.signal;

  let text = '';
  // The message is stored by now: a failed portfolio read fails the reply, which is then
  // stored empty and interrupted after it, like any failure of the model.
  let failure: unknown = facts.status === 'rejected' ? facts.reason : undefined;
  let toolFacts: ExtractedData = {};
  let stepBreak = false;
  try {
    if (failure === undefined) {
      // One consumer (the loop below) and no replay of the result: the low-memory variant
      // skips the SDK's tee and an extra stream stage per part
      // (docs/decisions/038-chat-first-text-under-load.md).
      const result = streamTextLowMemory({
        model: chatModel.model,
        instructions: botInstructions(botType, locale, knownFacts),
        messages: modelMessages(exchange.history, message),
        tools: {
          [RECORD_FACTS_TOOL]: tool({
            description: recordFactsToolDescription(locale),
            inputSchema: recordFactsInputSchema,
            // The facts are taken from the tool-call part below, which also sees calls whose
            // input failed the schema; the model is told what was kept.
            execute: async (input) => ({ recorded: validateFacts(input) }),
          }),
        },
        stopWhen: isStepCount(3),
        maxRetries: 0,
        abortSignal: signal,
        providerOptions: { solar: { locale, botType, knownFacts: { ...knownFacts } } },
        onError: () => {},
      });
      for await (const part of result.stream) {
        // Parts the model had already produced are not sent once the reply was stopped.
        if (signal.aborted) break;
        if (part.type === 'text-delta' && part.text !== '') {
          const delta = stepBreak && !/\s$/.test(text) ? `\n\n${part.text}` : part.text;
          stepBreak = false;
          text += delta;
          log.emit(chunk({ textDelta: delta }));
        } else if (part.type === 'tool-call' && part.toolName === RECORD_FACTS_TOOL) {
          toolFacts = mergeFacts(toolFacts, validateFacts(toolInput(part.input)));
        } else if (part.type === 'finish-step') {
          stepBreak = text !== '';
        } else if (part.type === 'error') {
          failure = part.error;
          break;
        } else if (part.type === 'abort') {
          break;
        }
      }
    }
  } catch (error) {
    failure = error;
  } finally {
    clearInterval(heartbeat);
    limit.release();
    live.close();
  }

  const endedByUser = live.signal.aborted;
  if (limit.timedOut()) failure ??= new Error('the model did not finish in time');
  if (shutdown.aborted) failure ??= new Error('the server is shutting down');
  // Stopped by the user (POST /chat/stop or /chat/end): not a failure; the abort is no error.
  if (endedByUser && !shutdown.aborted && !limit.timedOut()) failure = undefined;
  const failed = failure !== undefined;
  if (failed) request.log.warn({ err: failure }, 'chat reply failed');

  const found = mergeFacts(factsFromText(message), toolFacts);
  const extractedData = isEmptyFacts(found) ? null : found;
  let stored = true;
  try {
    const finish = {
      userId: auth.userId,
      conversationId,
      userMessageId: exchange.userMessage.id,
      content: text,
      botType,
      extractedData,
      interrupted: failed || endedByUser,
    };
    if (target) {
      const replaceId = body.regenerate === 'replace' ? target.earlier.id : null;
      await repo.finishRegenerate({ ...finish, replaceId });
    } else {
      await repo.finishExchange(finish);
    }
  } catch (error) {
    stored = false;
    request.log.error({ err: error }, 'storing the chat reply failed');
  }

  if (exchange.created && chatModel.writesTitles) {
    background.run(async (shutdown) => {
      const titleLimit = abortWhenAny([shutdown], config.timeoutMs);
      try {
        const title = await generateTitle(chatModel.model, message, titleLimit.signal);
        if (title) await repo.setGeneratedTitle(conversationId, title);
      } finally {
        titleLimit.release();
      }
    });
  }

  endStream(failed || !stored, text, extractedData);
  await answered;
}
