/**
 * MSW 3 handlers over the fake backend, grouped by resource (`{ meta, auth, profile, users,
 * chat, projects, calculator, geo }`) so one story can replace one group. They run in the
 * browser (Storybook's msw-storybook-addon, component tests) and in Node (`msw/node`
 * setupServer: tests, the contract suite). Scenario switches make the states of stories:
 * slow or never-ending answers, each error per group, a chat stream that fails mid-way.
 */
import type { ApiErrorCode, StreamChunk } from '@solar/domain/contract';
import { errorBody } from '@solar/domain/errors';
import { chatMessages } from '@solar/domain/messages';
import { validationMessages } from '@solar/domain/messages';
import { delay, http, HttpResponse, type HttpHandler } from 'msw';
import {
  createFakeBackend,
  type FakeBackend,
  type FakeBackendOptions,
  type FakeReply,
  type FakeStream,
} from './fake.ts';

/** The handler groups, one per resource. */
export const MOCK_GROUPS = [
  'meta',
  'auth',
  'profile',
  'users',
  'chat',
  'projects',
  'calculator',
  'geo',
] as const;
/** One handler group. */
export type MockGroup = (typeof MOCK_GROUPS)[number];
/** The handlers of every group. */
export type MockHandlers = Record<MockGroup, HttpHandler[]>;

/**
 * A forced failure: status plus the contract's code and message (defaults by status).
 * Status 0 is a network error: the request never reaches a server (an outage, offline).
 */
export interface MockFailure {
  readonly status: number;
  readonly code?: ApiErrorCode;
  readonly message?: string;
  /** Sent as `Retry-After` (seconds), e.g. with a 429. */
  readonly retryAfterSeconds?: number;
}

/** Scenario switches; read on every request, so a test may change them between calls. */
export interface MockScenario {
  /** Wait before every answer, ms; 'infinite' never answers (loading states). */
  delayMs?: number | 'infinite';
  /** Wait between streamed chat tokens, ms (default 30; 0 in tests). */
  tokenDelayMs?: number;
  /** Groups answering with an error instead of the fake's answer. */
  fail?: Partial<Record<MockGroup, MockFailure>>;
  /** The chat stream sends this many tokens, then an error chunk and `complete`. */
  streamFailsAfter?: number;
}

/** Named scenarios for stories. */
export const scenarios = {
  /** Everything answers at once. */
  normal: (): MockScenario => ({}),
  /** Every answer waits 1.5 s and tokens 120 ms (loading overlays, streaming cursor). */
  slow: (): MockScenario => ({ delayMs: 1500, tokenDelayMs: 120 }),
  /** Nothing ever answers (a spinner stays). */
  loading: (): MockScenario => ({ delayMs: 'infinite' }),
  /** Every group answers `status` (500 by default). */
  error: (status = 500): MockScenario => ({
    fail: Object.fromEntries(MOCK_GROUPS.map((g) => [g, { status }])),
  }),
  /** One group answers `status`. */
  groupError: (group: MockGroup, status = 500, code?: ApiErrorCode): MockScenario => ({
    fail: { [group]: { status, ...(code ? { code } : {}) } },
  }),
  /** The server cannot be reached: every request fails as a network error. */
  offline: (): MockScenario => ({
    fail: Object.fromEntries(MOCK_GROUPS.map((g) => [g, { status: 0 }])),
  }),
  /** The chat reply breaks after three tokens. */
  streamError: (): MockScenario => ({ streamFailsAfter: 3 }),
} as const;

/** Options of {@link createMockApi}. */
export interface MockApiOptions extends FakeBackendOptions {
  /** Use this fake instead of creating one. */
  readonly fake?: FakeBackend;
  /** Where the API is mocked: default any origin (`* /api/v1`); the contract suite passes its fake origin. */
  readonly baseUrl?: string;
  /** The initial scenario (mutable afterwards through the returned object). */
  readonly scenario?: MockScenario;
}

/** A mock API: the fake, its grouped handlers, their flat list and the live scenario. */
export interface MockApi {
  readonly fake: FakeBackend;
  readonly handlers: MockHandlers;
  /** Every handler, for `setupServer(...list)` or `msw.use(...list)`. */
  readonly list: HttpHandler[];
  /** The live scenario: assign its fields to switch behaviour between requests. */
  scenario: MockScenario;
}

/** Flattens grouped handlers (all groups, or the named ones). */
export function handlerList(
  handlers: Partial<MockHandlers>,
  groups: readonly MockGroup[] = MOCK_GROUPS,
): HttpHandler[] {
  return groups.flatMap((g) => handlers[g] ?? []);
}

function toResponse(reply: FakeReply): Response {
  if (reply.body === undefined)
    return new HttpResponse(null, { status: reply.status, headers: reply.headers });
  return HttpResponse.json(reply.body as never, { status: reply.status, headers: reply.headers });
}

function sseFrame(data: StreamChunk, event?: string): string {
  return `${event ? `event: ${event}\n` : ''}data: ${JSON.stringify(data)}\n\n`;
}

