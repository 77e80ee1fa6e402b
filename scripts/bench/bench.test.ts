/**
 * Tests of the benchmark's own logic (run with `node --test scripts/bench/`): percentiles,
 * budget verdicts, which files count as a route's initial load, the router parsing, the
 * report tables and the bulk-insert SQL.
 */
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, it } from 'node:test';
import { openDatabase } from '../../apps/server/src/db/database.ts';
import {
  budgets,
  checkBudget,
  checkBudgets,
  gateFailures,
  limitText,
  type Budget,
} from './budgets.ts';
import {
  fillRoute,
  initialFiles,
  isPublicRoute,
  measuredRouteIds,
  routeLabel,
  screenModules,
  type Manifest,
  type MeasuredRouteId,
} from './bundle.ts';
import { budgetP95 } from './chat.ts';
import { steadyArrivals } from './chat-stream.ts';
import { medianRun } from './lighthouse.ts';
import { markdownTable, textTable } from './report.ts';
import { seedSql } from './db-scale.ts';
import { processRows, times } from './processes.ts';
import { wireJsMetric, wireTotals } from './web.ts';
import { root } from './server.ts';
import { baselineFirst, kB, pairedRatio, percentile, summarize } from './stats.ts';

describe('percentile', () => {
  it('uses the nearest rank', () => {
    const values = Array.from({ length: 100 }, (_, i) => 100 - i); // 100..1, unsorted
    assert.equal(percentile(values, 50), 50);
    assert.equal(percentile(values, 95), 95);
    assert.equal(percentile(values, 100), 100);
    assert.equal(percentile(values, 0), 1);
    assert.equal(percentile([7], 95), 7);
  });
  it('is NaN for no values and refuses a rank outside 0..100', () => {
    assert.ok(Number.isNaN(percentile([], 50)));
    assert.throws(() => percentile([1], 101), RangeError);
  });
  it('summarizes p50, p95 and max', () => {
    assert.deepEqual(summarize([3, 1, 2, 10]), { p50: 2, p95: 10, max: 10, n: 4 });
  });
});

describe('budgets', () => {
  const atMost: Budget = {
    metric: 'x',
    description: 'x',
    op: '<=',
    limit: 150_000,
    format: kB,
    quick: true,
  };
  it('passes at the limit and fails above it', () => {
    assert.equal(checkBudget(atMost, 150_000).status, 'PASS');
    assert.equal(checkBudget(atMost, 150_001).status, 'FAIL');
  });
  it('treats >= and == as written', () => {
    assert.equal(checkBudget({ ...atMost, op: '>=', limit: 0.5 }, 0.49).status, 'FAIL');
    assert.equal(checkBudget({ ...atMost, op: '>=', limit: 0.5 }, 0.5).status, 'PASS');
    assert.equal(checkBudget({ ...atMost, op: '==', limit: 100 }, 99).status, 'FAIL');
    assert.equal(checkBudget({ ...atMost, op: '==', limit: 100 }, 100).status, 'PASS');
  });
  it('skips a budget that was not measured, never passes it', () => {
    assert.equal(checkBudget(atMost, undefined).status, 'SKIP');
    assert.equal(checkBudget(atMost, Number.NaN).status, 'SKIP');
  });
  it('checks only the quick budgets in a quick run', () => {
    const quick = checkBudgets(new Map(), { quick: true });
    assert.ok(quick.length > 0);
    assert.ok(quick.every((r) => r.budget.quick));
    assert.equal(checkBudgets(new Map(), { quick: false }).length, budgets.length);
  });
  it('holds the budgets of docs/benchmarks.md', () => {
    const limit = (metric: string) => budgets.find((b) => b.metric === metric)?.limit;
    assert.equal(limit('web.wire.js:/signin'), 160_000);
    assert.equal(limit('web.wire.js:/reset-password'), 160_000);
    assert.equal(limit('web.wire.js:/solar-calculator'), 160_000);
    assert.equal(limit('web.wire.js:/dashboard'), 230_000);
    assert.equal(limit('web.wire.js:/projects/{projectId}'), 230_000);
    assert.equal(limit('web.wire.js:/users'), 230_000);
    assert.equal(limit('api.me.ratio'), 0.5);
    for (const page of ['first', 'middle', 'last']) {
      assert.equal(limit(`db.postgres.default-${page}.p95`), 25);
      assert.equal(limit(`db.postgres.name-${page}.p95`), 25);
      assert.equal(limit(`db.pglite.name-${page}.p95`), 100);
    }
    assert.equal(limit('db.postgres.search.p95'), 25);
    assert.equal(limit('chat.firstText.p95'), 300);
    assert.equal(limit('startup.existing'), 3000);
    assert.equal(limit('lighthouse.performance:/dashboard'), 95);
    assert.equal(limit('lighthouse.accessibility:/signin'), 100);
    assert.equal(limit('lighthouse.lcpRatio:/solar-calculator'), 1.5);
    assert.equal(limitText(budgets.find((b) => b.metric === 'api.me.ratio')!), '>= 50%');
  });
});

