/**
 * Server-sent events on a raw Node response (API-CONTRACT.md "Chat"; WHATWG HTML, server-
 * sent events): `data: <json>` events, a named `complete` event, and `: heartbeat`
 * comments that keep proxies from closing an idle stream. Writes after the client has gone
 * are dropped silently.
 */
import type { OutgoingHttpHeaders, ServerResponse } from 'node:http';

/** The headers of an event stream: no caching or transforming, no proxy buffering. */
export const SSE_HEADERS: OutgoingHttpHeaders = {
  'content-type': 'text/event-stream; charset=utf-8',
  'cache-control': 'no-cache, no-transform',
  connection: 'keep-alive',
  'x-accel-buffering': 'no',
};

/** A writer of one event stream. */
export interface SseWriter {
  /** An unnamed event whose data is `value` as JSON (one line). */
  data(value: unknown): void;
  /** A named event (`event: <name>`) whose data is `value` as JSON. */
  event(name: string, value: unknown): void;
  /** A comment line, ignored by clients. */
  comment(text: string): void;
  /** Ends the response. */
  end(): void;
  /** True once the client has gone or the stream was ended. */
  readonly closed: boolean;
}

/**
 * Starts an event stream on `raw` with status 200, `extraHeaders` and {@link SSE_HEADERS},
 * and sends `first` as its first event: headers and event leave in one write (one system
 * call and one packet per new stream, which counts when hundreds open at once).
 */
export function startEventStream(
  raw: ServerResponse,
  extraHeaders: OutgoingHttpHeaders,
  first: unknown,
): SseWriter {
  const headers: OutgoingHttpHeaders = { ...extraHeaders, ...SSE_HEADERS };
  delete headers['content-length'];
  raw.writeHead(200, headers);
  raw.write(`data: ${JSON.stringify(first)}\n\n`);
  const closed = () => raw.destroyed || raw.writableEnded;
  const write = (text: string) => {
    if (!closed()) raw.write(text);
  };
  return {
    data: (value) => write(`data: ${JSON.stringify(value)}\n\n`),
    event: (name, value) => write(`event: ${name}\ndata: ${JSON.stringify(value)}\n\n`),
    comment: (text) => write(`: ${text.replace(/\n/g, ' ')}\n\n`),
    end: () => {
      if (!closed()) raw.end();
    },
    get closed() {
      return closed();
    },
  };
}
