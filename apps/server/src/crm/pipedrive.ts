/**
 * A client of the Pipedrive endpoints the CRM link uses (API v2, Pipedrive's public API
 * reference; every answer is `{success, data, additional_data?}`), built on ky like
 * upstream.ts:
 *
 *   GET   /api/v2/persons/search?term&fields=email&exact_match=true  find a person by email
 *   POST  /api/v2/persons {name, emails:[{value, primary, label}]}   create a person
 *   GET   /api/v2/persons/{id}                                       a person's emails
 *   PATCH /api/v2/persons/{id} {name, emails?}                       update a person
 *   POST  /api/v2/deals {title, person_id, stage_id?, status}        create a deal
 *   PATCH /api/v2/deals/{id} {stage_id?, status, lost_reason?}       move a deal / won / lost
 *   GET   /api/v2/pipelines, GET /api/v2/stages?pipeline_id          the stages by name
 *
 * The token goes in the `x-api-token` header (Pipedrive's "Authentication" page), never in
 * the URL, so no log line carries it. Each call has its own time limit and is not retried
 * here: the outbox (queue.ts) retries whole jobs with backoff. Every failure (network,
 * time limit, HTTP error, `success: false`, an answer without the expected data) throws
 * PipedriveError with a message fit for the admin job list.
 */
import ky, { HTTPError, isNetworkError, type KyInstance } from 'ky';

/** A failed Pipedrive call: `status` is the HTTP status when Pipedrive answered. */
export class PipedriveError extends Error {
  override name = 'PipedriveError';
  readonly status: number | undefined;
  constructor(message: string, status?: number) {
    super(message);
    this.status = status;
  }
}

/** A deal's status in Pipedrive. */
export type DealStatus = 'open' | 'won' | 'lost';

/** A pipeline or a stage: id, name and order (`order_nr`, lowest first). */
export interface PipedriveStage {
  id: number;
  name: string;
  orderNr: number;
}

/** The calls the CRM link makes (see the file comment). */
export interface PipedriveClient {
  /** The id of the person whose email is exactly `email`, or undefined. */
  findPersonByEmail(email: string, signal?: AbortSignal): Promise<number | undefined>;
  /** Creates a person with one primary work email; answers its id. */
  createPerson(person: { name: string; email: string }, signal?: AbortSignal): Promise<number>;
  /**
   * Sets a person's name and makes sure `email` is among its emails. Pipedrive's
   * `PATCH /persons/{id}` replaces the whole `emails` list, so the person is read first:
   * when the address is there (compared without case) only the name is sent; otherwise the
   * list is sent back with the address added (primary only when the list was empty), so
   * the addresses sales staff added stay. Throws PipedriveError with status 404 when the
   * person is gone.
   */
  updatePerson(
    id: number,
    person: { name: string; email: string },
    signal?: AbortSignal,
  ): Promise<void>;
  /** Creates an open deal of `personId` (in `stageId` when given); answers its id. */
  createDeal(
    deal: { title: string; personId: number; stageId?: number | undefined },
    signal?: AbortSignal,
  ): Promise<number>;
  /** Moves a deal to a stage and/or sets its status. */
  updateDeal(
    id: number,
    change: { stageId?: number | undefined; status: DealStatus; lostReason?: string },
    signal?: AbortSignal,
  ): Promise<void>;
  /** The company's pipelines, not deleted, lowest `order_nr` (the default) first. */
  listPipelines(signal?: AbortSignal): Promise<PipedriveStage[]>;
  /** The stages of a pipeline, in pipeline order. */
  listStages(pipelineId: number, signal?: AbortSignal): Promise<PipedriveStage[]>;
}

/** Settings of the client: base URL (without /api/v2), token, time limit of one call (ms). */
export interface PipedriveClientOptions {
  baseUrl: string;
  apiToken: string;
  timeoutMs: number;
  /** Replaces the HTTP client (tests). */
  fetch?: typeof fetch;
}

interface Envelope {
  success?: boolean;
  data?: unknown;
  error?: string;
}

/** One of a person's emails as Pipedrive answers and takes it. */
interface PersonEmail {
  value: string;
  primary?: boolean;
  label?: string;
}

type Row = { id?: unknown; name?: unknown; order_nr?: unknown; is_deleted?: unknown };

const idOf = (data: unknown): number | undefined => {
  const id = (data as { id?: unknown } | null)?.id;
  return typeof id === 'number' && Number.isInteger(id) ? id : undefined;
};

const ordered = (rows: Row[]): PipedriveStage[] =>
  rows
    .filter((row) => typeof row.id === 'number' && row.is_deleted !== true)
    .map((row) => ({
      id: row.id as number,
      name: typeof row.name === 'string' ? row.name : '',
      orderNr: typeof row.order_nr === 'number' ? row.order_nr : 0,
    }))
    .sort((a, b) => a.orderNr - b.orderNr || a.id - b.id);

