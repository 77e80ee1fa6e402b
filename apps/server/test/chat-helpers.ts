/**
 * Helpers of the chat suites: a test server with chat settings, users and their tokens,
 * and a real SSE client (fetch + eventsource-parser) for `POST /api/v1/chat/stream`.
 */
import type { StreamChunk } from '@solar/domain';
import { createParser } from 'eventsource-parser';
import { hashPassword } from '../src/auth/password.ts';
import { users } from '../src/db/schema.ts';
import { afterAll, beforeAll, vi } from 'vitest';
import { ADMIN, startTestServer, type TestServer } from './harness.ts';

/**
 * Starts the app on a fresh database with the chat settings `env` (AI_PROVIDER,
 * AI_STREAM_DELAY_MS, CHAT_RATE_LIMIT, ...). The chat plugin reads its settings from the
 * process environment when it is registered, so they are set for the start only.
 */
export async function startChatServer(
  kind: 'pglite' | 'postgres',
  env: Record<string, string> = {},
): Promise<TestServer> {
  const settings = { AI_PROVIDER: 'offline', AI_STREAM_DELAY_MS: '0', ...env };
  const saved = Object.fromEntries(Object.keys(settings).map((key) => [key, process.env[key]]));
  Object.assign(process.env, settings);
  try {
    const server = await startTestServer(kind, settings);
    return server;
  } finally {
    for (const [key, value] of Object.entries(saved)) {
      if (value === undefined) delete process.env[key];
      else process.env[key] = value;
    }
  }
}

/** Signs in and returns the access token. */
export async function signIn(server: TestServer, email: string, password: string) {
  const response = await server.app.inject({
    method: 'POST',
    url: '/api/v1/auth/email/signin',
    payload: { email, password },
  });
  if (response.statusCode !== 200) throw new Error(`sign-in failed: ${response.body}`);
  return response.json().token as string;
}

/** The seeded admin's access token. */
export const adminToken = (server: TestServer) => signIn(server, ADMIN.email, ADMIN.password);

let userCounter = 0;

/** Inserts a residential client (userType 4) and signs them in: their id and token. */
export async function createClient(server: TestServer, name = 'Client') {
  const email = `client${++userCounter}-${Date.now()}@example.com`;
  const password = 'Client12345';
  const [row] = await server.database.db
    .insert(users)
    .values({
      name,
      email,
      passwordHash: await hashPassword(password),
      userType: 4,
      emailConfirmed: true,
    })
    .returning();
  return { id: row!.id, token: await signIn(server, email, password) };
}

/** Listens on a free local port; the base URL of /api/v1. */
export async function listen(server: TestServer): Promise<string> {
  const address = await server.app.listen({ port: 0, host: '127.0.0.1' });
  return `${address}/api/v1`;
}

/** The chat server of one describe block, available inside its tests. */
export interface ChatServerHandle {
  readonly server: TestServer;
  /** `http://127.0.0.1:<port>/api/v1`. */
  readonly baseUrl: string;
}

/**
 * Registers the block's lifecycle: a chat server ({@link startChatServer} with `env`, or
 * with what `env()` answers when it depends on an earlier hook) listening on a free port
 * before the tests, closed after them.
 */
export function useChatServer(
  kind: 'pglite' | 'postgres',
  env: Record<string, string> | (() => Record<string, string>) = {},
): ChatServerHandle {
  const handle = {} as { server: TestServer; baseUrl: string };
  beforeAll(async () => {
    handle.server = await startChatServer(kind, typeof env === 'function' ? env() : env);
    handle.baseUrl = await listen(handle.server);
  });
  afterAll(async () => {
    await handle.server?.close();
  });
  return handle;
}

/** One parsed SSE event of the chat stream. */
export interface ChatEvent {
  /** The event's `id:` (for Last-Event-ID). */
  id: string | undefined;
  /** The event name; undefined for unnamed (message) events. */
  event: string | undefined;
  chunk: StreamChunk;
}

/** What a chat stream delivered. */
export interface ChatStreamResult {
  status: number;
  headers: Headers;
  events: ChatEvent[];
  comments: string[];
  /** The JSON body when the answer was not an event stream. */
  json: { message: string; code: string; errors?: Record<string, string> } | undefined;
  /** Concatenated text deltas of the non-error chunks. */
  text: string;
}

