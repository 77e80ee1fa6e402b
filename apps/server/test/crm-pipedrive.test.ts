/**
 * The CRM link's parts without a database: its settings, the Pipedrive
 * client against the local fake (token header, shapes, failures), the stage mapping and
 * the retry delays.
 */
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { ConfigError } from '../src/config.ts';
import { loadCrmConfig, pipedrivePersonUrl } from '../src/crm/config.ts';
import { createPipedriveClient, PipedriveError } from '../src/crm/pipedrive.ts';
import { retryDelayMs } from '../src/jobs/queue.ts';
import { createStageResolver, dealStatusOf } from '../src/crm/stages.ts';
import { FAKE_STAGES, startPipedriveFake, type PipedriveFake } from './pipedrive-fake.ts';

let fake: PipedriveFake;
beforeAll(async () => {
  fake = await startPipedriveFake();
});
afterAll(async () => {
  await fake.close();
});
afterEach(() => {
  fake.hang = false;
  fake.failNext(0);
});

const clientFor = (token = fake.token, timeoutMs = 2000) =>
  createPipedriveClient({ baseUrl: fake.baseUrl, apiToken: token, timeoutMs });

describe('settings', () => {
  it('are off without PIPEDRIVE_API_TOKEN, whatever else is set', () => {
    expect(loadCrmConfig({})).toBeUndefined();
    expect(loadCrmConfig({ PIPEDRIVE_API_TOKEN: '  ', PIPEDRIVE_DOMAIN: 'acme' })).toBeUndefined();
  });

  it('build the company URL from PIPEDRIVE_DOMAIN, or take PIPEDRIVE_BASE_URL', () => {
    const config = loadCrmConfig({ PIPEDRIVE_API_TOKEN: 't', PIPEDRIVE_DOMAIN: 'Acme' })!;
    expect(config.baseUrl).toBe('https://acme.pipedrive.com');
    expect(config.retry).toEqual({ baseMs: 30_000, maxMs: 3_600_000, maxAttempts: 10 });
    expect(pipedrivePersonUrl(config, 42)).toBe('https://acme.pipedrive.com/person/42');
    const local = loadCrmConfig({ PIPEDRIVE_API_TOKEN: 't', PIPEDRIVE_BASE_URL: 'http://x:1/' })!;
    expect(local.baseUrl).toBe('http://x:1');
    expect(pipedrivePersonUrl(local, 42)).toBeUndefined();
  });

  it('stop start-up with one line for a token without a domain or bad stage ids', () => {
    expect(() => loadCrmConfig({ PIPEDRIVE_API_TOKEN: 't' })).toThrow(
      /PIPEDRIVE_DOMAIN must be set/,
    );
    const bad = (PIPEDRIVE_STAGE_IDS: string) => () =>
      loadCrmConfig({ PIPEDRIVE_API_TOKEN: 't', PIPEDRIVE_DOMAIN: 'a', PIPEDRIVE_STAGE_IDS });
    expect(bad('{oops')).toThrow(ConfigError);
    expect(bad('{oops')).toThrow(/PIPEDRIVE_STAGE_IDS must be a JSON object/);
    expect(bad('{"shipped": 3}')).toThrow(/PIPEDRIVE_STAGE_IDS/);
    expect(bad('{"installed": "three"}')).toThrow(/PIPEDRIVE_STAGE_IDS/);
    expect(bad('{"installed": 3}')()?.stageIds).toEqual({ installed: 3 });
    expect(() =>
      loadCrmConfig({ PIPEDRIVE_API_TOKEN: 't', PIPEDRIVE_DOMAIN: 'not a domain' }),
    ).toThrow(/PIPEDRIVE_DOMAIN must be the company subdomain/);
  });
});