/** Creates the client (see the file comment). */
export function createPipedriveClient(options: PipedriveClientOptions): PipedriveClient {
  const api: KyInstance = ky.create({
    prefix: `${options.baseUrl}/api/v2/`,
    timeout: options.timeoutMs,
    retry: 0,
    headers: {
      'x-api-token': options.apiToken,
      Accept: 'application/json',
      'User-Agent': 'Solar/0.1 (CRM link)',
    },
    ...(options.fetch ? { fetch: options.fetch } : {}),
  });

  /** One call; answers the envelope's `data`, or throws PipedriveError. */
  async function send(
    what: string,
    method: 'get' | 'post' | 'patch',
    path: string,
    init: { json?: unknown; searchParams?: Record<string, string | number | boolean> },
    signal?: AbortSignal,
  ): Promise<unknown> {
    let body: Envelope;
    try {
      body = await api(path, { method, ...init, ...(signal ? { signal } : {}) }).json<Envelope>();
    } catch (error) {
      throw explain(what, error);
    }
    if (body?.success !== true) {
      throw new PipedriveError(`Pipedrive refused to ${what}: ${body?.error ?? 'success false'}`);
    }
    return body.data;
  }

  const emails = (email: string) => [{ value: email, primary: true, label: 'work' }];

  return {
    async findPersonByEmail(email, signal) {
      const data = (await send(
        'search persons',
        'get',
        'persons/search',
        { searchParams: { term: email, fields: 'email', exact_match: true, limit: 10 } },
        signal,
      )) as { items?: { item?: { id?: unknown; emails?: unknown } }[] } | null;
      const wanted = email.toLowerCase();
      const match = (data?.items ?? []).find(
        ({ item }) =>
          Array.isArray(item?.emails) &&
          item.emails.some((e) => typeof e === 'string' && e.toLowerCase() === wanted),
      );
      return idOf(match?.item);
    },

    async createPerson({ name, email }, signal) {
      const data = await send(
        'create a person',
        'post',
        'persons',
        { json: { name, emails: emails(email) } },
        signal,
      );
      const id = idOf(data);
      if (id === undefined) throw new PipedriveError('Pipedrive created a person without an id');
      return id;
    },

    async updatePerson(id, { name, email }, signal) {
      const data = (await send('read a person', 'get', `persons/${id}`, {}, signal)) as {
        emails?: unknown;
      } | null;
      const current = (Array.isArray(data?.emails) ? data.emails : []).filter(
        (e): e is PersonEmail => typeof (e as PersonEmail | null)?.value === 'string',
      );
      const known = current.some((e) => e.value.toLowerCase() === email.toLowerCase());
      const added = { value: email, primary: current.length === 0, label: 'work' };
      await send(
        'update a person',
        'patch',
        `persons/${id}`,
        { json: { name, ...(known ? {} : { emails: [...current, added] }) } },
        signal,
      );
    },

    async createDeal({ title, personId, stageId }, signal) {
      const json = {
        title,
        person_id: personId,
        status: 'open',
        ...(stageId ? { stage_id: stageId } : {}),
      };
      const id = idOf(await send('create a deal', 'post', 'deals', { json }, signal));
      if (id === undefined) throw new PipedriveError('Pipedrive created a deal without an id');
      return id;
    },

    async updateDeal(id, { stageId, status, lostReason }, signal) {
      const json = {
        status,
        ...(stageId ? { stage_id: stageId } : {}),
        ...(status === 'lost' && lostReason ? { lost_reason: lostReason } : {}),
      };
      await send('update a deal', 'patch', `deals/${id}`, { json }, signal);
    },

    async listPipelines(signal) {
      const data = await send(
        'list pipelines',
        'get',
        'pipelines',
        { searchParams: { limit: 500 } },
        signal,
      );
      return ordered(Array.isArray(data) ? (data as Row[]) : []);
    },

    async listStages(pipelineId, signal) {
      const data = await send(
        'list stages',
        'get',
        'stages',
        { searchParams: { pipeline_id: pipelineId, limit: 500 } },
        signal,
      );
      return ordered(Array.isArray(data) ? (data as Row[]) : []);
    },
  };
}

/** A ky failure as a PipedriveError naming the call and the reason. */
function explain(what: string, error: unknown): PipedriveError {
  if (error instanceof HTTPError) {
    const status = error.response.status;
    const detail = (error.data as Envelope | undefined)?.error;
    return new PipedriveError(
      `Pipedrive answered HTTP ${status} to "${what}"${detail ? `: ${detail}` : ''}`,
      status,
    );
  }
  if (error instanceof Error && (error.name === 'TimeoutError' || error.name === 'AbortError')) {
    return new PipedriveError(`Pipedrive did not answer "${what}" in time`);
  }
  if (isNetworkError(error)) {
    const cause = error.cause as (Error & { cause?: Error }) | undefined;
    const reason = cause?.cause?.message ?? cause?.message ?? error.message;
    return new PipedriveError(`Pipedrive unreachable for "${what}": ${reason}`);
  }
  return new PipedriveError(
    `Pipedrive call "${what}" failed: ${error instanceof Error ? error.message : String(error)}`,
  );
}
