/**
 * The budgets of docs/benchmarks.md as data, and the one check that turns a
 * measured value into PASS, FAIL or SKIP. A budget whose metric was not measured in a run
 * (a part not run, or a service that did not answer) is SKIP, never PASS.
 * Units: bytes, milliseconds, ratios (0..1) and Lighthouse scores (0..100).
 */
import { isPublicRoute, measuredRouteIds, routeLabel, type MeasuredRouteId } from './bundle.ts';
import { queries } from './db-scale.ts';
import { kB, ms, percent } from './stats.ts';

/** How a measured value is compared with the limit. */
export type BudgetOp = '<=' | '>=' | '==';

/** One budget: the metric it reads, its limit, and whether the quick (CI) run measures it. */
export interface Budget {
  /** Key of the metric in the run's metric map. */
  metric: string;
  /** What is budgeted, in words ("initial JS of /signin, gzip"). */
  description: string;
  op: BudgetOp;
  limit: number;
  /** Formats a value of this metric for the table. */
  format: (value: number) => string;
  /** True when `pnpm bench --quick` measures it (cheap enough for CI). */
  quick: boolean;
  /**
   * True when `--quick` (CI) fails on this budget: the JavaScript sizes, which are the same
   * on every machine. Timing budgets are reported, not gated: on a shared machine they move
   * with its load.
   */
  gated?: boolean;
  /**
   * The figure the CI gate holds this budget to when the product cannot meet the budget
   * without bending its design (an allowance recorded in docs/decisions/012-benchmarks.md,
   * never more than measured plus a little): the budget still reports FAIL, and the gate
   * stops the route from growing further. Default: the limit itself.
   */
  gateLimit?: number;
}

/** PASS or FAIL for a measured budget, SKIP when its metric is missing from the run. */
export type BudgetStatus = 'PASS' | 'FAIL' | 'SKIP';

/** A budget with its measured value (undefined when not measured) and verdict. */
export interface BudgetResult {
  budget: Budget;
  actual: number | undefined;
  status: BudgetStatus;
}

const score = (value: number) => Math.round(value).toString();

/**
 * The JS-on-the-wire budget of a route a visitor opens signed out, and of a signed-in one,
 * bytes (1 kB = 1000 bytes).
 */
export const PUBLIC_JS_BUDGET = 160_000;
export const SIGNED_IN_JS_BUDGET = 230_000;

/**
 * Routes over their JavaScript budget by a feature's own library, gated at an allowance
 * instead (docs/decisions/012-benchmarks.md), bytes: the full calculator's map (Leaflet,
 * about 38 kB, shown as soon as the place is asked for by hand). The budget row still says FAIL.
 */
export const JS_GATE_ALLOWANCES: Readonly<Partial<Record<MeasuredRouteId, number>>> = {
  fullCalculator: 238_000,
};

/** Every budget of docs/benchmarks.md. The admin-users budget applies to each query. */
export const budgets: readonly Budget[] = [
  // JavaScript on the wire of every route of the router (web.ts, bundle.ts), gated in CI at
  // the budget itself: a route the benchmark does not open fails the run, and a new route
  // does not compile until bundle.ts lists it (docs/decisions/012-benchmarks.md).
  ...measuredRouteIds.map((id): Budget => {
    const route = routeLabel(id);
    const signedIn = !isPublicRoute(id);
    return {
      metric: `web.wire.js:${route}`,
      description: `JS on the wire of ${route}${signedIn ? ' (signed in)' : ''}, cold cache`,
      op: '<=',
      limit: signedIn ? SIGNED_IN_JS_BUDGET : PUBLIC_JS_BUDGET,
      format: kB,
      quick: true,
      gated: true,
      ...(JS_GATE_ALLOWANCES[id] === undefined ? {} : { gateLimit: JS_GATE_ALLOWANCES[id] }),
    };
  }),
  {
    metric: 'api.me.ratio',
    description: 'GET /auth/me throughput / bare node:http',
    op: '>=',
    limit: 0.5,
    format: percent,
    quick: true,
  },
  {
    metric: 'startup.existing',
    description: 'start-up to first 200 /health, existing data dir',
    op: '<=',
    limit: 3000,
    format: ms,
    quick: true,
  },
  // The admin user list at its first, middle and last page (db-scale.ts): every page as
  // fast as the first.
  ...(['postgres', 'pglite'] as const).flatMap((db) =>
    queries.map(([query, label]): Budget => ({
      metric: `db.${db}.${query}.p95`,
      description: `GET /admin/users (${label}) p95, 100 000 users, ${db === 'postgres' ? 'PostgreSQL' : 'PGlite'}`,
      op: '<=',
      limit: db === 'postgres' ? 25 : 100,
      format: ms,
      quick: false,
    })),
  ),
  {
    metric: 'chat.firstText.p95',
    description:
      'chat time to first text p95, 20 new streams/s up to 100 open, default pace, PostgreSQL',
    op: '<=',
    limit: 300,
    format: ms,
    quick: false,
  },
  // Cold cache (lighthouse.ts): the LCP against a bare React page served the same way.
  ...(['/signin', '/solar-calculator'] as const).map((page): Budget => ({
    metric: `lighthouse.lcpRatio:${page}`,
    description: `LCP of ${page} / a bare React page (mobile, cold cache)`,
    op: '<=',
    limit: 1.5,
    format: (value) => `${value.toFixed(2)}x`,
    quick: false,
  })),
  ...(['/signin', '/solar-calculator', '/dashboard'] as const).flatMap((page): Budget[] => [
    {
      metric: `lighthouse.performance:${page}`,
      description: `Lighthouse performance ${page} (mobile, cold cache)`,
      op: '>=',
      limit: 95,
      format: score,
      quick: false,
    },
    {
      metric: `lighthouse.accessibility:${page}`,
      description: `Lighthouse accessibility ${page} (mobile, cold cache)`,
      op: '==',
      limit: 100,
      format: score,
      quick: false,
    },
  ]),
];

/** Compares `actual` with the budget's limit; SKIP when `actual` is undefined or NaN. */
export function checkBudget(budget: Budget, actual: number | undefined): BudgetResult {
  if (actual === undefined || Number.isNaN(actual)) {
    return { budget, actual: undefined, status: 'SKIP' };
  }
  const ok =
    budget.op === '<='
      ? actual <= budget.limit
      : budget.op === '>='
        ? actual >= budget.limit
        : actual === budget.limit;
  return { budget, actual, status: ok ? 'PASS' : 'FAIL' };
}

/**
 * Checks the budgets a run is responsible for (all of them, or the quick ones) against its
 * metric map.
 */
export function checkBudgets(
  metrics: ReadonlyMap<string, number>,
  options: { quick: boolean },
): BudgetResult[] {
  return budgets
    .filter((budget) => !options.quick || budget.quick)
    .map((budget) => checkBudget(budget, metrics.get(budget.metric)));
}

/**
 * The CI verdict of a quick run: the gated budgets (sizes) that failed; timing budgets are
 * reported, not gated.
 */
export function gateFailures(results: readonly BudgetResult[]): BudgetResult[] {
  return results.filter((r) => {
    if (r.budget.gated !== true || r.status !== 'FAIL') return false;
    const { gateLimit } = r.budget;
    return (
      gateLimit === undefined ||
      checkBudget({ ...r.budget, limit: gateLimit }, r.actual).status === 'FAIL'
    );
  });
}

/** The budget written as "<= 150.0 kB". */
export function limitText(budget: Budget): string {
  return `${budget.op === '==' ? '=' : budget.op} ${budget.format(budget.limit)}`;
}
