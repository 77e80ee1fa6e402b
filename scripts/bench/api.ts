/**
 * API throughput and latency (docs/benchmarks.md): the real server's GET /api/v1/health, GET
 * /auth/me and GET /admin/users (default page) under autocannon, each as a ratio to a bare
 * node:http JSON endpoint measured in the same run (before and after, averaged, so drift of a
 * loaded machine shows; the budget's ratio from alternating pairs), and sign-in latency (argon2id
 * made visible).
 */
import path from 'node:path';
import type { BenchContext } from './context.ts';
import { load, type LoadResult } from './http-load.ts';
import { section, type Section } from './report.ts';
import { admin, freePort, root, signIn, spawnNode, startServer, waitForHealth } from './server.ts';
import { baselineFirst, ms, pairedRatio, percent, rps, summarize } from './stats.ts';

/** Runs the throughput part; the servers are stopped before it returns. */
export async function apiPart(ctx: BenchContext): Promise<Section> {
  const seconds = ctx.quick ? 2 : 5;
  const connections = 10;
  const bareStarted = performance.now();
  const bare = spawnNode(path.join(root, 'scripts/bench/bare-server.ts'), {}, await freePort());
  const server = await waitForHealth(bare, bareStarted, 30_000, '/')
    .then(() => startServer({ dataDir: path.join(ctx.tmp, 'api-data') }))
    .catch(async (error: unknown) => {
      await bare.stop();
      throw error;
    });
  try {
    const { token } = await signIn(server.url);
    const auth = { authorization: `Bearer ${token}` };
    const run = (url: string, headers?: Record<string, string>) => {
      ctx.log(`api: ${url}`);
      return load({ url, headers, connections, seconds });
    };
    const bareBefore = await run(`${bare.url}/`);
    const targets: [string, string, LoadResult][] = [];
    for (const [name, url, headers] of [
      ['config', '/api/v1/config', undefined],
      ['health', '/api/v1/health', undefined],
      ['me', '/api/v1/auth/me', auth],
      ['users', '/api/v1/admin/users', auth],
    ] as const) {
      targets.push([name, `GET ${url}`, await run(server.url + url, headers)]);
    }
    const bareAfter = await run(`${bare.url}/`);
    const bareRps = (bareBefore.rps + bareAfter.rps) / 2;

    const s = section('API throughput on loopback (autocannon)', [
      'endpoint',
      'throughput',
      'p50',
      'p97.5',
      'ratio to bare node:http',
    ]);
    s.rows.push([
      'bare node:http JSON (before)',
      rps(bareBefore.rps),
      ms(bareBefore.p50),
      ms(bareBefore.p97_5),
      '-',
    ]);
    for (const [name, label, result] of targets) {
      const ratio = result.rps / bareRps;
      ctx.metrics.set(`api.${name}.rps`, result.rps);
      ctx.metrics.set(`api.${name}.ratio.mean`, ratio);
      s.rows.push([label, rps(result.rps), ms(result.p50), ms(result.p97_5), percent(ratio)]);
    }
    s.rows.push([
      'bare node:http JSON (after)',
      rps(bareAfter.rps),
      ms(bareAfter.p50),
      ms(bareAfter.p97_5),
      '-',
    ]);
    ctx.metrics.set('api.bare.rps', bareRps);

    // The budget's ratio: /auth/me and the bare server measured in alternating one-second
    // runs (A B, B A, ...), median of the pairs' ratios. This machine's speed moves by a
    // quarter within seconds (neighbours on a shared host): a pair of long runs caught the
    // swings; many short pairs in ABBA order let a swing touch only a few of them.
    const pairCount = ctx.quick ? 9 : 15;
    const pairs: { baseline: number; target: number }[] = [];
    ctx.log(`api: ${pairCount} alternating pairs of /auth/me and bare node:http`);
    for (let i = 0; i < pairCount; i++) {
      const measure = (url: string, headers?: Record<string, string>) =>
        load({ url, headers, connections, seconds: 1, warm: true });
      let baseline: LoadResult;
      let target: LoadResult;
      if (baselineFirst(i)) {
        baseline = await measure(`${bare.url}/`);
        target = await measure(`${server.url}/api/v1/auth/me`, auth);
      } else {
        target = await measure(`${server.url}/api/v1/auth/me`, auth);
        baseline = await measure(`${bare.url}/`);
      }
      pairs.push({ baseline: baseline.rps, target: target.rps });
    }
    const me = pairedRatio(pairs);
    ctx.metrics.set('api.me.ratio', me.median);
    s.rows.push([
      `GET /api/v1/auth/me / bare, ${pairCount} alternating 1 s pairs (median)`,
      '-',
      '-',
      '-',
      `${percent(me.median)} (${percent(me.min)}-${percent(me.max)})`,
    ]);

    const signIns = ctx.quick ? 5 : 20;
    ctx.log(`api: ${signIns} sign-ins`);
    const durations: number[] = [];
    for (let i = 0; i < signIns; i++) {
      const started = performance.now();
      await signIn(server.url, admin);
      durations.push(performance.now() - started);
    }
    const signin = summarize(durations);
    ctx.metrics.set('api.signin.p50', signin.p50);
    s.rows.push([
      `POST /api/v1/auth/email/signin (${signIns} requests, one at a time)`,
      '-',
      ms(signin.p50),
      `p95 ${ms(signin.p95)}`,
      '-',
    ]);
    s.notes.push(
      `${connections} connections, ${seconds} s measured after a ${Math.max(1, Math.round(seconds / 3))} s warm-up per endpoint; the load generator runs on the same machine. The ratio divides by the mean of the two bare runs.`,
      'The Solar server runs at its default configuration: LOG_LEVEL info, one JSON log line per request, written to a file (as a container runtime collects stdout).',
      'Both servers are separate Node processes started the same way; /auth/me and /admin/users carry a real access token (each request verifies the JWT and reads the account, as the guard does). /admin/users here lists a nearly empty table: see "Database scale" for 100 000 users.',
      'Sign-in latency is dominated by argon2id verification of the password (the cost is deliberate).',
    );
    return s;
  } finally {
    await server.stop();
    await bare.stop();
  }
}
