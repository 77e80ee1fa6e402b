/**
 * Chat under load (issue 10): bursts of 200 concurrent `POST /api/v1/chat/stream` requests,
 * each on a new connection, answered by the offline assistant with no pause between pieces
 * (AI_STREAM_DELAY_MS=0); time to the first chunk (the first `data:` event) and to the
 * first text, p50/p95, the total time of each burst, and the server's RSS before, at peak,
 * 2 s after each burst and once idle (growth after the streams end would be a leak). The
 * first burst warms the server up and is reported apart; the budget reads the slowest of
 * the measured bursts ({@link budgetP95}).
 */

/**
 * Idle time after the last burst before RSS is read again, ms. V8 keeps freed heap pages
 * pooled for a few seconds and returns them to the system once the process is idle (its
 * memory reducer): RSS 2 s after a burst still holds them, so the figure once idle is the
 * one that shows whether memory grew.
 */
export const IDLE_SETTLE_MS = 15_000;
import http from 'node:http';
import path from 'node:path';
import type { BenchContext } from './context.ts';
import { freshPostgres } from './db-scale.ts';
import { section, type Section } from './report.ts';
import { signIn, startServer } from './server.ts';
import { ms, MiB, summarize } from './stats.ts';

/** Concurrent streams per burst. */
export const streams = 200;

/** What one stream took, ms from the moment its request was fully written to the socket. */
interface StreamTiming {
  firstChunk: number;
  firstText: number;
  total: number;
}

/** Bursts per database: the warm-up burst, then the measured ones. */
export const bursts = 4;

/** Bursts at the start that only warm the server up: reported, never budgeted. */
export const warmUpBursts = 1;

/**
 * The figure the budget reads from each burst's first-chunk p95 (ms, in burst order): the
 * slowest of the measured bursts, so every measured burst must meet the budget. The
 * warm-up bursts run while V8 still compiles the request path (the first requests of a
 * new process run unoptimized code), which is start-up, not load: start-up has its own
 * budget, and the API figures are also taken after a warm-up.
 */
export function budgetP95(p95s: readonly number[], warmUps: number = warmUpBursts): number {
  const measured = p95s.slice(warmUps);
  if (measured.length === 0) throw new RangeError('no measured burst');
  return Math.max(...measured);
}

/** A new keep-alive agent: one connection per concurrent stream. */
const newAgent = () => new http.Agent({ keepAlive: true, maxSockets: Infinity });

/**
 * Sends one message and reads the SSE answer to its end, with node:http (fetch's own
 * per-request work would delay the later requests of a burst and be counted as the
 * server's). The clock starts when the request has been written ('finish'), so the time is
 * the server's and the network's, not the load generator's queue. Rejects on a status other
 * than 200 or a stream that ends without the `complete` event.
 */
function oneStream(
  agent: http.Agent,
  url: string,
  token: string,
  message: string,
): Promise<StreamTiming> {
  return new Promise((resolve, reject) => {
    const body = JSON.stringify({ message, conversationId: null });
    let started = performance.now();
    const request = http.request(`${url}/api/v1/chat/stream`, {
      method: 'POST',
      agent,
      headers: {
        'content-type': 'application/json',
        'content-length': Buffer.byteLength(body),
        authorization: `Bearer ${token}`,
      },
    });
    request.on('finish', () => {
      started = performance.now();
    });
    request.on('error', reject);
    request.on('response', (response) => {
      let text = '';
      let firstChunk = Number.NaN;
      let firstText = Number.NaN;
      response.setEncoding('utf8');
      response.on('data', (piece: string) => {
        text += piece;
        if (Number.isNaN(firstChunk) && text.includes('data:')) {
          firstChunk = performance.now() - started;
        }
        if (Number.isNaN(firstText) && /"textDelta":"[^"]/.test(text)) {
          firstText = performance.now() - started;
        }
      });
      response.on('error', reject);
      response.on('end', () => {
        if (response.statusCode !== 200) {
          reject(new Error(`chat stream answered ${response.statusCode}: ${text.slice(0, 500)}`));
        } else if (!/^event: ?complete$/m.test(text)) {
          reject(new Error(`a chat stream ended without the complete event:\n${text.slice(-500)}`));
        } else {
          resolve({ firstChunk, firstText, total: performance.now() - started });
        }
      });
    });
    request.end(body);
  });
}

