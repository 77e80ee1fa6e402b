/**
 * A small reader of the chat's server-sent events for the two-instance suite: POST (with
 * `body`) or GET (with `lastEventId`), each event's id, name and JSON data; `stopWhen`
 * drops the connection as a closed browser tab would.
 */

/** One event: `id:`, `event:` (undefined when unnamed) and the parsed `data:`. */
export interface SseEvent {
  id: string | undefined;
  event: string | undefined;
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  data: any;
}

/** Reads the event stream at `url` until it ends or `stopWhen` holds; the events read. */
export async function readEvents(
  url: string,
  token: string,
  options: {
    body?: unknown;
    lastEventId?: string | undefined;
    stopWhen?: (event: SseEvent) => boolean;
    onEvent?: (event: SseEvent) => void;
  },
): Promise<SseEvent[]> {
  const controller = new AbortController();
  const response = await fetch(url, {
    method: options.body === undefined ? 'GET' : 'POST',
    headers: {
      authorization: `Bearer ${token}`,
      ...(options.body === undefined ? {} : { 'content-type': 'application/json' }),
      ...(options.lastEventId ? { 'last-event-id': options.lastEventId } : {}),
    },
    ...(options.body === undefined ? {} : { body: JSON.stringify(options.body) }),
    signal: controller.signal,
  });
  if (response.status !== 200) throw new Error(`${url}: ${response.status}`);
  const events: SseEvent[] = [];
  const decoder = new TextDecoder();
  let buffer = '';
  try {
    for await (const part of response.body!) {
      buffer += decoder.decode(part, { stream: true });
      let end: number;
      while ((end = buffer.indexOf('\n\n')) >= 0) {
        const block = buffer.slice(0, end);
        buffer = buffer.slice(end + 2);
        const field = (name: string) => new RegExp(`^${name}: (.*)$`, 'm').exec(block)?.[1];
        const data = field('data');
        if (data === undefined) continue; // a heartbeat comment
        const event: SseEvent = { id: field('id'), event: field('event'), data: JSON.parse(data) };
        events.push(event);
        options.onEvent?.(event);
        if (options.stopWhen?.(event)) {
          controller.abort();
          return events;
        }
      }
    }
  } catch (error) {
    if (!controller.signal.aborted) throw error;
  }
  return events;
}
