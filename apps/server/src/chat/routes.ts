/**
 * Chat routes (the OpenAPI document): stream, history, end, stop and resume (stop-routes.ts),
 * conversations, title and
 * portfolio. Every route requires a signed-in user (401 otherwise) and sees only that
 * user's conversations: another user's id is answered 404, exactly like an unknown one.
 * Settings come from the environment (config.ts); a bad value fails registration.
 */
import {
  chatStreamRequestSchema,
  conversationsQuerySchema,
  titleUpdateRequestSchema,
} from '@solar/domain';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { preHandlerHookHandler } from 'fastify';
import type { Redis } from 'ioredis';
import { z } from 'zod';
import { requireAuth } from '../auth/guard.ts';
import type { Db } from '../db/database.ts';
import type { MetricSources } from '../metrics.ts';
import { loadChatConfig } from './config.ts';
import { createChatModel } from './model.ts';
import { createMessageLimiter } from './rate-limit.ts';
import { createChatService } from './service.ts';
import { createReplyLog } from './reply-log.ts';
import {
  conversationId,
  historyResponse,
  listResponse,
  portfolioResponse,
  streamChunkSchema,
} from './schemas.ts';
import { createBackgroundTasks, createLiveReplies, createStreamTracker } from './running.ts';
import { createStopChannel } from './stop-channel.ts';
import { registerStopRoutes } from './stop-routes.ts';
import { streamChatReply } from './stream.ts';

export interface ChatRoutesOptions {
  db: Db;
  authenticate: preHandlerHookHandler;
  /** The server's environment, for the AI provider settings (AI_PROVIDER, AI_BASE_URL, ...). */
  env: Record<string, string | undefined>;
  /** With METRICS=on: where the open-streams gauge reads its value. */
  metrics?: MetricSources | undefined;
  /** REDIS_URL's client: the message limit is counted there, across server processes. */
  redis?: Redis | undefined;
}

const tags = ['chat'];
const security = [{ bearer: [] }];
const idParams = z.object({ id: z.string().max(100) });