describe('the Pipedrive client', () => {
  it('sends the token in the x-api-token header, never in the URL', async () => {
    await clientFor().listPipelines();
    const call = fake.calls.at(-1)!;
    expect(call.headers['x-api-token']).toBe(fake.token);
    expect(JSON.stringify(call.query)).not.toContain(fake.token);
  });

  it('creates, finds and updates a person by email, and creates and moves a deal', async () => {
    const client = clientFor();
    expect(await client.findPersonByEmail('nobody@example.com')).toBeUndefined();
    const id = await client.createPerson({ name: 'Aida', email: 'aida@example.com' });
    expect(fake.persons.get(id)?.emails).toEqual([
      { value: 'aida@example.com', primary: true, label: 'work' },
    ]);
    expect(await client.findPersonByEmail('AIDA@example.com')).toBe(id);
    expect(fake.calls.at(-1)!.query).toMatchObject({ fields: 'email', exact_match: 'true' });
    await client.updatePerson(id, { name: 'Aida B', email: 'aida@example.com' });
    expect(fake.persons.get(id)?.name).toBe('Aida B');

    const deal = await client.createDeal({ title: 'Solar: Bishkek', personId: id, stageId: 12 });
    expect(fake.deals.get(deal)).toMatchObject({ person_id: id, stage_id: 12, status: 'open' });
    await client.updateDeal(deal, { status: 'lost', lostReason: 'Cancelled' });
    expect(fake.deals.get(deal)).toMatchObject({ status: 'lost', lost_reason: 'Cancelled' });
    await client.updateDeal(deal, { stageId: 16, status: 'won', lostReason: 'ignored' });
    expect(fake.deals.get(deal)).toMatchObject({ status: 'won', stage_id: 16 });
  });

  it('turns every failure into a PipedriveError that says what failed', async () => {
    const client = clientFor();
    await expect(
      client.updatePerson(999_999, { name: 'x', email: 'x@x.io' }),
    ).rejects.toMatchObject({
      name: 'PipedriveError',
      status: 404,
      message: expect.stringContaining('Person not found'),
    });
    await expect(clientFor('wrong').listPipelines()).rejects.toMatchObject({ status: 401 });
    fake.failNext(1, 503);
    await expect(client.listPipelines()).rejects.toThrow(/HTTP 503 to "list pipelines"/);
    fake.hang = true;
    const slow = clientFor(fake.token, 200);
    await expect(slow.listPipelines()).rejects.toThrow(/did not answer "list pipelines" in time/);
    fake.hang = false;
    const gone = createPipedriveClient({
      baseUrl: 'http://127.0.0.1:9',
      apiToken: 't',
      timeoutMs: 500,
    });
    await expect(gone.listPipelines()).rejects.toBeInstanceOf(PipedriveError);
  });
});

describe('the stage mapping', () => {
  it('finds stages by name in the first pipeline, and maps final statuses to won and lost', async () => {
    const stages = createStageResolver(clientFor(), undefined);
    expect(await stages.stageOf('quote_requested')).toBe(FAKE_STAGES.quote_requested);
    expect(await stages.stageOf('installation_scheduled')).toBe(FAKE_STAGES.installation_scheduled);
    expect(await stages.stageOf('cancelled')).toBeUndefined();
    expect(dealStatusOf('installed')).toBe('won');
    expect(dealStatusOf('cancelled')).toBe('lost');
    expect(dealStatusOf('inspected')).toBe('open');
  });

  it('reads the stages once, then from its cache; configured ids need no call', async () => {
    const stages = createStageResolver(clientFor(), undefined);
    const before = fake.calls.length;
    await stages.stageOf('inspected');
    await stages.stageOf('installed');
    expect(fake.calls.length - before).toBe(2); // pipelines + stages
    const configured = createStageResolver(clientFor(), { inspected: 7 });
    expect(await configured.stageOf('inspected')).toBe(7);
    expect(await configured.stageOf('installed')).toBeUndefined();
    expect(fake.calls.length - before).toBe(2);
  });
});

describe('retry delays', () => {
  it('double from 30 s with jitter between half and all of the ceiling, capped at 1 h', () => {
    const policy = { baseMs: 30_000, maxMs: 3_600_000 };
    expect(retryDelayMs(1, policy, () => 0)).toBe(15_000);
    expect(retryDelayMs(1, policy, () => 0.999_99)).toBe(30_000);
    expect(retryDelayMs(2, policy, () => 0)).toBe(30_000);
    expect(retryDelayMs(3, policy, () => 0.5)).toBe(90_000);
    expect(retryDelayMs(9, policy, () => 0)).toBe(1_800_000);
    expect(retryDelayMs(30, policy, () => 0)).toBe(1_800_000);
    expect(retryDelayMs(1000, policy, () => 0.999_999)).toBeLessThanOrEqual(3_600_000);
  });
});
