/**
 * One process against two (`WORKERS=2`, apps/server/src/workers.ts), on
 * PostgreSQL, in the same run: GET /auth/me throughput under autocannon (as in api.ts) and
 * the chat's steady-run first-chunk p95 (as in chat.ts), each on a fresh database.
 * Informational: no budget reads these figures. On a 2-core machine that also runs the load
 * generator, the ratio is the figure, not the absolute values.
 */
import path from 'node:path';
import { chatEnv, message, steadySeconds } from './chat.ts';
import { arrivalsPerSecond, newAgent, oneStream, steadyArrivals } from './chat-stream.ts';
import type { BenchContext } from './context.ts';
import { freshPostgres } from './db-scale.ts';
import { load } from './http-load.ts';
import { section, type Section } from './report.ts';
import { signIn, startServer, type RunningProcess } from './server.ts';
import { ms, rps, summarize } from './stats.ts';

/** The figures of one process count. */
export interface ProcessFigures {
  /** GET /api/v1/auth/me answers per second. */
  meRps: number;
  /** Chat time to first chunk, p95 of the measured stretch, ms. */
  ttfcP95: number;
}

/** "1.62x"; "-" when either side is not a finite positive number. */
export function times(ratio: number): string {
  return Number.isFinite(ratio) && ratio > 0 ? `${ratio.toFixed(2)}x` : '-';
}

/** The section's rows: each measure with 1 and 2 processes and their ratio (2 / 1). */
export function processRows(one: ProcessFigures, two: ProcessFigures): string[][] {
  return [
    [
      'GET /api/v1/auth/me throughput',
      rps(one.meRps),
      rps(two.meRps),
      times(two.meRps / one.meRps),
    ],
    [
      `chat first chunk p95 (${arrivalsPerSecond}/s, default pace)`,
      ms(one.ttfcP95),
      ms(two.ttfcP95),
      times(two.ttfcP95 / one.ttfcP95),
    ],
  ];
}

/** Seconds of /auth/me load (after a warm-up of a third as long). */
const meSeconds = 5;

/** Resolves once every worker listens (the primary's start-up line), within 60 s. */
async function allListening(server: RunningProcess, workers: number): Promise<void> {
  if (workers === 1) return;
  const deadline = performance.now() + 60_000;
  while (!server.stdout().includes(`(${workers} workers)`)) {
    if (performance.now() > deadline) {
      throw new Error(`${workers} workers did not all start:\n${server.stderr()}`);
    }
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

/** Both measures with `workers` processes on the database at `databaseUrl`. */
async function measure(
  ctx: BenchContext,
  workers: number,
  databaseUrl: string,
): Promise<ProcessFigures> {
  const server = await startServer({
    dataDir: path.join(ctx.tmp, `processes-${workers}`),
    databaseUrl,
    env: { ...chatEnv, WORKERS: String(workers) },
  });
  try {
    await allListening(server, workers);
    const { token } = await signIn(server.url);
    ctx.log(`processes: ${workers}, GET /auth/me for ${meSeconds} s`);
    const me = await load({
      url: `${server.url}/api/v1/auth/me`,
      headers: { authorization: `Bearer ${token}` },
      connections: 10,
      seconds: meSeconds,
    });
    const seconds = steadySeconds.warmUp + steadySeconds.measured;
    ctx.log(`processes: ${workers}, chat ${arrivalsPerSecond} streams a second for ${seconds} s`);
    const open = () => {
      const agent = newAgent();
      return oneStream(agent, server.url, token, message).finally(() => agent.destroy());
    };
    const run = await steadyArrivals(open, { seconds });
    const measured = run.streams.filter((x) => x.startedAt >= steadySeconds.warmUp * 1000);
    return { meRps: me.rps, ttfcP95: summarize(measured.map((x) => x.timing.firstChunk)).p95 };
  } finally {
    await server.stop();
  }
}

/** Runs the part: 1 process, then 2, each on a fresh PostgreSQL database. */
export async function processesPart(ctx: BenchContext): Promise<Section> {
  const s = section('Processes: 1 and 2 on PostgreSQL (WORKERS)', [
    'measure',
    '1 process',
    '2 processes',
    '2 / 1',
  ]);
  const figures: ProcessFigures[] = [];
  for (const workers of [1, 2]) {
    const postgres = await freshPostgres(ctx);
    if (!postgres) {
      s.notes.push('PostgreSQL did not answer: not measured.');
      return s;
    }
    try {
      figures.push(await measure(ctx, workers, postgres.url));
    } finally {
      await postgres.drop();
    }
  }
  const [one, two] = figures as [ProcessFigures, ProcessFigures];
  s.rows.push(...processRows(one, two));
  ctx.metrics.set('processes.me.rps.1', one.meRps);
  ctx.metrics.set('processes.me.rps.2', two.meRps);
  ctx.metrics.set('processes.me.ratio', two.meRps / one.meRps);
  ctx.metrics.set('processes.chat.ttfc.p95.1', one.ttfcP95);
  ctx.metrics.set('processes.chat.ttfc.p95.2', two.ttfcP95);
  ctx.metrics.set('processes.chat.ttfc.ratio', two.ttfcP95 / one.ttfcP95);
  s.notes.push(
    `Informational (no budget). The same server with WORKERS=1 and WORKERS=2 (node:cluster, connections handed out round-robin), one after the other, each on a fresh PostgreSQL database: GET /auth/me under autocannon (10 connections, ${meSeconds} s after a warm-up), then the chat's steady run (${arrivalsPerSecond} new conversations a second, ${steadySeconds.warmUp} s warm-up, ${steadySeconds.measured} s measured, first-chunk p95).`,
    'The load generator runs on the same machine: with 2 cores, the second process competes with it and with PostgreSQL, so the ratio (above 1 is better for throughput, below 1 for the p95) is the figure, not the absolute values.',
  );
  return s;
}
