/**
 * Load on loopback with autocannon: a warm-up, then a measured run at a fixed number of
 * connections. Throughput is answers per second over the measured time; latency is ms.
 */
import autocannon from 'autocannon';

/** The figures of one measured run. */
export interface LoadResult {
  /** Answers per second over the measured time. */
  rps: number;
  /** Latency percentiles, ms (autocannon's histogram has 1 ms resolution). */
  p50: number;
  p97_5: number;
  /** Requests answered with a status outside 2xx, and socket errors or timeouts. */
  non2xx: number;
  errors: number;
}

/** Options of {@link load}. */
export interface LoadOptions {
  url: string;
  headers?: Record<string, string>;
  /** Concurrent connections; 10 by default. */
  connections?: number;
  /** Seconds of measurement after a warm-up of a third as long (at least 1 s). */
  seconds: number;
  /** Skip the warm-up (the server already answered this URL under load). */
  warm?: boolean;
}

/**
 * Warms `url` up (unless `warm`), then measures it; throws when any answer is not 2xx.
 * Throughput is the answers counted over the measured time, so runs of a second or two
 * count their last part-second too.
 */
export async function load(options: LoadOptions): Promise<LoadResult> {
  const base = {
    url: options.url,
    headers: options.headers ?? {},
    connections: options.connections ?? 10,
  };
  if (!options.warm) {
    await autocannon({ ...base, duration: Math.max(1, Math.round(options.seconds / 3)) });
  }
  const result = await autocannon({ ...base, duration: options.seconds });
  if (result.non2xx > 0 || result.errors > 0) {
    throw new Error(
      `${options.url}: ${result.non2xx} non-2xx answers and ${result.errors} errors under load`,
    );
  }
  return {
    rps: result.requests.total / result.duration,
    p50: result.latency.p50,
    p97_5: result.latency.p97_5,
    non2xx: result.non2xx,
    errors: result.errors,
  };
}
