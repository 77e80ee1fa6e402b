/**
 * Prometheus metrics (docs/decisions/027-metrics-behind-a-token.md): off by
 * default (/metrics is 404); with METRICS=on they need METRICS_TOKEN as a bearer token
 * (401 otherwise) and answer the text exposition: request counts and latency by route
 * pattern, the open chat streams, the PostgreSQL pool, and the default process metrics.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '../src/config.ts';
import {
  createClient,
  eventually,
  listen,
  sendJson,
  startChatServer,
  streamChat,
} from './chat-helpers.ts';
import { databaseKinds, startTestServer, type TestServer } from './harness.ts';

const TOKEN = 'metrics-token-for-the-test-suite-0123456789';
const scrape = (server: TestServer, authorization?: string) =>
  server.app.inject({
    method: 'GET',
    url: '/metrics',
    headers: authorization === undefined ? {} : { authorization },
  });

/** The value of the series `name{labels}` (labels in the order prom-client writes them). */
function valueOf(text: string, series: string): number | undefined {
  const line = text.split('\n').find((l) => l.startsWith(`${series} `));
  return line === undefined ? undefined : Number(line.slice(series.length + 1));
}

describe('metrics configuration', () => {
  it('is off by default, and METRICS=on needs a token of 32 characters or more', () => {
    expect(loadConfig({}).metricsToken).toBeUndefined();
    expect(loadConfig({ METRICS: 'off', METRICS_TOKEN: TOKEN }).metricsToken).toBeUndefined();
    expect(loadConfig({ METRICS: 'on', METRICS_TOKEN: TOKEN }).metricsToken).toBe(TOKEN);
    for (const env of [
      { METRICS: 'on' },
      { METRICS: 'on', METRICS_TOKEN: 'short' },
      { METRICS: 'yes', METRICS_TOKEN: TOKEN },
    ]) {
      expect(() => loadConfig(env), JSON.stringify(env)).toThrow(ConfigError);
      expect(() => loadConfig(env)).toThrow(/METRICS/);
    }
  });
});

describe('metrics off (the default)', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer('pglite');
  });
  afterAll(async () => {
    await server?.close();
  });

  it('answers /metrics 404, with or without a token', async () => {
    expect((await scrape(server)).statusCode).toBe(404);
    expect((await scrape(server, `Bearer ${TOKEN}`)).statusCode).toBe(404);
  });
});

describe.each(databaseKinds)('metrics on, on %s', (kind) => {
  let server: TestServer;
  let baseUrl: string;
  beforeAll(async () => {
    // A slow offline assistant, so a reply is still streaming when the test scrapes.
    server = await startChatServer(kind, {
      METRICS: 'on',
      METRICS_TOKEN: TOKEN,
      AI_STREAM_DELAY_MS: '100',
    });
    baseUrl = await listen(server);
  });
  afterAll(async () => {
    await server?.close();
  });

  it('refuses a scrape without the token or with another one (401)', async () => {
    for (const authorization of [undefined, `Bearer ${TOKEN}x`, TOKEN, 'Basic abc', 'Bearer ']) {
      const answer = await scrape(server, authorization);
      expect(answer.statusCode, String(authorization)).toBe(401);
      expect(answer.json()).toMatchObject({ code: 'unauthenticated' });
      expect(answer.headers['www-authenticate']).toBe('Bearer realm="metrics"');
      expect(answer.body).not.toContain('http_requests_total');
    }
  });

  it('takes the scheme in any letter case (RFC 9110)', async () => {
    for (const scheme of ['bearer', 'BEARER', 'Bearer']) {
      expect((await scrape(server, `${scheme} ${TOKEN}`)).statusCode, scheme).toBe(200);
    }
  });

  it('counts and times requests by route pattern, with the default process metrics', async () => {
    const { token } = await createClient(server);
    const created = await sendJson(server, token, 'POST', '/projects', {
      location: { address: 'Metric Street 1', latitude: 42.87, longitude: 74.59 },
    });
    expect(created.status).toBe(201);
    const id = created.body.id as string;
    for (let i = 0; i < 3; i++) {
      const read = await server.app.inject({
        method: 'GET',
        url: `/api/v1/projects/${id}?view=${i}`,
        headers: { authorization: `Bearer ${token}` },
      });
      expect(read.statusCode).toBe(200);
    }
    await server.app.inject({ method: 'GET', url: '/api/v1/no/such/path' });

    const answer = await scrape(server, `Bearer ${TOKEN}`);
    expect(answer.statusCode).toBe(200);
    expect(answer.headers['content-type']).toMatch(/^text\/plain; version=0\.0\.4/);
    const text = answer.body;
    const labels = 'method="GET",route="/api/v1/projects/:id",status_code="200"';
    expect(valueOf(text, `http_requests_total{${labels}}`)).toBe(3);
    expect(valueOf(text, `http_request_duration_seconds_count{${labels}}`)).toBe(3);
    expect(valueOf(text, `http_request_duration_seconds_bucket{le="+Inf",${labels}}`)).toBe(3);
    expect(
      valueOf(
        text,
        'http_requests_total{method="POST",route="/api/v1/projects",status_code="201"}',
      ),
    ).toBe(1);
    expect(
      valueOf(text, 'http_requests_total{method="GET",route="(not found)",status_code="404"}'),
    ).toBe(1);
    // The pattern, never the raw URL: ids and queries do not make series of their own.
    expect(text).not.toContain(id);
    expect(text).not.toContain('no/such/path');
    // The scrape does not count itself.
    expect(text).not.toContain('route="/metrics"');
    // prom-client's default process metrics.
    for (const name of ['process_cpu_user_seconds_total', 'nodejs_eventloop_lag_seconds']) {
      expect(text).toContain(`\n${name} `);
    }
    expect(text).toContain('solar_ocr_requests{state="waiting"} 0');
    // The pool exists on PostgreSQL only.
    if (kind === 'postgres') {
      expect(valueOf(text, 'solar_db_pool_connections{state="total"}')).toBeGreaterThan(0);
      expect(valueOf(text, 'solar_db_pool_waiting')).toBe(0);
    } else {
      expect(text).not.toContain('solar_db_pool_connections{');
    }
  });

  it('reports the chat streams open now', async () => {
    const { token } = await createClient(server);
    const open = async () =>
      valueOf((await scrape(server, `Bearer ${TOKEN}`)).body, 'solar_chat_streams_open');
    expect(await open()).toBe(0);
    let during: number | undefined;
    let conversationId = '';
    const finished = streamChat(
      baseUrl,
      token,
      { message: 'How many panels do I need?', conversationId: null },
      {
        onEvent(event, index) {
          conversationId = event.chunk.conversationId;
          // The second chunk is text: the reply is streaming (one word per 100 ms).
          if (index === 1) {
            void open().then((value) => {
              during = value;
              // Stop the reply, so that the stream ends now.
              void sendJson(server, token, 'POST', `/chat/end/${conversationId}`);
            });
          }
        },
      },
    );
    await finished;
    expect(during).toBe(1);
    expect(await eventually(open, (value) => value === 0)).toBe(0);
  });
});