async function jsonBody(request: Request): Promise<unknown> {
  const text = await request.text();
  if (!text) return undefined;
  try {
    return JSON.parse(text);
  } catch {
    return Symbol('invalid JSON');
  }
}

const invalidJson = (): FakeReply => ({
  status: 400,
  body: errorBody('validation_failed', validationMessages.invalidBody.defaultMessage),
});

function query(request: Request): Record<string, string> {
  return Object.fromEntries(new URL(request.url).searchParams);
}

const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

function streamResponse(stream: FakeStream, scenario: MockScenario, signal: AbortSignal): Response {
  const encoder = new TextEncoder();
  let sent = 0;
  let closed = false;
  const tokenDelay = scenario.tokenDelayMs ?? 30;
  const failAfter = scenario.streamFailsAfter;
  const stop = () => {
    if (closed) return;
    closed = true;
    stream.interrupted(sent);
  };
  signal.addEventListener('abort', stop, { once: true });
  const body = new ReadableStream<Uint8Array>({
    async pull(controller) {
      if (closed) return;
      if (sent > 0 && tokenDelay > 0) await sleep(tokenDelay);
      if (closed) return;
      const next = stream.events[sent];
      if (failAfter !== undefined && sent === failAfter && next && next.event === undefined) {
        const base = { ...next.data, textDelta: '' };
        controller.enqueue(
          encoder.encode(
            sseFrame({
              ...base,
              isError: true,
              textDelta: chatMessages.genericError.defaultMessage,
            }),
          ),
        );
        controller.enqueue(
          encoder.encode(
            sseFrame(
              {
                ...base,
                isComplete: true,
                isError: true,
                completeMessage: null,
                extractedData: null,
              },
              'complete',
            ),
          ),
        );
        stop();
        controller.close();
        return;
      }
      if (!next) {
        closed = true;
        stream.finished();
        controller.close();
        return;
      }
      controller.enqueue(encoder.encode(sseFrame(next.data, next.event)));
      sent += 1;
      if (sent === stream.events.length) {
        // The reply is complete once `complete` is sent, whatever the client does next.
        closed = true;
        stream.finished();
        controller.close();
      }
    },
    cancel() {
      stop();
    },
  });
  return new HttpResponse(body, {
    status: 200,
    headers: { 'Content-Type': 'text/event-stream; charset=utf-8', 'Cache-Control': 'no-cache' },
  });
}

/**
 * Creates a mock API: a fake backend (or the given one) behind MSW handlers grouped by
 * resource, under `baseUrl` (default any origin's `/api/v1`).
 */