export const chatRoutes: FastifyPluginAsyncZod<ChatRoutesOptions> = async (
  app,
  { db, authenticate, env, metrics, redis },
) => {
  const config = loadChatConfig(env);
  const streams = createStreamTracker();
  // Stops and the events of running replies reach every instance through Redis when
  // REDIS_URL is set; one process needs neither (stop-channel.ts, reply-log.ts).
  const stops = createStopChannel(redis, app.log);
  const live = createLiveReplies(stops);
  const replies = createReplyLog(redis, (error) =>
    app.log.debug({ err: error }, 'a chat reply stream was not written to or read from Redis'),
  );
  if (metrics) metrics.chatStreams = () => live.count();
  const deps = {
    shutdown: streams.signal,
    live,
    replies,
    repo: createChatService(db),
    chatModel: createChatModel(config),
    config,
    limiter: createMessageLimiter(config.rateLimit, Date.now, redis),
    background: createBackgroundTasks((error) => app.log.warn({ err: error }, 'chat task failed')),
  };
  const { repo } = deps;
  app.addHook('onClose', async () => {
    await deps.background.close();
    await stops.close();
    await replies.close();
  });
  registerStopRoutes(app, {
    authenticate,
    repo,
    live,
    replies,
    heartbeatMs: config.heartbeatMs,
    chunkSchema: streamChunkSchema,
  });
  // On close (SIGTERM) new requests are already refused with 503; open streams get a grace
  // period, then end with an error chunk and are stored marked interrupted.
  app.addHook('preClose', async () => streams.drain());

  /**
   * POST /chat/stream {message, conversationId, context?} or {regenerate: 'replace' | 'keep',
   * conversationId, context?} -> 200 text/event-stream of StreamChunk JSON events ending
   * with the `complete` event (see stream.ts); 400 blank or over 4000 characters, or a bad
   * regenerate form, 404 unknown/foreign conversation, 409 ended, nothing to regenerate or
   * a reply running, 429 too many messages (docs/product.md#ai-chat).
   */
  app.post(
    '/chat/stream',
    {
      preValidation: authenticate,
      schema: {
        body: chatStreamRequestSchema,
        tags,
        security,
        operationId: 'streamChatReply',
        summary:
          'Send a message, or regenerate the last reply, and stream the reply (server-sent events)',
        description:
          "Validation and ownership errors come before the stream, as JSON. The answer is `text/event-stream`: each event's `data` is one JSON chunk (the schema below) and each event has an `id`. The first chunk carries the conversation id; text arrives as `textDelta`s; a failure sends a chunk with `isError: true`; the last event is named `complete` and carries `isComplete: true`, `completeMessage` and `extractedData`. Comments (`: heartbeat`) keep the connection open. A dropped connection does not stop the reply: resume it with `GET /chat/stream/{id}` and `Last-Event-ID`; stop it with `POST /chat/stop/{id}`. To regenerate the last reply, send `regenerate` (`replace` or `keep`) with the `conversationId` and no `message`: the last user message is answered again as a new reply; `replace` deletes the earlier reply once the new one is stored complete (a stopped or failed new reply is stored interrupted and the earlier one stays), `keep` keeps both in order. 409 `conflict` when the last message is not an assistant reply or a reply is running.",
        answers: {
          200: {
            description:
              "The reply as server-sent events; the schema is each event's `data` (a StreamChunk)",
            contentType: 'text/event-stream',
            body: streamChunkSchema,
            examples: {
              first: {
                summary: 'The first chunk: the conversation id',
                value: {
                  conversationId,
                  textDelta: '',
                  botType: 0,
                  isComplete: false,
                  isError: false,
                },
              },
              text: {
                summary: 'A piece of the reply',
                value: {
                  conversationId,
                  textDelta: 'A 5 kW system ',
                  botType: 0,
                  isComplete: false,
                  isError: false,
                },
              },
              complete: {
                summary: 'The last event, named `complete`',
                value: {
                  conversationId,
                  textDelta: '',
                  botType: 0,
                  isComplete: true,
                  isError: false,
                  completeMessage: 'A 5 kW system covers a 2500 som monthly bill.',
                  extractedData: { monthlyBill: 2500 },
                },
              },
            },
          },
        },
        errors: [400, 401, 404, 409, 413, 415, 429, 503],
      },
    },
    async (request, reply) => {
      await streams.track(streamChatReply(request, reply, request.body, deps));
    },
  );

  /** GET /chat/history/{id} -> 200 ConversationDetail (messages oldest first); 404. */
  app.get(
    '/chat/history/:id',
    {
      preValidation: authenticate,
      schema: {
        params: idParams,
        response: { 200: historyResponse },
        tags,
        security,
        operationId: 'getConversation',
        summary: 'A conversation and its messages',
        answers: { 200: { description: 'The conversation and its messages, oldest first' } },
        errors: [400, 401, 404, 503],
      },
    },
    async (request) => repo.history(requireAuth(request).userId, request.params.id),
  );

  /**
   * POST /chat/end/{id} -> 200 {conversationId, status: "ended"}; 404. A running reply of
   * the conversation, on any instance, is stopped: it stores what it had generated,
   * marked interrupted, and ends with `complete`.
   */
  app.post(
    '/chat/end/:id',
    {
      preValidation: authenticate,
      schema: {
        params: idParams,
        response: {
          200: z.object({ conversationId: z.string(), status: z.literal('ended') }),
        },
        tags,
        security,
        operationId: 'endConversation',
        summary: 'End a conversation',
        answers: { 200: { description: 'The conversation is ended' } },
        errors: [400, 401, 404, 413, 415, 503],
      },
    },
    async (request) => {
      await repo.end(requireAuth(request).userId, request.params.id);
      deps.live.stop(request.params.id);
      return { conversationId: request.params.id, status: 'ended' as const };
    },
  );

  /** GET /chat/conversations?page=1&pageSize=20 -> 200 list, newest activity first; 400. */
  app.get(
    '/chat/conversations',
    {
      preValidation: authenticate,
      schema: {
        querystring: conversationsQuerySchema,
        response: { 200: listResponse },
        tags,
        security,
        operationId: 'listConversations',
        summary: "The user's conversations, newest activity first",
        answers: { 200: { description: "One page of the user's conversations" } },
        errors: [400, 401, 503],
      },
    },
    async (request) =>
      repo.list(requireAuth(request).userId, request.query.page, request.query.pageSize),
  );

  /**
   * PUT /chat/conversations/{id}/title {title} -> 200 {success: true, title} (trimmed;
   * titleGenerated false); 400 empty or over 200 characters; 404.
   */
  app.put(
    '/chat/conversations/:id/title',
    {
      preValidation: authenticate,
      schema: {
        params: idParams,
        body: titleUpdateRequestSchema,
        response: { 200: z.object({ success: z.literal(true), title: z.string() }) },
        tags,
        security,
        operationId: 'renameConversation',
        summary: 'Rename a conversation',
        answers: { 200: { description: 'The new title' } },
        errors: [400, 401, 404, 413, 415, 503],
      },
    },
    async (request) => {
      const { title } = request.body;
      await repo.rename(requireAuth(request).userId, request.params.id, title);
      return { success: true as const, title };
    },
  );

  /** GET /chat/portfolio -> 200 Portfolio: the latest value of each fact across the user's
   * conversations, with each fact's conversation in `sources`; all null when none. */
  app.get(
    '/chat/portfolio',
    {
      preValidation: authenticate,
      schema: {
        response: { 200: portfolioResponse },
        tags,
        security,
        operationId: 'getPortfolio',
        summary: "The user's solar facts collected from the chat",
        answers: { 200: { description: "The user's solar facts, newest value of each" } },
        errors: [401, 503],
      },
    },
    async (request) => repo.portfolio(requireAuth(request).userId),
  );
};
