/**
 * Prometheus metrics (docs/decisions/027-metrics-behind-a-token.md), with
 * prom-client on a registry of this app (never the library's global one, so several apps
 * in one process, as in the tests, keep their own figures):
 *
 * - `http_requests_total{method, route, status_code}` and
 *   `http_request_duration_seconds{method, route, status_code}` (histogram, seconds): every
 *   answer but /metrics'. `route` is the route's pattern (`/api/v1/projects/:id`), never
 *   the raw URL, so ids and query strings do not multiply the series; a request no route
 *   matched is `(not found)`. A chat stream's duration is the whole stream's.
 * - `solar_chat_streams_open`: chat replies streaming now.
 * - `solar_ocr_requests{state="running"|"waiting"}`: bill photos being read and queued.
 * - `solar_db_pool_connections{state="total"|"idle"}` and `solar_db_pool_waiting`: the
 *   PostgreSQL pool (absent on PGlite, which has one in-process connection).
 * - prom-client's default process metrics (CPU, memory, event-loop lag, GC, handles).
 *
 * `GET /metrics` serves them in the text exposition format, only with `METRICS=on`, and
 * only to `Authorization: Bearer <METRICS_TOKEN>`: 401 `unauthenticated` otherwise.
 */
import { createHash, timingSafeEqual } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { collectDefaultMetrics, Counter, Gauge, Histogram, Registry } from 'prom-client';
import { HttpError } from './http-errors.ts';

/** The path of the exposition, outside /api/v1 (it is for Prometheus, not integrators). */
export const METRICS_PATH = '/metrics';

/** Label of requests that no route matched. */
const NOT_FOUND_ROUTE = '(not found)';

/** Where the gauges read their values when Prometheus scrapes. */
export interface MetricSources {
  /** Chat replies streaming now. */
  chatStreams?: () => number;
  /** Bill photos being read and waiting for a worker. */
  ocr?: () => { running: number; waiting: number };
  /** The PostgreSQL pool: connections open, idle ones, and queries waiting for one. */
  databasePool?: () => { total: number; idle: number; waiting: number };
}

export interface Metrics {
  registry: Registry;
  /** The gauges' sources; the modules that own the figures fill them in. */
  sources: MetricSources;
}

/** Creates the registry with every metric of the file comment. */
export function createMetrics(): Metrics {
  const registry = new Registry();
  const registers = [registry];
  const sources: MetricSources = {};
  collectDefaultMetrics({ register: registry });
  new Gauge({
    name: 'solar_chat_streams_open',
    help: 'Chat replies streaming now.',
    registers,
    collect() {
      this.set(sources.chatStreams?.() ?? 0);
    },
  });
  new Gauge({
    name: 'solar_ocr_requests',
    help: 'Bill photos being read (running) and waiting for an OCR worker (waiting).',
    labelNames: ['state'],
    registers,
    collect() {
      const ocr = sources.ocr?.() ?? { running: 0, waiting: 0 };
      this.set({ state: 'running' }, ocr.running);
      this.set({ state: 'waiting' }, ocr.waiting);
    },
  });
  const pool = () => sources.databasePool?.();
  new Gauge({
    name: 'solar_db_pool_connections',
    help: 'PostgreSQL pool connections: open (total) and idle.',
    labelNames: ['state'],
    registers,
    collect() {
      const stats = pool();
      if (!stats) return;
      this.set({ state: 'total' }, stats.total);
      this.set({ state: 'idle' }, stats.idle);
    },
  });
  new Gauge({
    name: 'solar_db_pool_waiting',
    help: 'Queries waiting for a free PostgreSQL pool connection.',
    registers,
    collect() {
      const stats = pool();
      if (stats) this.set(stats.waiting);
    },
  });
  return { registry, sources };
}

/**
 * True when `given` is `Bearer <token>` (the scheme in any letter case, RFC 9110 section
 * 11.1), the token compared in constant time.
 */
function hasToken(given: string | undefined, token: string): boolean {
  const digest = (text: string) => createHash('sha256').update(text).digest();
  const match = /^bearer +(.*)$/iu.exec(given ?? '');
  return timingSafeEqual(digest(match?.[1] ?? '\0'), digest(token));
}

/**
 * Counts and times every answer (see the file comment) and serves `GET /metrics` for
 * `token`. Register before the routes, so that every route is measured.
 */
export function registerMetrics(app: FastifyInstance, metrics: Metrics, token: string): void {
  const labelNames = ['method', 'route', 'status_code'] as const;
  const requests = new Counter({
    name: 'http_requests_total',
    help: 'HTTP requests answered, by method, route pattern and status code.',
    labelNames,
    registers: [metrics.registry],
  });
  const duration = new Histogram({
    name: 'http_request_duration_seconds',
    help: 'Time from the request to the end of its answer, seconds, by method, route pattern and status code.',
    labelNames,
    buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30],
    registers: [metrics.registry],
  });
  app.addHook('onResponse', (request, reply, done) => {
    const route = request.routeOptions.url ?? NOT_FOUND_ROUTE;
    if (route !== METRICS_PATH) {
      const labels = { method: request.method, route, status_code: String(reply.statusCode) };
      requests.inc(labels);
      duration.observe(labels, reply.elapsedTime / 1000);
    }
    done();
  });
  app.get(METRICS_PATH, { schema: { hide: true } }, async (request, reply) => {
    if (!hasToken(request.headers.authorization, token)) {
      throw new HttpError(401, 'unauthenticated', 'The metrics need their bearer token.', {
        headers: { 'www-authenticate': 'Bearer realm="metrics"' },
      });
    }
    const text = await metrics.registry.metrics();
    return reply.header('cache-control', 'no-store').type(metrics.registry.contentType).send(text);
  });
}