/** Runs the chat part on PGlite, then on PostgreSQL when it answers. */
export async function chatPart(ctx: BenchContext): Promise<Section> {
  const s = section(`Chat: ${streams} concurrent streams, offline assistant, no delay`, [
    'database',
    'burst',
    'first chunk p50',
    'first chunk p95',
    'first text p95',
    'stream total p95',
    'burst total',
    'RSS after (+2 s)',
  ]);
  await chatOn(ctx, s, 'PGlite', 'pglite', undefined);
  const postgres = await freshPostgres(ctx);
  if (postgres) {
    try {
      await chatOn(ctx, s, 'PostgreSQL', 'postgres', postgres.url);
    } finally {
      await postgres.drop();
    }
  } else {
    s.notes.push('PostgreSQL did not answer: measured on PGlite only.');
  }
  s.notes.push(
    `Each stream is a new conversation of one signed-in user (per-user message limit raised for the run), sent with node:http on a connection of its own, opened with the burst: every burst's connections are new. Times run from the moment the request was written, so they include accepting the connection and the JWT check but not the load generator queueing its requests. The first chunk (the conversation id) is sent before the message is stored; the first text follows storing it. Burst 1 warms the server up (V8 compiles the request path during it) and is not budgeted; the budget reads the slowest first-chunk p95 of bursts ${warmUpBursts + 1}-${bursts} on PGlite (the default database).`,
    'With no delay the offline assistant produces words as fast as the CPU allows, so the server is saturated for the whole burst: the figures show how long a new stream waits for its first chunk and first text while 199 others run.',
  );
  return s;
}

/** The bursts on one database, appended to `s`; the server is stopped before it returns. */
async function chatOn(
  ctx: BenchContext,
  s: Section,
  label: string,
  key: string,
  databaseUrl: string | undefined,
): Promise<void> {
  const server = await startServer({
    dataDir: path.join(ctx.tmp, `chat-${key}`),
    ...(databaseUrl ? { databaseUrl } : {}),
    env: {
      AI_PROVIDER: 'offline',
      AI_STREAM_DELAY_MS: '0',
      CHAT_RATE_LIMIT: '100000',
      CHAT_RATE_WINDOW_MS: '60000',
    },
  });
  try {
    const { token } = await signIn(server.url);
    const message = 'My monthly bill is 3000 som. What system size do I need for a flat roof?';
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
    const reading = budgetP95(firstChunks.map((f) => f.p95));
    ctx.metrics.set(`chat.${key}.ttfc.p95`, reading);
    if (key === 'pglite') ctx.metrics.set('chat.ttfc.p95', reading);
    results.forEach((b, i) => {
      const first = firstChunks[i]!;
      const firstText = summarize(b.timings.map((t) => t.firstText));
      const total = summarize(b.timings.map((t) => t.total));
      s.rows.push([
        label,
        i < warmUpBursts ? `${i + 1} (warm-up)` : String(i + 1),
        ms(first.p50),
        ms(first.p95),
        ms(firstText.p95),
        ms(total.p95),
        ms(b.wallMs),
        MiB(b.rssAfter),
      ]);
    });
    ctx.metrics.set(`chat.${key}.rss.before`, rssBefore);
    ctx.metrics.set(`chat.${key}.rss.after`, results.at(-1)!.rssAfter);
    ctx.metrics.set(`chat.${key}.rss.idle`, rssIdle);
    s.notes.push(
      `${label}: server RSS after 5 warm-up streams ${MiB(rssBefore)}, peak ${MiB(peak)} (sampled every 50 ms), after each burst (+2 s) ${results.map((r) => MiB(r.rssAfter)).join(', ')}, ${IDLE_SETTLE_MS / 1000} s after the last burst ${MiB(rssIdle)} (${rssIdle <= rssBefore ? 'no growth' : `+${MiB(rssIdle - rssBefore)}`} over the warm-up figure).`,
    );
  } finally {
    await server.stop();
  }
}
