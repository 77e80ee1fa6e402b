/**
 * HTTP plumbing of the mock handlers: one `route` wrapper applies the live scenario
 * (delay, forced failure with the domain's code for its status) and turns the fake's
 * answer into a Response: JSON, bytes (a Uint8Array body), or an SSE stream of a live chat
 * reply. Also the request readers (Authorization header, JSON body, query) every handler
 * group uses.
 */
import { errorBody, errorCodeForStatus } from '@solar/domain/errors';
import { validationMessages } from '@solar/domain/messages';
import { delay, HttpResponse } from 'msw';
import type { FakeStreamEvent } from './fake-chat-live.ts';
import type { FakeStream } from './fake-chat-stream.ts';
import type { FakeReply } from './reply.ts';
import type { MockGroup, MockScenario } from './scenarios.ts';

/** What a handler answers from the request, its path parameters and the live scenario. */
export type Answer = (
  request: Request,
  params: Record<string, string>,
  scenario: MockScenario,
) => Promise<FakeReply | FakeStream> | FakeReply | FakeStream;

/** An MSW resolver of one group (see {@link createRoute}). */
export type Route = (
  group: MockGroup,
  answer: Answer,
) => (info: {
  request: Request;
  params: Record<string, string | readonly string[] | undefined>;
}) => Promise<Response>;

const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/** JSON, or the bytes as they are when the body is a Uint8Array (photos, PDFs). */
function toResponse(reply: FakeReply): Response {
  if (reply.body instanceof Uint8Array)
    return new HttpResponse(reply.body, { status: reply.status, headers: reply.headers });
  if (reply.body === undefined)
    return new HttpResponse(null, { status: reply.status, headers: reply.headers });
  return HttpResponse.json(reply.body as never, { status: reply.status, headers: reply.headers });
}

function sseFrame({ id, event, data }: FakeStreamEvent): string {
  return `id: ${id}\n${event ? `event: ${event}\n` : ''}data: ${JSON.stringify(data)}\n\n`;
}

/**
 * The SSE response of a live reply from event `stream.after` on, following it until
 * `complete`. The client going away only stops this response: the reply keeps running.
 */
function liveResponse(stream: FakeStream, signal: AbortSignal): Response {
  const encoder = new TextEncoder();
  let closed = false;
  let unsubscribe = () => {};
  const close = () => {
    closed = true;
    unsubscribe();
    signal.removeEventListener('abort', close);
  };
  const body = new ReadableStream<Uint8Array>({
    start(controller) {
      let next = stream.after;
      const flush = () => {
        if (closed) return;
        const { events, done } = stream.reply;
        while (next < events.length) controller.enqueue(encoder.encode(sseFrame(events[next++]!)));
        if (done) {
          close();
          controller.close();
        }
      };
      unsubscribe = stream.reply.subscribe(flush);
      signal.addEventListener('abort', close, { once: true });
      flush();
    },
    cancel: close,
  });
  return new HttpResponse(body, {
    status: 200,
    headers: { 'Content-Type': 'text/event-stream; charset=utf-8', 'Cache-Control': 'no-cache' },
  });
}

/** The route wrapper reading the live scenario from `scenario()` on every request. */
export function createRoute(scenario: () => MockScenario): Route {
  return (group, answer) =>
    async ({ request, params }) => {
      const current = scenario();
      const { fail } = current;
      const delayMs = current.groupDelayMs?.[group] ?? current.delayMs;
      if (delayMs === 'infinite') await delay('infinite');
      else if (delayMs) await sleep(delayMs);
      const failure = fail?.[group];
      if (failure?.status === 0) return HttpResponse.error();
      if (failure) {
        return toResponse({
          status: failure.status,
          body: errorBody(failure.code ?? errorCodeForStatus(failure.status), failure.message),
          ...(failure.retryAfterSeconds === undefined
            ? {}
            : { headers: { 'retry-after': String(failure.retryAfterSeconds) } }),
        });
      }
      const flat = Object.fromEntries(Object.entries(params).map(([k, v]) => [k, String(v)]));
      const result = await answer(request, flat, current);
      if ('kind' in result) return liveResponse(result, request.signal);
      return toResponse(result);
    };
}

/** The Authorization header of a request. */
export const authOf = (request: Request) => request.headers.get('authorization');

/** The query string as an object. */
export function queryOf(request: Request): Record<string, string> {
  return Object.fromEntries(new URL(request.url).searchParams);
}

/** The JSON body (undefined when empty); a malformed one answers 400 without calling `call`. */
export function withBody<T extends FakeReply | FakeStream>(call: (body: unknown) => T) {
  return async (request: Request): Promise<T | FakeReply> => {
    const text = await request.text();
    if (!text) return call(undefined);
    let body: unknown;
    try {
      body = JSON.parse(text);
    } catch {
      return {
        status: 400,
        body: errorBody('validation_failed', validationMessages.invalidBody.defaultMessage),
      };
    }
    return call(body);
  };
}
