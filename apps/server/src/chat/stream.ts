/**
 * `POST /chat/stream` (API-CONTRACT.md "Chat"): checks the request, opens the event stream
 * (the first chunk carries the conversation id, made here for a new conversation), stores
 * the user's message, then streams the assistant's reply and stores it. A failure to store
 * the message ends the stream with the error chunk and `complete`, with nothing written.
 *
 * Before the stream (ordinary JSON errors): 404 unknown or foreign conversation, 409 ended,
 * 429 over the per-user message limit (400 for the body comes from the route schema).
 * The stream: a first chunk carrying the conversation id, one chunk per text delta, on a
 * failure a chunk with `isError: true` and a message, and last an event named `complete`
 * with `isComplete: true`, the whole `completeMessage` and `extractedData` (the validated
 * solar facts of this exchange, or null). A `: heartbeat` comment every CHAT_HEARTBEAT_MS.
 * When the client disconnects the model call is aborted and the partial reply is stored
 * with interrupted = true; a failed or timed-out reply is stored the same way.
 */
import {
  chatMessages,
  type BotType,
  type ExtractedData,
  type Locale,
  type StreamChunk,
} from '@solar/domain';
import { isStepCount, streamText, tool, type ModelMessage } from 'ai';
import { randomUUID } from 'node:crypto';
import type { OutgoingHttpHeaders } from 'node:http';
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
  type ChatRepository,
  type ExchangeStart,
  type MessageRow,
} from './repository.ts';
import { startEventStream } from './sse.ts';

/** Work that outlives a request (model-written titles), finished or aborted on close. */
export interface BackgroundTasks {
  run(task: (signal: AbortSignal) => Promise<void>): void;
  /** Aborts the running tasks and waits for them. */
  close(): Promise<void>;
}

/** Creates the background task set; failures go to `onError`. */
export function createBackgroundTasks(onError: (error: unknown) => void): BackgroundTasks {
  const controller = new AbortController();
  const running = new Set<Promise<void>>();
  return {
    run(task) {
      const promise = task(controller.signal)
        .catch(onError)
        .finally(() => running.delete(promise));
      running.add(promise);
    },
    async close() {
      controller.abort();
      await Promise.allSettled([...running]);
    },
  };
}

/** What the stream handler works with. */
export interface ChatStreamDeps {
  repo: ChatRepository;
  chatModel: ChatModel;
  config: ChatConfig;
  limiter: MessageLimiter;
  background: BackgroundTasks;
  /**
   * Aborted when the server shuts down and a stream outlived the grace period: the reply
   * ends with an error chunk and `complete`, and is stored marked interrupted.
   */
  shutdown?: AbortSignal;
  /** The replies streaming now, by conversation, so `POST /chat/end` can stop them. */
  live?: LiveReplies;
}

/**
 * The replies streaming in this process, by conversation id. `stop(id)` (`POST
 * /chat/end`) aborts them: each ends with `complete` (no error chunk) and stores what it
 * had streamed, marked interrupted (issue 20, item 12).
 */
export interface LiveReplies {
  /** Registers a reply of `conversationId`; the returned signal aborts on `stop`. */
  open(conversationId: string): { signal: AbortSignal; close(): void };
  /** Stops every reply of `conversationId` streaming now. */
  stop(conversationId: string): void;
  /** How many replies are streaming now (the metrics' `solar_chat_streams_open`). */
  count(): number;
}

/** Creates the registry of streaming replies (see LiveReplies). */
export function createLiveReplies(): LiveReplies {
  const byConversation = new Map<string, Set<AbortController>>();
  let open = 0;
  return {
    open(conversationId) {
      const controller = new AbortController();
      let set = byConversation.get(conversationId);
      if (!set) byConversation.set(conversationId, (set = new Set()));
      set.add(controller);
      open++;
      return {
        signal: controller.signal,
        close() {
          if (set.delete(controller)) open--;
          if (set.size === 0 && byConversation.get(conversationId) === set) {
            byConversation.delete(conversationId);
          }
        },
      };
    },
    stop(conversationId) {
      for (const controller of byConversation.get(conversationId) ?? []) {
        controller.abort(new Error('the conversation was ended'));
      }
    },
    count: () => open,
  };
}

/**
 * An abort signal that follows `sources` and a timeout of `timeoutMs`, and lets go of all of
 * them with `release()`. `AbortSignal.any` with `AbortSignal.timeout` would do the same, but
 * Node keeps such signals (and everything their listeners reach: the model's stream, the
 * reply) alive until the timeout fires, minutes after the reply ended; under load that
 * was tens of megabytes per 200 streams (issue 10, chat RSS).
 */
export function abortWhenAny(sources: readonly AbortSignal[], timeoutMs: number) {
  const controller = new AbortController();
  let timedOut = false;
  const abort = (reason: unknown) => {
    if (!controller.signal.aborted) controller.abort(reason);
  };
  const onSource = (event: Event) => abort((event.target as AbortSignal).reason);
  for (const source of sources) {
    if (source.aborted) abort(source.reason);
    else source.addEventListener('abort', onSource, { once: true });
  }
  const timer = setTimeout(() => {
    timedOut = true;
    abort(new DOMException('The operation timed out.', 'TimeoutError'));
  }, timeoutMs);
  timer.unref();
  return {
    signal: controller.signal,
    /** True when the timeout, not a source, ended it. */
    timedOut: () => timedOut,
    /** Stops the timer and stops following the sources. */
    release() {
      clearTimeout(timer);
      for (const source of sources) source.removeEventListener('abort', onSource);
    },
  };
}