describe('initial files of a route', () => {
  const manifest: Manifest = {
    'index.html': {
      file: 'assets/index.js',
      isEntry: true,
      imports: ['_react.js'],
      dynamicImports: ['src/a.tsx', 'src/b.tsx'],
      css: ['assets/index.css'],
    },
    '_react.js': { file: 'assets/react.js' },
    '_shared.js': {
      file: 'assets/shared.js',
      imports: ['index.html', '_react.js'],
      css: ['assets/shared.css'],
    },
    'src/a.tsx': {
      file: 'assets/a.js',
      imports: ['_shared.js', 'index.html'],
      dynamicImports: ['src/b.tsx'],
    },
    'src/b.tsx': { file: 'assets/b.js', imports: ['index.html'] },
  };
  it('counts the entry, the screen and their static imports once each', () => {
    assert.deepEqual(initialFiles(manifest, 'src/a.tsx'), {
      js: ['assets/a.js', 'assets/index.js', 'assets/react.js', 'assets/shared.js'],
      css: ['assets/index.css', 'assets/shared.css'],
    });
  });
  it('does not follow dynamic imports', () => {
    assert.deepEqual(initialFiles(manifest, 'src/b.tsx').js, [
      'assets/b.js',
      'assets/index.js',
      'assets/react.js',
    ]);
  });
  it('fails loudly on an unknown chunk', () => {
    assert.throws(() => initialFiles(manifest, 'src/missing.tsx'), /no chunk src\/missing.tsx/);
  });
});

describe('router parsing', () => {
  it('reads inline lazy screens and named ones', () => {
    const source = `
const chatScreen: Screen = lazy(() => import('../features/chat/chat-screen.tsx'));
export const screens = {
  signIn: lazy(() => import('../features/auth/signin-screen.tsx')),
  chat: chatScreen,
};`;
    const modules = screenModules(source);
    assert.equal(modules.get('signIn'), 'src/features/auth/signin-screen.tsx');
    assert.equal(modules.get('chat'), 'src/features/chat/chat-screen.tsx');
  });
  it('finds a screen for every measured route in the real router', () => {
    const modules = screenModules(
      readFileSync(path.join(root, 'apps/web/src/app/router.tsx'), 'utf8'),
    );
    for (const id of measuredRouteIds) {
      assert.match(modules.get(id) ?? '', /^src\/features\/.+\.tsx$/, id);
    }
    assert.deepEqual(
      [...modules.keys()].filter((id) => !measuredRouteIds.includes(id as MeasuredRouteId)),
      [],
      'every screen of the router is measured',
    );
  });
  it('opens every route with its records and the right session', () => {
    const records = { projectId: 'p 1', conversationId: 'c1', userId: 'u1' };
    assert.equal(fillRoute('proposal', records), '/projects/p%201/proposal');
    assert.equal(fillRoute('userEdit', records), '/users/u1/edit');
    assert.equal(fillRoute('conversation', records), '/chat/c1');
    assert.equal(routeLabel('resetPassword'), '/reset-password');
    assert.equal(isPublicRoute('verifyEmail'), true);
    assert.equal(isPublicRoute('signUp'), true);
    assert.equal(isPublicRoute('auditLog'), false);
    assert.equal(isPublicRoute('project'), false);
  });
});

