/**
 * The event stream of one reply as a client receives it: the answer of
 * `POST /chat/stream` and of `GET /chat/stream/{id}` both follow the reply's log
 * (reply-log.ts), so the reply runs on whether or not anyone is listening. A `: heartbeat`
 * comment every `heartbeatMs` keeps proxies from closing an idle stream; the answer ends
 * when the reply has ended, and following stops when the client leaves.
 */
import type { OutgoingHttpHeaders } from 'node:http';
import type { FastifyReply } from 'fastify';
import type { ReplyEvent, ReplyLog } from './reply-log.ts';
import { startEventStream } from './sse.ts';

/**
 * Answers `reply` (hijacked) with the events of `conversationId`'s reply after
 * `lastEventId`, `first` (when given) leaving with the headers; resolves once the answer
 * has ended.
 */
export async function sendReplyEvents(
  reply: FastifyReply,
  replies: ReplyLog,
  conversationId: string,
  options: { lastEventId: string | undefined; heartbeatMs: number; first?: ReplyEvent },
): Promise<void> {
  reply.hijack();
  const raw = reply.raw;
  const sse = startEventStream(raw, reply.getHeaders() as OutgoingHttpHeaders, options.first);
  const client = new AbortController();
  const onClose = () => {
    if (!raw.writableFinished) client.abort(new Error('client disconnected'));
  };
  raw.on('close', onClose);
  if (raw.destroyed) onClose();
  const heartbeat = setInterval(() => sse.comment('heartbeat'), options.heartbeatMs);
  heartbeat.unref();
  try {
    await replies.follow(
      conversationId,
      options.first?.id ?? options.lastEventId,
      (event) => sse.send(event),
      client.signal,
    );
  } finally {
    clearInterval(heartbeat);
    raw.off('close', onClose);
    sse.end();
  }
}
