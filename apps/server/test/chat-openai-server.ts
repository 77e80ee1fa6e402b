/**
 * A local HTTP server speaking the OpenAI chat-completions protocol (POST
 * /v1/chat/completions), for the `openai-compatible` provider's tests: streamed answers as
 * `data: {chat.completion.chunk}` events ending with `data: [DONE]` (text deltas, tool-call
 * deltas, finish reasons), plain JSON answers for non-streamed calls (titles), and faults
 * (a connection dropped mid-stream). Each streamed request takes the next scripted reply.
 */
import http, { type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

/** One received request: its JSON body, headers, and whether the client hung up early. */
export interface ReceivedRequest {
  body: {
    model: string;
    stream?: boolean;
    messages: { role: string; content: unknown; tool_calls?: unknown; tool_call_id?: string }[];
    tools?: {
      type: string;
      function: { name: string; description?: string; parameters: unknown };
    }[];
  };
  headers: IncomingMessage['headers'];
  /** True when the client closed the connection before the reply was finished. */
  clientClosed: boolean;
}

/** A scripted streamed reply. */
export type StreamedReply =
  | { kind: 'text'; pieces: string[]; delayMs?: number }
  | { kind: 'tool-call'; name: string; argumentPieces: string[]; text?: string }
  | { kind: 'fail-after'; pieces: string[] };

export interface FakeCompletionServer {
  /** The base URL to configure as AI_BASE_URL (`http://127.0.0.1:<port>/v1`). */
  baseUrl: string;
  requests: ReceivedRequest[];
  /** Replies for the next streamed requests, taken in order. */
  replies: StreamedReply[];
  /** The content answered to non-streamed requests (the title call). */
  title: string;
  close(): Promise<void>;
}

const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

let chunkId = 0;

function chunk(delta: object, finishReason: string | null = null) {
  return {
    id: `chatcmpl-${++chunkId}`,
    object: 'chat.completion.chunk',
    created: Math.floor(Date.now() / 1000),
    model: 'test-model',
    choices: [{ index: 0, delta, finish_reason: finishReason }],
  };
}

async function writeStream(
  res: ServerResponse,
  reply: StreamedReply,
  received: ReceivedRequest,
): Promise<void> {
  res.writeHead(200, { 'content-type': 'text/event-stream', 'cache-control': 'no-cache' });
  const send = (value: object) => res.write(`data: ${JSON.stringify(value)}\n\n`);
  send(chunk({ role: 'assistant', content: '' }));
  if (reply.kind === 'tool-call') {
    if (reply.text) send(chunk({ content: reply.text }));
    reply.argumentPieces.forEach((args, index) =>
      send(
        chunk({
          tool_calls: [
            index === 0
              ? {
                  index: 0,
                  id: 'call_1',
                  type: 'function',
                  function: { name: reply.name, arguments: args },
                }
              : { index: 0, function: { arguments: args } },
          ],
        }),
      ),
    );
    send(chunk({}, 'tool_calls'));
  } else {
    for (const piece of reply.pieces) {
      if (received.clientClosed) return;
      send(chunk({ content: piece }));
      if (reply.kind === 'text' && reply.delayMs) await pause(reply.delayMs);
    }
    if (reply.kind === 'fail-after') {
      // The provider dies mid-answer: the connection drops without a finish or [DONE].
      await pause(20);
      res.socket?.destroy();
      return;
    }
    send(chunk({}, 'stop'));
  }
  res.write('data: [DONE]\n\n');
  res.end();
}

/** Starts the server on a free local port. */
export async function startFakeCompletionServer(): Promise<FakeCompletionServer> {
  const state: FakeCompletionServer = {
    baseUrl: '',
    requests: [],
    replies: [],
    title: 'A generated title',
    close: async () => {},
  };
  const server = http.createServer(async (req, res) => {
    let raw = '';
    for await (const part of req) raw += part;
    if (req.method !== 'POST' || req.url !== '/v1/chat/completions') {
      res.writeHead(404).end();
      return;
    }
    const received: ReceivedRequest = {
      body: JSON.parse(raw),
      headers: req.headers,
      clientClosed: false,
    };
    state.requests.push(received);
    res.on('close', () => {
      if (!res.writableFinished) received.clientClosed = true;
    });
    if (!received.body.stream) {
      res.writeHead(200, { 'content-type': 'application/json' });
      res.end(
        JSON.stringify({
          id: 'chatcmpl-title',
          object: 'chat.completion',
          created: Math.floor(Date.now() / 1000),
          model: received.body.model,
          choices: [
            {
              index: 0,
              message: { role: 'assistant', content: state.title },
              finish_reason: 'stop',
            },
          ],
          usage: { prompt_tokens: 10, completion_tokens: 5, total_tokens: 15 },
        }),
      );
      return;
    }
    const reply = state.replies.shift() ?? { kind: 'text', pieces: ['(no scripted reply)'] };
    await writeStream(res, reply, received);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  state.baseUrl = `http://127.0.0.1:${port}/v1`;
  state.close = () =>
    new Promise<void>((resolve) => {
      server.closeAllConnections();
      server.close(() => resolve());
    });
  return state;
}
