/**
 * Start-up (docs/benchmarks.md): time from spawning `node apps/server/src/main.ts` (what `npm
 * start` runs once installed and built) to the first 200 from /api/v1/health, on a new data
 * directory (PGlite created and migrated, first admin hashed) and on an existing one.
 */
import path from 'node:path';
import type { BenchContext } from './context.ts';
import { section, type Section } from './report.ts';
import { spawnServer, waitForHealth } from './server.ts';
import { ms, summarize } from './stats.ts';

/** One start: spawn, wait for health, stop. Returns the time to the first 200, ms. */
async function timeStart(dataDir: string): Promise<number> {
  const started = performance.now();
  const server = await spawnServer({ dataDir });
  try {
    return await waitForHealth(server, started);
  } finally {
    await server.stop();
  }
}

/** Measures new and existing data directories a few times each; medians feed the budget. */
export async function startupPart(ctx: BenchContext): Promise<Section> {
  const rounds = ctx.quick ? 2 : 3;
  const fresh: number[] = [];
  const existing: number[] = [];
  for (let i = 0; i < rounds; i++) {
    const dataDir = path.join(ctx.tmp, `startup-${i}`);
    ctx.log(`start-up: round ${i + 1} of ${rounds}`);
    fresh.push(await timeStart(dataDir));
    existing.push(await timeStart(dataDir));
  }
  const s = section('Start-up: spawn to first 200 from /api/v1/health', [
    'data directory',
    'median',
    'max',
    'runs',
  ]);
  for (const [label, key, values] of [
    ['new (PGlite created and migrated, admin created)', 'startup.new', fresh],
    ['existing', 'startup.existing', existing],
  ] as const) {
    const sum = summarize(values);
    ctx.metrics.set(key, sum.p50);
    s.rows.push([label, ms(sum.p50), ms(sum.max), String(sum.n)]);
  }
  s.notes.push(
    'Measured from spawning `node apps/server/src/main.ts` (dependencies installed, web built) to the first 200; `npm start` adds its own `pnpm install` check and web build before that. Health is polled every 10 ms.',
  );
  return s;
}
