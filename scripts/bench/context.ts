/** What every part of a benchmark run shares: options, a scratch folder and the metric map. */

export interface BenchContext {
  /** `--quick`: only the cheap parts, shorter runs (CI). */
  quick: boolean;
  /** A scratch folder removed after the run. */
  tmp: string;
  /** Measured values by metric key (the keys budgets.ts reads, and others). */
  metrics: Map<string, number>;
  /** The production web build with a manifest, once the web part has made it. */
  webDist?: string;
  /** PostgreSQL to measure on, when it answers (`--pg-url`, default the local one). */
  postgresUrl: string;
  /** Progress line on stderr. */
  log(message: string): void;
}