export function createMockApi(options: MockApiOptions = {}): MockApi {
  const fake = options.fake ?? createFakeBackend(options);
  const base = (options.baseUrl ?? '*/api/v1').replace(/\/+$/, '');
  const state = { scenario: { ...options.scenario } };

  /** Wraps a fake call with the scenario (delay, forced failure) and HTTP plumbing. */
  const route =
    (
      group: MockGroup,
      answer: (
        request: Request,
        params: Record<string, string>,
      ) => Promise<FakeReply | FakeStream> | FakeReply | FakeStream,
    ) =>
    async ({
      request,
      params,
    }: {
      request: Request;
      params: Record<string, string | readonly string[] | undefined>;
    }) => {
      const { delayMs, fail } = state.scenario;
      if (delayMs === 'infinite') await delay('infinite');
      else if (delayMs) await sleep(delayMs);
      const failure = fail?.[group];
      if (failure?.status === 0) return HttpResponse.error();
      if (failure) {
        return toResponse({
          status: failure.status,
          body: errorBody(failure.code ?? codeForStatus(failure.status), failure.message),
          ...(failure.retryAfterSeconds === undefined
            ? {}
            : { headers: { 'retry-after': String(failure.retryAfterSeconds) } }),
        });
      }
      const flat = Object.fromEntries(Object.entries(params).map(([k, v]) => [k, String(v)]));
      const result = await answer(request, flat);
      if ('kind' in result) return streamResponse(result, state.scenario, request.signal);
      return toResponse(result);
    };
  const auth = (request: Request) => request.headers.get('authorization');
  const withBody = (call: (body: unknown) => FakeReply) => async (request: Request) => {
    const body = await jsonBody(request);
    return typeof body === 'symbol' ? invalidJson() : call(body);
  };

  const handlers: MockHandlers = {
    meta: [
      http.get(
        `${base}/health`,
        route('meta', () => fake.health()),
      ),
      http.get(
        `${base}/config`,
        route('meta', () => fake.config()),
      ),
    ],
    auth: [
      http.post(
        `${base}/auth/email/signup`,
        route(
          'auth',
          withBody((b) => fake.signUp(b)),
        ),
      ),
      http.post(
        `${base}/auth/email/signin`,
        route(
          'auth',
          withBody((b) => fake.signIn(b)),
        ),
      ),
      http.post(
        `${base}/auth/google/signin`,
        route(
          'auth',
          withBody((b) => fake.googleSignIn(b)),
        ),
      ),
      http.post(
        `${base}/auth/refresh`,
        route(
          'auth',
          withBody((b) => fake.refresh(b)),
        ),
      ),
      http.post(
        `${base}/auth/signout`,
        route(
          'auth',
          withBody((b) => fake.signOut(b)),
        ),
      ),
      http.post(
        `${base}/auth/password/forgot`,
        route(
          'auth',
          withBody((b) => fake.forgotPassword(b)),
        ),
      ),
      http.post(
        `${base}/auth/password/reset`,
        route(
          'auth',
          withBody((b) => fake.resetPassword(b)),
        ),
      ),
      http.post(
        `${base}/auth/email/verify`,
        route(
          'auth',
          withBody((b) => fake.verifyEmail(b)),
        ),
      ),
    ],
    profile: [
      http.get(
        `${base}/auth/me`,
        route('profile', (r) => fake.me(auth(r))),
      ),
      http.put(
        `${base}/auth/me`,
        route('profile', (r) => withBody((b) => fake.updateMe(auth(r), b))(r)),
      ),
      http.post(
        `${base}/auth/password/change`,
        route('profile', (r) => withBody((b) => fake.changePassword(auth(r), b))(r)),
      ),
      http.post(
        `${base}/auth/email/verify/resend`,
        route('profile', (r) => fake.resendVerification(auth(r))),
      ),
    ],
    users: [
      http.get(
        `${base}/admin/users`,
        route('users', (r) => fake.listUsers(auth(r), query(r))),
      ),
      http.post(
        `${base}/admin/users`,
        route('users', (r) => withBody((b) => fake.createUser(auth(r), b))(r)),
      ),
      http.get(
        `${base}/admin/users/:id`,
        route('users', (r, p) => fake.getUser(auth(r), p.id!)),
      ),
      http.put(
        `${base}/admin/users/:id`,
        route('users', (r, p) => withBody((b) => fake.updateUser(auth(r), p.id!, b))(r)),
      ),
    ],
    chat: [
      http.post(
        `${base}/chat/stream`,
        route('chat', async (r) => {
          const body = await jsonBody(r);
          return typeof body === 'symbol' ? invalidJson() : fake.chatStream(auth(r), body);
        }),
      ),
      http.get(
        `${base}/chat/history/:id`,
        route('chat', (r, p) => fake.history(auth(r), p.id!)),
      ),
      http.post(
        `${base}/chat/end/:id`,
        route('chat', (r, p) => fake.endConversation(auth(r), p.id!)),
      ),
      http.get(
        `${base}/chat/conversations`,
        route('chat', (r) => fake.conversations(auth(r), query(r))),
      ),
      http.put(
        `${base}/chat/conversations/:id/title`,
        route('chat', (r, p) => withBody((b) => fake.renameConversation(auth(r), p.id!, b))(r)),
      ),
      http.get(
        `${base}/chat/portfolio`,
        route('chat', (r) => fake.portfolio(auth(r))),
      ),
    ],
    projects: [
      http.get(
        `${base}/projects`,
        route('projects', (r) => fake.listProjects(auth(r), query(r))),
      ),
      http.post(
        `${base}/projects`,
        route('projects', (r) => withBody((b) => fake.createProject(auth(r), b))(r)),
      ),
      http.get(
        `${base}/projects/:id`,
        route('projects', (r, p) => fake.getProject(auth(r), p.id!)),
      ),
      http.put(
        `${base}/projects/:id`,
        route('projects', (r, p) => withBody((b) => fake.updateProject(auth(r), p.id!, b))(r)),
      ),
      http.delete(
        `${base}/projects/:id`,
        route('projects', (r, p) => fake.deleteProject(auth(r), p.id!)),
      ),
    ],
    calculator: [
      http.post(
        `${base}/calculator/bill-extract`,
        route('calculator', async (r) => {
          let file: File | null = null;
          try {
            const value = (await r.formData()).get('file');
            file = typeof value === 'string' ? null : value;
          } catch {
            file = null;
          }
          if (!file) return fake.billExtract(null);
          return fake.billExtract({
            bytes: new Uint8Array(await file.slice(0, 16).arrayBuffer()),
            size: file.size,
          });
        }),
      ),
    ],
    geo: [
      http.get(
        `${base}/geo/reverse`,
        route('geo', (r) => fake.geoReverse(query(r))),
      ),
      http.get(
        `${base}/geo/search`,
        route('geo', (r) => fake.geoSearch(query(r))),
      ),
    ],
  };
  return {
    fake,
    handlers,
    list: handlerList(handlers),
    get scenario() {
      return state.scenario;
    },
    set scenario(next: MockScenario) {
      state.scenario = next;
    },
  };
}

function codeForStatus(status: number): ApiErrorCode {
  const codes: Record<number, ApiErrorCode> = {
    400: 'validation_failed',
    401: 'unauthenticated',
    403: 'forbidden',
    404: 'not_found',
    409: 'conflict',
    413: 'payload_too_large',
    415: 'unsupported_media_type',
    429: 'rate_limited',
    502: 'bad_gateway',
    503: 'service_unavailable',
  };
  return codes[status] ?? 'internal';
}
