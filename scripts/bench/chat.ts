/**
 * Chat under load, two ways.
 *
 * **As users meet it (budgeted):** new conversations arrive at a steady rate
 * ({@link arrivalsPerSecond} a second, at most {@link maxOpen} streams open at once, each on
 * a new connection), answered by the offline assistant at its default pace
 * (AI_STREAM_DELAY_MS unset), on PostgreSQL. A warm-up stretch comes first; the budget reads
 * the time-to-first-text p95 of the measured stretch (`chat.firstText.p95`): the first event
 * with a non-empty `textDelta`, the first word a user sees. The first chunk (the conversation
 * id, sent before anything is stored) is reported beside it for information. Also measured
 * on PGlite, for information.
 *
 * **Zero-delay burst (informational):** {@link streams} concurrent streams at once with no
 * pause between words on PGlite, a setting no user runs: it shows how the server degrades
 * when saturated. The first burst warms the server up and is reported apart.
 *
 * Each: time to the first text and to the first chunk, and the whole stream, p50/p95, and
 * the server's RSS before, at peak and once idle (growth after the streams end would be a
 * leak).
 */

/**
 * Idle time after the last burst before RSS is read again, ms. V8 keeps freed heap pages
 * pooled for a few seconds and returns them to the system once the process is idle (its
 * memory reducer): RSS 2 s after a burst still holds them, so the figure once idle is the
 * one that shows whether memory grew.
 */
export const IDLE_SETTLE_MS = 15_000;
import path from 'node:path';
import type { BenchContext } from './context.ts';
import { freshPostgres } from './db-scale.ts';
import { section, type Section } from './report.ts';
import { signIn, startServer } from './server.ts';
import { ms, MiB, summarize } from './stats.ts';
import {
  arrivalsPerSecond,
  maxOpen,
  newAgent,
  oneStream,
  steadyArrivals,
  type StreamTiming,
} from './chat-stream.ts';

/** Concurrent streams per zero-delay burst. */
export const streams = 200;

/** Seconds of arrivals before the measured stretch (not budgeted), and of the measured one. */
export const steadySeconds = { warmUp: 4, measured: 10 } as const;

/** Zero-delay bursts: the warm-up burst, then the measured one. */
export const bursts = 2;

/** Bursts at the start that only warm the server up: reported, never budgeted. */
export const warmUpBursts = 1;

/**
 * The figure read from each zero-delay burst's first-chunk p95 (ms, in burst order): the
 * slowest of the measured bursts. The
 * warm-up bursts run while V8 still compiles the request path (the first requests of a
 * new process run unoptimized code), which is start-up, not load: start-up has its own
 * budget, and the API figures are also taken after a warm-up.
 */
export function budgetP95(p95s: readonly number[], warmUps: number = warmUpBursts): number {
  const measured = p95s.slice(warmUps);
  if (measured.length === 0) throw new RangeError('no measured burst');
  return Math.max(...measured);
}

const headers = [
  'database',
  'load',
  'part',
  'streams',
  'first text p50',
  'first text p95',
  'first chunk p50',
  'first chunk p95',
  'stream total p50',
  'stream total p95',
  'most open',
];

/** The row figures of a list of streams: first text, first chunk, whole stream, p50/p95. */
function timingCells(timings: readonly StreamTiming[]): string[] {
  const text = summarize(timings.map((t) => t.firstText));
  const chunk = summarize(timings.map((t) => t.firstChunk));
  const total = summarize(timings.map((t) => t.total));
  return [text.p50, text.p95, chunk.p50, chunk.p95, total.p50, total.p95].map(ms);
}

/**
 * Runs the chat part: the steady run at the default pace on PostgreSQL (budgeted) and
 * PGlite, then the zero-delay burst on PGlite (informational).
 */
export async function chatPart(ctx: BenchContext): Promise<Section> {
  const s = section('Chat: time to first text, offline assistant', headers);
  const postgres = await freshPostgres(ctx);
  if (postgres) {
    try {
      await steadyOn(ctx, s, 'PostgreSQL', 'postgres', postgres.url);
    } finally {
      await postgres.drop();
    }
  } else {
    s.notes.push('PostgreSQL did not answer: the budgeted run was not measured.');
  }
  // The informational runs: one that cannot run (a server that does not start on a busy
  // machine) is noted, and the budgeted figures above are kept.
  for (const [name, run] of [
    ['PGlite (steady)', () => steadyOn(ctx, s, 'PGlite', 'pglite', undefined)],
    ['PGlite (burst)', () => burstOn(ctx, s)],
  ] as const) {
    try {
      await run();
    } catch (error) {
      const reason = error instanceof Error ? error.message.split('\n')[0] : String(error);
      s.notes.push(`${name} could not run: ${reason}`);
      ctx.log(`chat: ${name} could not run: ${reason}`);
    }
  }
  s.notes.push(
    `Method: "first text" is the time from the written request to the first event with a non-empty textDelta (the first word a user sees; the first chunk, the conversation id, comes before it and is informational), at ${arrivalsPerSecond} new conversations a second with at most ${maxOpen} streams open, on a PostgreSQL database the bench creates and drops; the budget reads its measured p95 (chat.firstText.p95).`,
    `Steady: the offline assistant at its default pace (AI_STREAM_DELAY_MS unset): ${steadySeconds.warmUp} s of warm-up arrivals, then ${steadySeconds.measured} s measured. The same run on PGlite is informational.`,
    `Burst (informational): ${streams} streams at once with no pause between words on PGlite, a setting no user runs; the server is saturated for the whole burst. Burst 1 warms the server up.`,
    "Each stream is a new conversation of one signed-in user (per-user message limit raised for the run), sent with node:http on a connection of its own. Times run from the moment the request was written, so they include accepting the connection and the JWT check but not the load generator queueing its requests. The first chunk (the conversation id) is sent before the message is stored; the first text follows storing it and the assistant's first step (its tool call).",
  );
  return s;
}