describe('report tables', () => {
  it('pads text columns', () => {
    assert.equal(textTable(['a', 'bb'], [['xxx', 'y']]), 'a    bb\n---  --\nxxx  y');
  });
  it('escapes pipes in markdown cells', () => {
    assert.equal(markdownTable(['h'], [['a|b']]), '| h |\n| --- |\n| a\\|b |');
  });
});

describe('bytes on the wire', () => {
  it('sums scripts and stylesheets only, and names the ones sent uncompressed', () => {
    const at = (file: string) => `http://127.0.0.1:1/assets/${file}`;
    const totals = wireTotals([
      { url: 'http://127.0.0.1:1/signin', mimeType: 'text/html', bytes: 5000, encoding: 'br' },
      { url: at('a.js'), mimeType: 'text/javascript', bytes: 1200, encoding: 'br' },
      { url: at('b.js'), mimeType: 'application/javascript', bytes: 300, encoding: '' },
      { url: at('c.css'), mimeType: 'text/css', bytes: 900, encoding: 'gzip' },
      { url: at('d.woff2'), mimeType: 'font/woff2', bytes: 40_000, encoding: '' },
    ]);
    assert.deepEqual(totals, {
      js: 1500,
      jsFiles: 2,
      css: 900,
      cssFiles: 1,
      uncompressed: ['b.js'],
    });
  });
});

describe('CI gate (--quick)', () => {
  const sizes = budgets.filter((b) => b.gated === true);
  it('gates only the JavaScript sizes of every route, at 160 kB public and 230 kB signed in', () => {
    assert.deepEqual(
      sizes.map((b) => [b.metric, b.limit]),
      measuredRouteIds.map((id) => [
        wireJsMetric(routeLabel(id)),
        isPublicRoute(id) ? 160_000 : 230_000,
      ]),
    );
    assert.equal(sizes.length, 25);
  });
  it('holds a route with an allowance to it, and reports its budget as failed', () => {
    const map = sizes.find((b) => b.metric === wireJsMetric('/solar-calculator-full'))!;
    assert.equal(map.limit, 230_000);
    assert.equal(map.gateLimit, 238_000);
    const within = checkBudget(map, 235_000);
    assert.equal(within.status, 'FAIL');
    assert.deepEqual(gateFailures([within]), []);
    const over = checkBudget(map, 238_001);
    assert.deepEqual(gateFailures([over]), [over]);
    assert.deepEqual(
      sizes.filter((b) => b.gateLimit !== undefined).map((b) => b.metric),
      [wireJsMetric('/solar-calculator-full')],
    );
  });
  it('fails each page one byte over its budget, passes it at the budget', () => {
    for (const b of sizes.filter((x) => x.gateLimit === undefined)) {
      assert.deepEqual(gateFailures([checkBudget(b, b.limit)]), []);
      const over = checkBudget(b, b.limit + 1);
      assert.deepEqual(gateFailures([over]), [over]);
    }
  });
  it('reports timing budgets without gating them', () => {
    const timing = budgets.find((b) => b.metric === 'api.me.ratio')!;
    const failed = checkBudget(timing, 0.01);
    assert.equal(failed.status, 'FAIL');
    assert.deepEqual(gateFailures([failed]), []);
  });
});

