/**
 * API throughput and latency (issue 10): the real server's GET /api/v1/health, GET /auth/me
 * and GET /admin/users (default page) under autocannon, each as a ratio to a bare node:http
 * JSON endpoint measured in the same run (before and after, averaged, so drift of a loaded
 * machine shows), and sign-in latency (argon2id made visible).
 */
import path from 'node:path';
import type { BenchContext } from './context.ts';
import { load, type LoadResult } from './http-load.ts';
import { section, type Section } from './report.ts';
import { admin, freePort, root, signIn, spawnNode, startServer, waitForHealth } from './server.ts';
import { ms, percent, rps, summarize } from './stats.ts';

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

    // The budget's ratio: /auth/me and the bare server measured back to back, three times,
    // median of the three ratios, so a change in the machine's load during the run (other
    // processes on a shared machine) moves both sides of each ratio alike.
    const pairs: number[] = [];
    for (let i = 0; i < 3; i++) {
      const bareRun = await run(`${bare.url}/`);
      const meRun = await run(`${server.url}/api/v1/auth/me`, auth);
      pairs.push(meRun.rps / bareRun.rps);
    }
    const meRatio = [...pairs].sort((a, b) => a - b)[1]!;
    ctx.metrics.set('api.me.ratio', meRatio);
    s.rows.push([
      'GET /api/v1/auth/me / bare, back to back (median of 3 pairs)',
      '-',
      '-',
      '-',
      `${percent(meRatio)} (${pairs.map(percent).join(', ')})`,
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
      'Both servers are separate Node processes started the same way; /auth/me and /admin/users carry a real access token (each request verifies the JWT and reads the account, as the guard does). /admin/users here lists a nearly empty table: see "Database scale" for 100 000 users.',
      'Sign-in latency is dominated by argon2id verification of the password (the cost is deliberate).',
    );
    return s;
  } finally {
    await server.stop();
    await bare.stop();
  }
}