/** The chat settings of a bench server: the offline assistant, the per-user limit raised. */
export const chatEnv = {
  AI_PROVIDER: 'offline',
  CHAT_RATE_LIMIT: '100000',
  CHAT_RATE_WINDOW_MS: '60000',
};

/** The message every bench stream sends. */
export const message = 'My monthly bill is 3000 som. What system size do I need for a flat roof?';

/** The steady run on one database, appended to `s`; the server is stopped before it returns. */
async function steadyOn(
  ctx: BenchContext,
  s: Section,
  label: string,
  key: string,
  databaseUrl: string | undefined,
): Promise<void> {
  const server = await startServer({
    dataDir: path.join(ctx.tmp, `chat-steady-${key}`),
    ...(databaseUrl ? { databaseUrl } : {}),
    env: chatEnv,
  });
  try {
    const { token } = await signIn(server.url);
    const open = () => {
      const agent = newAgent();
      return oneStream(agent, server.url, token, message).finally(() => agent.destroy());
    };
    const seconds = steadySeconds.warmUp + steadySeconds.measured;
    ctx.log(`chat: ${label}, ${arrivalsPerSecond} streams a second for ${seconds} s`);
    const run = await steadyArrivals(open, { seconds });
    const rss = server.rssBytes();
    const measured = run.streams.filter((x) => x.startedAt >= steadySeconds.warmUp * 1000);
    const warmUp = run.streams.filter((x) => x.startedAt < steadySeconds.warmUp * 1000);
    const load = `${arrivalsPerSecond}/s up to ${maxOpen} open, default pace`;
    for (const [part, list] of [
      ['warm-up', warmUp],
      ['measured', measured],
    ] as const) {
      const timings = list.map((x) => x.timing);
      s.rows.push([
        label,
        load,
        part,
        String(list.length),
        ...timingCells(timings),
        part === 'measured' ? String(run.peakOpen) : '',
      ]);
      if (part === 'measured') {
        const firstText = summarize(timings.map((t) => t.firstText)).p95;
        const firstChunk = summarize(timings.map((t) => t.firstChunk)).p95;
        ctx.metrics.set(`chat.steady.${key}.firstText.p95`, firstText);
        ctx.metrics.set(`chat.steady.${key}.ttfc.p95`, firstChunk);
        if (key === 'postgres') ctx.metrics.set('chat.firstText.p95', firstText);
      }
    }
    s.notes.push(`${label} (steady): server RSS at the end ${MiB(rss)}.`);
  } finally {
    await server.stop();
  }
}

/** The zero-delay bursts on PGlite, appended to `s`; the server is stopped before it returns. */
async function burstOn(ctx: BenchContext, s: Section): Promise<void> {
  const label = 'PGlite';
  const server = await startServer({
    dataDir: path.join(ctx.tmp, 'chat-burst'),
    env: { ...chatEnv, AI_STREAM_DELAY_MS: '0' },
  });
  try {
    const { token } = await signIn(server.url);
    const single = newAgent();
    for (let i = 0; i < 5; i++) await oneStream(single, server.url, token, message);
    single.destroy();
    const rssBefore = server.rssBytes();
    let peak = rssBefore;
    const sampler = setInterval(() => {
      peak = Math.max(peak, server.rssBytes());
    }, 50);
    const results: { timings: StreamTiming[]; wallMs: number; rssAfter: number }[] = [];
    try {
      for (let burst = 0; burst < bursts; burst++) {
        ctx.log(`chat: ${label}, burst ${burst + 1} of ${bursts}, ${streams} concurrent streams`);
        const agent = newAgent();
        const started = performance.now();
        const timings = await Promise.all(
          Array.from({ length: streams }, () => oneStream(agent, server.url, token, message)),
        ).finally(() => agent.destroy());
        const wallMs = performance.now() - started;
        // Let the stored replies and closed sockets settle before reading memory.
        await new Promise((resolve) => setTimeout(resolve, 2000));
        results.push({ timings, wallMs, rssAfter: server.rssBytes() });
      }
    } finally {
      clearInterval(sampler);
    }
    await new Promise((resolve) => setTimeout(resolve, IDLE_SETTLE_MS));
    const rssIdle = server.rssBytes();
    const firstChunks = results.map((b) => summarize(b.timings.map((t) => t.firstChunk)));
    ctx.metrics.set('chat.burst.pglite.ttfc.p95', budgetP95(firstChunks.map((f) => f.p95)));
    results.forEach((b, i) => {
      s.rows.push([
        label,
        `${streams} at once, no delay`,
        i < warmUpBursts ? `burst ${i + 1} (warm-up)` : `burst ${i + 1}`,
        String(b.timings.length),
        ...timingCells(b.timings),
        String(streams),
      ]);
    });
    ctx.metrics.set('chat.pglite.rss.before', rssBefore);
    ctx.metrics.set('chat.pglite.rss.after', results.at(-1)!.rssAfter);
    ctx.metrics.set('chat.pglite.rss.idle', rssIdle);
    s.notes.push(
      `${label} (burst): server RSS after 5 warm-up streams ${MiB(rssBefore)}, peak ${MiB(peak)} (sampled every 50 ms), after each burst (+2 s) ${results.map((r) => MiB(r.rssAfter)).join(', ')}, ${IDLE_SETTLE_MS / 1000} s after the last burst ${MiB(rssIdle)} (${rssIdle <= rssBefore ? 'no growth' : `+${MiB(rssIdle - rssBefore)}`} over the warm-up figure).`,
    );
  } finally {
    await server.stop();
  }
}
