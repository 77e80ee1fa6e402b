/**
 * Small statistics and formatting helpers for the benchmark (scripts/bench/run.ts).
 * Durations are milliseconds, sizes are bytes unless a name says otherwise.
 */

/**
 * The `p`-th percentile (0..100) of `values` by the nearest-rank method: the smallest value
 * such that at least p% of the values are at or below it. NaN for an empty list.
 */
export function percentile(values: readonly number[], p: number): number {
  if (values.length === 0) return Number.NaN;
  if (p < 0 || p > 100) throw new RangeError(`percentile must be within 0..100, got ${p}`);
  const sorted = [...values].sort((a, b) => a - b);
  const rank = Math.max(1, Math.ceil((p / 100) * sorted.length));
  return sorted[rank - 1]!;
}

/** Median, p95 and max of a list of durations (ms). */
export function summarize(values: readonly number[]): {
  p50: number;
  p95: number;
  max: number;
  n: number;
} {
  return {
    p50: percentile(values, 50),
    p95: percentile(values, 95),
    max: values.length ? Math.max(...values) : Number.NaN,
    n: values.length,
  };
}

/**
 * Whether pair `i` of an alternating comparison measures the baseline first: A B, B A, A B,
 * ... (an ABBA sequence), so a machine that speeds up or slows down during the run favours
 * neither side.
 */
export function baselineFirst(i: number): boolean {
  return i % 2 === 0;
}

/**
 * The ratio target / baseline of paired throughput runs: the median of the pairs' ratios
 * (nearest rank; use an odd count), with the lowest and highest. NaN for no pairs.
 */
export function pairedRatio(pairs: readonly { baseline: number; target: number }[]): {
  median: number;
  min: number;
  max: number;
} {
  const ratios = pairs.map((p) => p.target / p.baseline);
  return {
    median: percentile(ratios, 50),
    min: ratios.length ? Math.min(...ratios) : Number.NaN,
    max: ratios.length ? Math.max(...ratios) : Number.NaN,
  };
}

/** Milliseconds since `start` (a `performance.now()` reading). */
export function since(start: number): number {
  return performance.now() - start;
}

/** "12.3 ms" (1 decimal under 100 ms, none above); "-" for NaN. */
export function ms(value: number): string {
  if (!Number.isFinite(value)) return '-';
  return `${value < 100 ? value.toFixed(1) : Math.round(value).toString()} ms`;
}

/** Bytes as kB (1000 bytes, as Lighthouse and bundle budgets count them), one decimal. */
export function kB(bytes: number): string {
  if (!Number.isFinite(bytes)) return '-';
  return `${(bytes / 1000).toFixed(1)} kB`;
}

/** Bytes as MiB, one decimal (process memory). */
export function MiB(bytes: number): string {
  if (!Number.isFinite(bytes)) return '-';
  return `${(bytes / 1024 / 1024).toFixed(1)} MiB`;
}

/** A ratio as a percentage with no decimals ("63%"). */
export function percent(ratio: number): string {
  if (!Number.isFinite(ratio)) return '-';
  return `${Math.round(ratio * 100)}%`;
}

/** Requests per second, rounded ("12 345 req/s"). */
export function rps(value: number): string {
  if (!Number.isFinite(value)) return '-';
  return `${Math.round(value).toLocaleString('en-US').replace(/,/g, ' ')} req/s`;
}