/** How long open streams may still run after SIGTERM before they are stopped, ms. */
export const SHUTDOWN_GRACE_MS = 5000;

/**
 * The open streams of one server, for a graceful shutdown: `track` registers a stream's
 * promise; `drain` waits up to `graceMs` for them, then aborts `signal` and waits (at most
 * `graceMs` again) for the aborted replies to be stored.
 */
export function createStreamTracker() {
  const open = new Set<Promise<unknown>>();
  const controller = new AbortController();
  const settle = (ms: number) =>
    Promise.race([
      Promise.allSettled([...open]),
      new Promise((resolve) => setTimeout(resolve, ms).unref()),
    ]);
  return {
    signal: controller.signal,
    async track<T>(stream: Promise<T>): Promise<T> {
      open.add(stream);
      try {
        return await stream;
      } finally {
        open.delete(stream);
      }
    },
    async drain(graceMs: number = SHUTDOWN_GRACE_MS): Promise<void> {
      if (open.size > 0) await settle(graceMs);
      controller.abort(new Error('the server is shutting down'));
      if (open.size > 0) await settle(graceMs);
    },
  };
}

/** The validated body of `POST /chat/stream`. */
export interface ChatStreamBody {
  message: string;
  conversationId: string | null;
  context?: { botType?: BotType; locale?: Locale } | undefined;
}

/** The message of the error chunk (spec section 8). */
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
  const botType: BotType = body.context?.botType ?? 0;
  const locale: Locale = body.context?.locale ?? 'en';
  const message = body.message.trim();

  if (body.conversationId !== null) {
    const owned = await repo.findOwned(auth.userId, body.conversationId);
    if (!owned) throw conversationNotFound();
    if (owned.status === 'ended') throw conversationEnded();
  }
  await limiter.consume(auth.userId);
  // A new conversation's id is made here, so the stream can open before anything is
  // written: the first chunk does not wait for the database (issue 10, time to first
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

  // From here on the reply is ours: Fastify neither serializes nor sends it.
  reply.hijack();
  const raw = reply.raw;
  const sse = startEventStream(raw, reply.getHeaders() as OutgoingHttpHeaders, chunk({}));
  const client = new AbortController();
  const onClose = () => {
    if (!raw.writableFinished) client.abort(new Error('client disconnected'));
  };
  raw.on('close', onClose);
  if (raw.destroyed) onClose();
  const heartbeat = setInterval(() => sse.comment('heartbeat'), config.heartbeatMs);
  heartbeat.unref();

  /** Ends the stream: the error chunk when `failed`, then `complete` (unless the client left). */
  const endStream = (
    failed: boolean,
    completeMessage: string,
    extractedData: ExtractedData | null,
  ) => {
    raw.off('close', onClose);
    if (!client.signal.aborted) {
      if (failed) sse.data(chunk({ textDelta: STREAM_ERROR_MESSAGE, isError: true }));
      sse.event('complete', chunk({ isComplete: true, completeMessage, extractedData }));
    }
    sse.end();
  };

  // From here a POST /chat/end of this conversation stops the reply.
  const live = (deps.live ?? createLiveReplies()).open(conversationId);

  // The database work below runs on this thread with PGlite: let the event loop first
  // serve the other requests already waiting (their first chunks), then continue.
  await new Promise((resolve) => setImmediate(resolve));

  let knownFacts: ExtractedData;
  let exchange: ExchangeStart;
  try {
    knownFacts = (await repo.latestFacts(auth.userId)).facts;
    exchange = await repo.beginExchange({
      userId: auth.userId,
      conversationId: body.conversationId,
      newConversationId: conversationId,
      content: message,
      botType,
      newTitle: summaryTitle(message),
    });
  } catch (error) {
    // Nothing was stored (one transaction): the stream ends with the error chunk.
    clearInterval(heartbeat);
    live.close();
    request.log.error({ err: error }, 'storing the chat message failed');
    endStream(true, '', null);
    return;
  }
  const shutdown = deps.shutdown ?? new AbortController().signal;
  const limit = abortWhenAny([client.signal, shutdown, live.signal], config.timeoutMs);
  const signal = limit.signal;

  let text = '';
  let failure: unknown;
  let toolFacts: ExtractedData = {};
  let stepBreak = false;
  try {
    const result = streamText({
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
        sse.data(chunk({ textDelta: delta }));
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
  } catch (error) {
    failure = error;
  } finally {
    clearInterval(heartbeat);
    limit.release();
    live.close();
  }

  const clientGone = client.signal.aborted;
  const endedByUser = live.signal.aborted;
  if (!clientGone && limit.timedOut()) failure ??= new Error('the model did not finish in time');
  if (!clientGone && shutdown.aborted) failure ??= new Error('the server is shutting down');
  // Ended by the user (POST /chat/end): a stop, not a failure; the abort is no error.
  if (endedByUser && !shutdown.aborted && !limit.timedOut()) failure = undefined;
  const failed = !clientGone && failure !== undefined;
  if (failed) request.log.warn({ err: failure }, 'chat reply failed');

  const found = mergeFacts(factsFromText(message), toolFacts);
  const extractedData = isEmptyFacts(found) ? null : found;
  let stored = true;
  try {
    await repo.finishExchange({
      userId: auth.userId,
      conversationId,
      userMessageId: exchange.userMessage.id,
      content: text,
      botType,
      extractedData,
      interrupted: clientGone || failed || endedByUser,
    });
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
}
