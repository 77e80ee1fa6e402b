/**
 * Server-sent events on a raw Node response (the OpenAPI document; WHATWG HTML, server-
 * sent events): `data: <json>` events, each with its `id:` (a resumed stream sends
 * `Last-Event-ID`: reply-log.ts), a named `complete` event, and `: heartbeat` comments that
 * keep proxies from closing an idle stream. Writes after the client has gone are dropped
 * silently.
 */
import type { OutgoingHttpHeaders, ServerResponse } from 'node:http';

/** The headers of an event stream: no caching or transforming, no proxy buffering. */
export const SSE_HEADERS: OutgoingHttpHeaders = {
  'content-type': 'text/event-stream; charset=utf-8',
  'cache-control': 'no-cache, no-transform',
  connection: 'keep-alive',
  'x-accel-buffering': 'no',
};

/**
 * One event: its id, its name (undefined: an unnamed event) and its data as JSON text
 * (`JSON.stringify` output: one line), serialized once however many clients follow it.
 */
export interface SseEvent {
  id: string;
  event: string | undefined;
  json: string;
}

/** The text of one event: `id:`, `event:` when named, and `data:` as one JSON line. */
export function eventText({ id, event, json }: SseEvent): string {
  return `id: ${id}\n${event ? `event: ${event}\n` : ''}data: ${json}\n\n`;
}

/** A writer of one event stream. */
export interface SseWriter {
  /** Sends one event. */
  send(event: SseEvent): void;
  /** A comment line, ignored by clients. */
  comment(text: string): void;
  /** Ends the response. */
  end(): void;
  /** True once the client has gone or the stream was ended. */
  readonly closed: boolean;
}

/**
 * Starts an event stream on `raw` with status 200, `extraHeaders` and {@link SSE_HEADERS},
 * and sends `first` (when given) as its first event: headers and event leave in one write
 * (one system call and one packet per new stream, which counts when hundreds open at once).
 */
export function startEventStream(
  raw: ServerResponse,
  extraHeaders: OutgoingHttpHeaders,
  first?: SseEvent,
): SseWriter {
  const headers: OutgoingHttpHeaders = { ...extraHeaders, ...SSE_HEADERS };
  delete headers['content-length'];
  raw.writeHead(200, headers);
  if (first) raw.write(eventText(first));
  else raw.flushHeaders();
  const closed = () => raw.destroyed || raw.writableEnded;
  const write = (text: string) => {
    if (!closed()) raw.write(text);
  };
  return {
    send: (event) => write(eventText(event)),
    comment: (text) => write(`: ${text.replace(/\n/g, ' ')}\n\n`),
    end: () => {
      if (!closed()) raw.end();
    },
    get closed() {
      return closed();
    },
  };
}
