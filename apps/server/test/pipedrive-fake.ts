/**
 * A local Pipedrive (node:http) speaking the API v2 endpoints the CRM link uses, with the
 * shapes of Pipedrive's public API reference (`{success, data, additional_data}`; errors
 * `{success: false, error, error_info}`):
 *
 *   GET /api/v2/persons/search?term&fields&exact_match   {data: {items: [{result_score, item}]}}
 *   POST /api/v2/persons, GET and PATCH /api/v2/persons/{id}  {data: person} (PATCH
 *                                                         replaces `emails` whole, as Pipedrive does)
 *   POST /api/v2/deals, PATCH /api/v2/deals/{id}         {data: deal}
 *   GET /api/v2/pipelines, GET /api/v2/stages?pipeline_id {data: [...]}
 *
 * Requests without the right `x-api-token` get 401. It records every call, keeps persons
 * and deals in memory, fails the next N calls on demand (`failNext`) and can hang (answer
 * nothing until `hang` is false again or the server closes).
 */
import http, { type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

/** One received call. */
export interface FakeCall {
  method: string;
  path: string;
  query: Record<string, string>;
  body: Record<string, unknown> | undefined;
  headers: IncomingMessage['headers'];
  /** When it arrived, epoch ms. */
  at: number;
}

export interface FakePerson {
  id: number;
  name: string;
  emails: { value: string; primary: boolean; label: string }[];
}

export interface FakeDeal {
  id: number;
  title: string;
  person_id: number;
  stage_id: number;
  pipeline_id: number;
  status: 'open' | 'won' | 'lost';
  lost_reason: string | null;
}

/** The stages of the default pipeline (id 1, "Solar"): names as stages.ts looks them up. */
export const FAKE_STAGES = {
  quote_requested: 11,
  inspection_scheduled: 12,
  inspected: 13,
  proposal_accepted: 14,
  installation_scheduled: 15,
  installed: 16,
} as const;

const STAGE_ROWS = [
  { id: 11, name: 'Quote requested', pipeline_id: 1 },
  { id: 12, name: 'Inspection scheduled', pipeline_id: 1 },
  { id: 13, name: 'Inspected', pipeline_id: 1 },
  { id: 14, name: 'Proposal accepted', pipeline_id: 1 },
  { id: 15, name: 'Installation scheduled', pipeline_id: 1 },
  { id: 16, name: 'Installed', pipeline_id: 1 },
  { id: 21, name: 'Quote requested', pipeline_id: 2 },
].map((stage, index) => ({
  ...stage,
  order_nr: index,
  deal_probability: 100,
  is_deal_rot_enabled: false,
  days_to_rotten: null,
  add_time: '2026-01-01T00:00:00Z',
  update_time: null,
  is_deleted: false,
}));

const PIPELINES = [
  { id: 2, name: 'Maintenance', order_nr: 2 },
  { id: 1, name: 'Solar', order_nr: 1 },
].map((p) => ({
  ...p,
  is_selected: false,
  is_deleted: false,
  is_deal_probability_enabled: false,
  add_time: '2026-01-01T00:00:00Z',
  update_time: null,
}));

export interface PipedriveFake {
  /** The base URL to configure as PIPEDRIVE_BASE_URL. */
  baseUrl: string;
  /** The token it accepts. */
  token: string;
  calls: FakeCall[];
  persons: Map<number, FakePerson>;
  deals: Map<number, FakeDeal>;
  /** The next `count` calls answer `status` (500 by default). */
  failNext(count: number, status?: number): void;
  /** While true, calls get no answer at all. */
  hang: boolean;
  /**
   * Unanswered calls the caller gave up on (it closed the connection): a call the server
   * abandoned at its time limit, or when it stopped.
   */
  abandoned: number;
  /** Calls of one method and path prefix, e.g. `callsTo('POST', '/api/v2/deals')`. */
  callsTo(method: string, path: string): FakeCall[];
  close(): Promise<void>;
}

/** Starts the fake on `port` of 127.0.0.1 (0, the default: a free one). */
export async function startPipedriveFake(token = 'fake-token', port = 0): Promise<PipedriveFake> {
  const calls: FakeCall[] = [];
  const persons = new Map<number, FakePerson>();
  const deals = new Map<number, FakeDeal>();
  let nextId = 100;
  let failures: { count: number; status: number } = { count: 0, status: 500 };
  const hanging = new Set<ServerResponse>();
  let closing = false;

  const send = (res: ServerResponse, status: number, body: unknown) => {
    res.writeHead(status, { 'content-type': 'application/json' });
    res.end(JSON.stringify(body));
  };
  const fail = (res: ServerResponse, status: number, error: string) =>
    send(res, status, {
      success: false,
      error,
      error_info: 'Please check developers.pipedrive.com',
    });
  const ok = (res: ServerResponse, data: unknown, extra: object = {}) =>
    send(res, 200, { success: true, data, ...extra });

  function route(call: FakeCall, res: ServerResponse) {
    const { method, path, query, body = {} } = call;
    const id = Number(/\/(\d+)$/.exec(path)?.[1]);
    if (method === 'GET' && path === '/api/v2/persons/search') {
      const term = (query.term ?? '').toLowerCase();
      const items = [...persons.values()]
        .filter((p) => p.emails.some((e) => e.value.toLowerCase() === term))
        .map((p) => ({
          result_score: 1,
          item: {
            id: p.id,
            type: 'person',
            name: p.name,
            phones: [],
            emails: p.emails.map((e) => e.value),
            visible_to: 3,
            owner: { id: 1 },
            organization: null,
            custom_fields: [],
            notes: [],
          },
        }));
      return ok(res, { items }, { additional_data: { next_cursor: null } });
    }
    if (method === 'POST' && path === '/api/v2/persons') {
      if (typeof body.name !== 'string' || !body.name) return fail(res, 400, 'Name is required');
      const person = {
        id: nextId++,
        name: body.name,
        emails: (body.emails ?? []) as FakePerson['emails'],
      };
      persons.set(person.id, person);
      return ok(res, { ...person, phones: [], owner_id: 1, org_id: null, is_deleted: false });
    }
    if (method === 'GET' && /^\/api\/v2\/persons\/\d+$/.test(path)) {
      const person = persons.get(id);
      if (!person) return fail(res, 404, 'Person not found');
      return ok(res, { ...person, phones: [], owner_id: 1, org_id: null, is_deleted: false });
    }
    if (method === 'PATCH' && path.startsWith('/api/v2/persons/')) {
      const person = persons.get(id);
      if (!person) return fail(res, 404, 'Person not found');
      Object.assign(person, body);
      return ok(res, { ...person, phones: [], owner_id: 1, org_id: null, is_deleted: false });
    }
    if (method === 'POST' && path === '/api/v2/deals') {
      if (typeof body.title !== 'string' || !body.title) return fail(res, 400, 'Title is required');
      const stage = STAGE_ROWS.find((s) => s.id === (body.stage_id ?? 11));
      if (!stage) return fail(res, 400, 'Stage not found');
      const deal: FakeDeal = {
        id: nextId++,
        title: body.title,
        person_id: body.person_id as number,
        stage_id: stage.id,
        pipeline_id: stage.pipeline_id,
        status: (body.status as FakeDeal['status']) ?? 'open',
        lost_reason: null,
      };
      deals.set(deal.id, deal);
      return ok(res, deal);
    }
    if (method === 'PATCH' && path.startsWith('/api/v2/deals/')) {
      const deal = deals.get(id);
      if (!deal) return fail(res, 404, 'Deal not found');
      if (body.lost_reason !== undefined && body.status !== 'lost') {
        return fail(res, 400, 'Lost reason can only be set if deal status is lost');
      }
      Object.assign(deal, body);
      return ok(res, deal);
    }
    if (method === 'GET' && path === '/api/v2/pipelines') {
      return ok(res, PIPELINES, { additional_data: { next_cursor: null } });
    }
    if (method === 'GET' && path === '/api/v2/stages') {
      const pipeline = Number(query.pipeline_id);
      const rows = STAGE_ROWS.filter((s) => !pipeline || s.pipeline_id === pipeline);
      return ok(res, rows, { additional_data: { next_cursor: null } });
    }
    return fail(res, 404, `Unknown endpoint ${method} ${path}`);
  }

  const fake: PipedriveFake = {
    baseUrl: '',
    token,
    calls,
    persons,
    deals,
    hang: false,
    abandoned: 0,
    failNext(count, status = 500) {
      failures = { count, status };
    },
    callsTo: (method, path) => calls.filter((c) => c.method === method && c.path.startsWith(path)),
    close: () =>
      new Promise((resolve) => {
        closing = true;
        for (const res of hanging) res.destroy();
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };

  const server = http.createServer((req: IncomingMessage, res: ServerResponse) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      const url = new URL(req.url ?? '/', 'http://fake');
      const text = Buffer.concat(chunks).toString('utf8');
      const call: FakeCall = {
        method: req.method ?? 'GET',
        path: url.pathname,
        query: Object.fromEntries(url.searchParams),
        body: text ? (JSON.parse(text) as Record<string, unknown>) : undefined,
        headers: req.headers,
        at: Date.now(),
      };
      calls.push(call);
      if (fake.hang) {
        hanging.add(res);
        res.once('close', () => {
          if (!closing) fake.abandoned += 1;
        });
        return;
      }
      if (req.headers['x-api-token'] !== token) return fail(res, 401, 'unauthorized access');
      if (failures.count > 0) {
        failures.count -= 1;
        return fail(res, failures.status, 'Something went wrong (fake failure)');
      }
      route(call, res);
    });
  });
  await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve));
  fake.baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return fake;
}

/**
 * The server settings that point the CRM link at `fake` and make the job worker quick: 50 ms
 * polls, retries from 100 ms up to 400 ms, 3 attempts, 1 s per call; `extra` overrides.
 */
export function crmEnv(fake: PipedriveFake, extra: Record<string, string> = {}) {
  return {
    PIPEDRIVE_API_TOKEN: fake.token,
    PIPEDRIVE_BASE_URL: fake.baseUrl,
    JOBS_POLL_MS: '50',
    PIPEDRIVE_RETRY_BASE_MS: '100',
    PIPEDRIVE_RETRY_MAX_MS: '400',
    PIPEDRIVE_MAX_ATTEMPTS: '3',
    PIPEDRIVE_TIMEOUT_MS: '1000',
    ...extra,
  };
}
