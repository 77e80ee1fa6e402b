/**
 * One chat stream as the benchmark sends it (node:http, timed from the written request),
 * and the steady arrival schedule of the chat parts (chat.ts, processes.ts).
 */
import http from 'node:http';

/** New streams a second in the steady run. */
export const arrivalsPerSecond = 20;

/** Most streams open at once in the steady run; an arrival waits while this many are. */
export const maxOpen = 100;

/** What one stream took, ms from the moment its request was fully written to the socket. */
export interface StreamTiming {
  firstChunk: number;
  firstText: number;
  total: number;
}

/** A new keep-alive agent: one connection per concurrent stream. */
export const newAgent = () => new http.Agent({ keepAlive: true, maxSockets: Infinity });

/**
 * Sends one message and reads the SSE answer to its end, with node:http (fetch's own
 * per-request work would delay the later requests of a burst and be counted as the
 * server's). The clock starts when the request has been written ('finish'), so the time is
 * the server's and the network's, not the load generator's queue. Rejects on a status other
 * than 200 or a stream that ends without the `complete` event.
 */
export function oneStream(
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

/** One stream of a steady run: when it started (ms after the run began) and its timings. */
export interface SteadyStream {
  startedAt: number;
  timing: StreamTiming;
}

/**
 * Starts `open()` {@link arrivalsPerSecond} times a second for `seconds`, on a schedule
 * fixed from the start (a late tick does not push the later ones back), never with more
 * than `limit` streams open: an arrival past the limit waits for one to end. Resolves when
 * every stream has ended, with each stream's start and timing and the most open at once.
 */
export async function steadyArrivals(
  open: () => Promise<StreamTiming>,
  {
    seconds,
    rate = arrivalsPerSecond,
    limit = maxOpen,
  }: {
    seconds: number;
    rate?: number;
    limit?: number;
  },
): Promise<{ streams: SteadyStream[]; peakOpen: number }> {
  const began = performance.now();
  const count = Math.round(seconds * rate);
  const running = new Set<Promise<unknown>>();
  const done: Promise<SteadyStream>[] = [];
  let peakOpen = 0;
  for (let i = 0; i < count; i++) {
    const due = began + (i * 1000) / rate;
    const wait = due - performance.now();
    if (wait > 0) await new Promise((resolve) => setTimeout(resolve, wait));
    while (running.size >= limit) await Promise.race(running);
    const startedAt = performance.now() - began;
    const stream = open().then((timing) => ({ startedAt, timing }));
    const settled: Promise<unknown> = stream.then(
      () => running.delete(settled),
      () => running.delete(settled),
    );
    running.add(settled);
    peakOpen = Math.max(peakOpen, running.size);
    done.push(stream);
  }
  return { streams: await Promise.all(done), peakOpen };
}
