/**
 * `POST /chat/stop/{id}` and `GET /chat/stream/{id}` (docs/product.md#ai-chat): stopping
 * a running reply on whichever instance runs it, and resuming a reply's event stream after
 * a dropped connection. Both require a signed-in user and answer 404 for a conversation
 * that is not the caller's, exactly like an unknown one. A user follows at most
 * MAX_FOLLOWS_PER_USER replies at once on one server process (429 past it): each open
 * follow holds a connection and its share of the process's stream reader.
 */
import { apiMessages } from '@solar/domain';
import type { FastifyInstance, preHandlerHookHandler } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { requireAuth } from '../auth/guard.ts';
import { HttpError } from '../http-errors.ts';
import { sendReplyEvents } from './follow.ts';
import type { ReplyLog } from './reply-log.ts';
import { conversationNotFound } from './repository.ts';
import type { ChatService } from './service.ts';
import type { LiveReplies } from './running.ts';

/** Replies one user may follow at once (`GET /chat/stream/{id}`) on one server process. */
export const MAX_FOLLOWS_PER_USER = 10;
/** Seconds a refused follow is told to wait (an open follow ends with its reply). */
const FOLLOW_RETRY_AFTER_S = 5;

const tags = ['chat'];
const security = [{ bearer: [] }];
const idParams = z.object({ id: z.string().max(100) });
const resumeHeaders = z.object({ 'last-event-id': z.string().max(200).optional() });

export interface StopRoutesDeps {
  authenticate: preHandlerHookHandler;
  repo: ChatService;
  live: LiveReplies;
  replies: ReplyLog;
  heartbeatMs: number;
  /** The event-stream answer's schema for the OpenAPI document (a StreamChunk). */
  chunkSchema: z.ZodType;
}

/** Registers the two routes on `app` (the chat plugin's instance). */
export function registerStopRoutes(app: FastifyInstance, deps: StopRoutesDeps) {
  const { authenticate, repo, live, replies } = deps;
  const api = app.withTypeProvider<ZodTypeProvider>();
  /** Open follows per user id in this process. */
  const follows = new Map<string, number>();

  /**
   * POST /chat/stop/{id} -> 204: the conversation's running reply (on any instance) stops,
   * keeping and storing what it had generated, marked interrupted; its stream ends with
   * `complete`. Nothing running: 204 all the same. 404 unknown or foreign conversation.
   */
  api.post(
    '/chat/stop/:id',
    {
      preValidation: authenticate,
      schema: {
        params: idParams,
        tags,
        security,
        operationId: 'stopChatReply',
        summary: 'Stop the running reply of a conversation',
        description:
          'Stops the reply being generated for this conversation, on whichever server instance runs it. What was generated is kept and stored, marked interrupted; the reply stream ends with its `complete` event. Answers 204 also when no reply is running.',
        answers: { 204: { description: 'Stopped (or nothing was running)' } },
        errors: [400, 401, 404, 413, 415, 503],
      },
    },
    async (request, reply) => {
      const owned = await repo.findOwned(requireAuth(request).userId, request.params.id);
      if (!owned) throw conversationNotFound();
      live.stop(request.params.id);
      return reply.code(204).send();
    },
  );

  /**
   * GET /chat/stream/{id} (Last-Event-ID) -> 200 text/event-stream: the conversation's
   * running reply, from the start or after the event named by Last-Event-ID, live until its
   * `complete`; a reply that ended within the last minute only for the Last-Event-ID of one
   * of its events (the rest of it); otherwise 204; 404; 429 (with Retry-After) while the
   * user already follows MAX_FOLLOWS_PER_USER replies on this server process.
   */
  api.get(
    '/chat/stream/:id',
    {
      preValidation: authenticate,
      schema: {
        params: idParams,
        headers: resumeHeaders,
        tags,
        security,
        operationId: 'resumeChatReply',
        summary: 'Resume the event stream of a running reply',
        description:
          'The reply being generated for this conversation as server-sent events, the same events as `POST /chat/stream` with the same `id`s: from its first event, or after the one named by the `Last-Event-ID` header, then live until the `complete` event. A reply that ended within the last minute is sent the same way to a client whose `Last-Event-ID` is one of its events (the part it missed). 204 when there is no such reply: read the stored conversation with `GET /chat/history/{id}`.',
        answers: {
          200: {
            description: "The reply's events; the schema is each event's `data` (a StreamChunk)",
            contentType: 'text/event-stream',
            body: deps.chunkSchema,
          },
          204: { description: 'No reply is running: the conversation is as stored' },
        },
        errors: [400, 401, 404, 429, 503],
      },
    },
    async (request, reply) => {
      const id = request.params.id;
      const { userId } = requireAuth(request);
      const owned = await repo.findOwned(userId, id);
      if (!owned) throw conversationNotFound();
      const lastEventId = request.headers['last-event-id'];
      if (!(await replies.has(id, lastEventId))) return reply.code(204).send();
      const open = follows.get(userId) ?? 0;
      if (open >= MAX_FOLLOWS_PER_USER) {
        throw new HttpError(429, 'rate_limited', apiMessages.rateLimited.defaultMessage, {
          headers: { 'retry-after': String(FOLLOW_RETRY_AFTER_S) },
        });
      }
      follows.set(userId, open + 1);
      try {
        await sendReplyEvents(reply, replies, id, {
          lastEventId,
          heartbeatMs: deps.heartbeatMs,
        });
      } finally {
        const left = (follows.get(userId) ?? 1) - 1;
        if (left > 0) follows.set(userId, left);
        else follows.delete(userId);
      }
    },
  );
}
