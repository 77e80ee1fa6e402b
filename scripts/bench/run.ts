#!/usr/bin/env node
/**
 * `pnpm bench`: measures the product and prints a table of figures with the machine's
 * details and a PASS/FAIL line per budget (docs/benchmarks.md,
 * docs/decisions/012-benchmarks.md).
 *
 *   pnpm bench                       every part; writes docs/benchmarks.md
 *   pnpm bench --quick               the cheap parts for CI (bundle sizes, start-up, a short
 *                                    throughput ratio); exits 1 when a route's JavaScript
 *                                    is over its budget (budgets.ts) or a part could not run
 *   pnpm bench --only=db,chat        the named parts (web, api, startup, db, chat, processes,
 *                                    lighthouse)
 *   pnpm bench --pg-url=postgres://… PostgreSQL for the database part (default: the local one)
 *   pnpm bench --no-write            do not write docs/benchmarks.md
 *
 * Exit code: 0 when every measured budget passes (with --quick: every gated one), 1 when
 * one fails or a part could not run.
 */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { apiPart } from './api.ts';
import { checkBudgets, gateFailures } from './budgets.ts';
import type { BenchContext } from './context.ts';
import { machineInfo } from './machine.ts';
import { budgetSection, renderMarkdown, renderText, section, type Section } from './report.ts';
import { root } from './server.ts';
import { startupPart } from './startup.ts';
import { webPart } from './web.ts';
import { dbPart } from './db-scale.ts';
import { chatPart } from './chat.ts';
import { lighthousePart } from './lighthouse.ts';
import { processesPart } from './processes.ts';

/** The parts in the order they run; `quick` ones run with --quick. */
const parts: { name: string; quick: boolean; run: (ctx: BenchContext) => Promise<Section> }[] = [
  { name: 'web', quick: true, run: webPart },
  { name: 'api', quick: true, run: apiPart },
  { name: 'startup', quick: true, run: startupPart },
  { name: 'db', quick: false, run: dbPart },
  { name: 'chat', quick: false, run: chatPart },
  { name: 'processes', quick: false, run: processesPart },
  { name: 'lighthouse', quick: false, run: lighthousePart },
];

const preface = `
\`pnpm bench\` (scripts/bench/run.ts) measures the product on the machine it runs on and
prints the figures below with a PASS/FAIL line per budget; \`pnpm bench --quick\` runs only
the cheap parts (bundle sizes, start-up, a short throughput ratio) for CI, where it fails
when a route's JavaScript on the wire goes over its budget and reports the timing budgets
without gating them. Only a full run rewrites this page. Why these budgets and methods:
docs/decisions/012-benchmarks.md. The harness's own tests: \`node --test scripts/bench/bench.test.ts\`.

Absolute figures depend on the machine and on what else it is doing; ratios taken within one
run (the API against a bare node:http server started the same way) are the reliable part.
Everything runs on loopback (127.0.0.1) with the real server started as a child process.
`;

async function main(): Promise<number> {
  const { values } = parseArgs({
    options: {
      quick: { type: 'boolean', default: false },
      only: { type: 'string' },
      'pg-url': { type: 'string', default: 'postgres://postgres@127.0.0.1:5432/postgres' },
      'no-write': { type: 'boolean', default: false },
      note: { type: 'string' },
    },
  });
  const only = values.only?.split(',').map((s) => s.trim());
  const unknown = only?.filter((name) => !parts.some((p) => p.name === name)) ?? [];
  if (unknown.length) {
    process.stderr.write(`unknown part(s): ${unknown.join(', ')}\n`);
    return 2;
  }
  const selected = parts.filter((p) => (only ? only.includes(p.name) : !values.quick || p.quick));
  const tmp = mkdtempSync(path.join(os.tmpdir(), 'solar-bench-'));
  const machine = machineInfo();
  const ctx: BenchContext = {
    quick: values.quick,
    tmp,
    metrics: new Map(),
    postgresUrl: values['pg-url'],
    log: (message) => process.stderr.write(`[bench] ${message}\n`),
  };
  const sections: Section[] = [];
  let partFailed = false;
  try {
    for (const part of selected) {
      // Lighthouse serves the production build: make it first when the web part is not run.
      if (part.name === 'lighthouse' && !ctx.webDist) await webPart(ctx);
      try {
        sections.push(await part.run(ctx));
      } catch (error) {
        partFailed = true;
        const failed = section(`${part.name}: could not run`, ['error']);
        failed.rows.push([error instanceof Error ? error.message.split('\n')[0]! : String(error)]);
        sections.push(failed);
        ctx.log(
          `${part.name} failed: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}`,
        );
      }
    }
  } finally {
    rmSync(tmp, { recursive: true, force: true });
  }

  const results = checkBudgets(ctx.metrics, { quick: values.quick });
  const measured = results.filter((r) => r.status !== 'SKIP' || !only);
  const all = [budgetSection(measured), ...sections];
  if (values.note) all[0]!.notes.push(values.note);
  process.stdout.write(`${renderText(machine, all)}\n`);

  const failed = results.filter((r) => r.status === 'FAIL').length;
  const passed = results.filter((r) => r.status === 'PASS').length;
  const skipped = results.filter((r) => r.status === 'SKIP').length;
  process.stdout.write(
    `\nbudgets: ${passed} passed, ${failed} failed, ${skipped} not measured${partFailed ? '; a part could not run' : ''}\n`,
  );

  if (!values.quick && !only && !values['no-write']) {
    const file = path.join(root, 'docs/benchmarks.md');
    const markdown = renderMarkdown({
      machine,
      sections: all,
      command: 'pnpm bench',
      date: new Date().toISOString().slice(0, 16).replace('T', ' ') + ' UTC',
      preface,
    });
    // Written as the repository's formatter writes it, so `npm test`'s format check holds.
    const prettier = await import('prettier');
    const options = await prettier.resolveConfig(file);
    writeFileSync(file, await prettier.format(markdown, { ...options, filepath: file }));
    process.stdout.write(`wrote ${path.relative(process.cwd(), file)}\n`);
  }
  if (values.quick) {
    // CI: sizes are deterministic and gated at their budgets; timing figures are printed
    // with their verdicts but do not fail a run on a shared machine (decision 012).
    const gated = gateFailures(results);
    for (const r of gated) {
      process.stdout.write(
        `gate: ${r.budget.description} is ${r.budget.format(r.actual!)}, over its budget of ${r.budget.format(r.budget.limit)}\n`,
      );
    }
    return gated.length > 0 || partFailed ? 1 : 0;
  }
  return failed > 0 || partFailed ? 1 : 0;
}

process.exitCode = await main();