/** What streamChat and resumeChat may be told. */
interface ReadOptions {
  stopWhen?: (event: ChatEvent) => boolean;
  /** Called with each event as it arrives (index 0 is the first chunk). */
  onEvent?: (event: ChatEvent, index: number) => void;
}

/**
 * Posts to /chat/stream with fetch and reads the answer with a real SSE parser. With
 * `stopWhen`, the request is aborted (the client disconnects) as soon as an event matches.
 */
export async function streamChat(
  baseUrl: string,
  token: string,
  body: unknown,
  options: ReadOptions = {},
): Promise<ChatStreamResult> {
  return readChat(`${baseUrl}/chat/stream`, options, {
    method: 'POST',
    headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
}

/** GET /chat/stream/{id} (with `Last-Event-ID` when given), read like streamChat. */
export async function resumeChat(
  baseUrl: string,
  token: string,
  conversationId: string,
  lastEventId?: string,
  options: ReadOptions = {},
): Promise<ChatStreamResult> {
  return readChat(`${baseUrl}/chat/stream/${conversationId}`, options, {
    headers: {
      authorization: `Bearer ${token}`,
      ...(lastEventId ? { 'last-event-id': lastEventId } : {}),
    },
  });
}

async function readChat(
  url: string,
  options: ReadOptions,
  init: RequestInit,
): Promise<ChatStreamResult> {
  const controller = new AbortController();
  const response = await fetch(url, { ...init, signal: controller.signal });
  const result: ChatStreamResult = {
    status: response.status,
    headers: response.headers,
    events: [],
    comments: [],
    json: undefined,
    text: '',
  };
  if (!response.headers.get('content-type')?.startsWith('text/event-stream')) {
    const text = await response.text();
    result.json = text ? (JSON.parse(text) as ChatStreamResult['json']) : undefined;
    return result;
  }
  let stop = false;
  const parser = createParser({
    onEvent(message) {
      const event: ChatEvent = {
        id: message.id,
        event: message.event,
        chunk: JSON.parse(message.data),
      };
      result.events.push(event);
      options.onEvent?.(event, result.events.length - 1);
      if (!event.chunk.isError && !event.chunk.isComplete) result.text += event.chunk.textDelta;
      if (options.stopWhen?.(event)) stop = true;
    },
    onComment(comment) {
      result.comments.push(comment.trim());
    },
  });
  const reader = response.body!.pipeThrough(new TextDecoderStream()).getReader();
  try {
    while (!stop) {
      const { done, value } = await reader.read();
      if (done) break;
      parser.feed(value);
    }
  } finally {
    if (stop) controller.abort();
    else reader.releaseLock();
  }
  return result;
}

/** Retries `read` until `accept` holds (at most `timeoutMs`); returns the last value. */
export async function eventually<T>(
  read: () => Promise<T>,
  accept: (value: T) => boolean,
  timeoutMs = 5000,
): Promise<T> {
  let last: T | undefined;
  try {
    return await vi.waitFor(
      async () => {
        last = await read();
        if (!accept(last)) throw new Error('not yet');
        return last;
      },
      { timeout: timeoutMs, interval: 25 },
    );
  } catch (error) {
    // The caller's own assertion on the last value says what was wrong.
    if (last === undefined) throw error;
    return last;
  }
}

/** GET with a bearer token through inject; status and JSON body. */
export async function getJson(server: TestServer, token: string, url: string) {
  const response = await server.app.inject({
    method: 'GET',
    url: `/api/v1${url}`,
    headers: { authorization: `Bearer ${token}` },
  });
  return { status: response.statusCode, body: response.json(), headers: response.headers };
}

/** A request with a JSON body and a bearer token through inject; status and JSON body. */
export async function sendJson(
  server: TestServer,
  token: string,
  method: 'POST' | 'PUT',
  url: string,
  payload?: unknown,
) {
  const response = await server.app.inject({
    method,
    url: `/api/v1${url}`,
    headers: { authorization: `Bearer ${token}` },
    ...(payload === undefined ? {} : { payload: payload as object }),
  });
  return { status: response.statusCode, body: response.json(), headers: response.headers };
}