describe('seed SQL', () => {
  it('inserts the users with varied non-admin roles, counted by the user_count trigger', async () => {
    const database = await openDatabase({ kind: 'memory' });
    try {
      const client = (
        database.db as unknown as {
          $client: {
            query(text: string, params?: unknown[]): Promise<{ rows: Record<string, unknown>[] }>;
          };
        }
      ).$client;
      await client.query(seedSql(120), ['$argon2id$v=19$m=19456,t=2,p=1$x$y']);
      const { rows } = await client.query(
        'select count(*)::int as n, min(user_type)::int as lo, max(user_type)::int as hi, count(distinct email)::int as emails, count(*) filter (where not is_active)::int as inactive from users',
      );
      assert.deepEqual(rows[0], { n: 120, lo: 1, hi: 6, emails: 120, inactive: 2 });
      const kept = await client.query('select n::int as n from user_count');
      assert.deepEqual(kept.rows[0], { n: 120 });
    } finally {
      await database.close();
    }
  });
});

describe('paired throughput ratio', () => {
  it('alternates which side runs first (A B, B A, ...)', () => {
    assert.deepEqual(
      [0, 1, 2, 3].map((i) => baselineFirst(i)),
      [true, false, true, false],
    );
  });
  it('takes the median of the pairs ratios, with the lowest and highest', () => {
    const result = pairedRatio([
      { baseline: 100, target: 50 },
      { baseline: 100, target: 90 },
      { baseline: 200, target: 60 },
    ]);
    assert.equal(result.median, 0.5);
    assert.equal(result.min, 0.3);
    assert.equal(result.max, 0.9);
  });
  it('is NaN for no pairs', () => {
    assert.ok(Number.isNaN(pairedRatio([]).median));
  });
});

describe('chat budget reading', () => {
  it('reads the slowest measured burst and never the warm-up', () => {
    // The warm-up burst is the slowest of all here: it must not be read.
    assert.equal(budgetP95([90, 21, 34, 27]), 34);
    assert.equal(budgetP95([10, 21, 34, 27]), 34);
    assert.equal(budgetP95([90, 40, 20], 2), 20);
    assert.throws(() => budgetP95([90]), RangeError);
  });
});

describe('steady chat arrivals', () => {
  it('starts every stream of the schedule and never more than the limit at once', async () => {
    let open = 0;
    let most = 0;
    const stream = async () => {
      open++;
      most = Math.max(most, open);
      await new Promise((resolve) => setTimeout(resolve, 5));
      open--;
      return { firstChunk: 1, firstText: 2, total: 3 };
    };
    const run = await steadyArrivals(stream, { seconds: 0.02, rate: 1000, limit: 3 });
    assert.equal(run.streams.length, 20);
    assert.ok(most <= 3, `at most 3 open, saw ${most}`);
    assert.ok(run.peakOpen <= 3);
    const starts = run.streams.map((x) => x.startedAt);
    assert.deepEqual(
      starts,
      [...starts].sort((a, b) => a - b),
    );
  });
});

describe('processes rows', () => {
  it('shows each measure with 1 and 2 processes and the ratio 2 / 1', () => {
    const rows = processRows({ meRps: 1000, ttfcP95: 20 }, { meRps: 1500, ttfcP95: 15 });
    assert.deepEqual(rows[0], [
      'GET /api/v1/auth/me throughput',
      '1 000 req/s',
      '1 500 req/s',
      '1.50x',
    ]);
    assert.deepEqual(rows[1]!.slice(1), ['20.0 ms', '15.0 ms', '0.75x']);
  });
  it('shows no ratio for a figure that was not measured', () => {
    assert.equal(times(Number.NaN), '-');
    assert.equal(times(0), '-');
    assert.equal(times(Number.POSITIVE_INFINITY), '-');
  });
});

describe('Lighthouse median run', () => {
  it('reports the run with the median performance score, whatever the order of the runs', () => {
    const run = (performance: number, lcpMs: number) => ({ scores: [performance, 100], lcpMs });
    assert.deepEqual(medianRun([run(99, 900), run(80, 3000), run(91, 1500)]), run(91, 1500));
    assert.deepEqual(medianRun([run(91, 1500), run(99, 900), run(80, 3000)]), run(91, 1500));
  });
});
