/**
 * The benchmark's output: each part of the run fills a {@link Section} (a titled table plus
 * notes); `renderText` prints them for the terminal and `renderMarkdown` writes
 * docs/benchmarks.md. Budget verdicts come from budgets.ts.
 */
import { limitText, type BudgetResult } from './budgets.ts';

/** One titled table of figures. Every row has as many cells as `headers`. */
export interface Section {
  title: string;
  headers: string[];
  rows: string[][];
  /** Sentences shown under the table (method, caveats, why a part was skipped). */
  notes: string[];
}

/** Details of the machine that produced the figures. */
export interface MachineInfo {
  cpu: string;
  cores: number;
  memory: string;
  node: string;
  os: string;
  load: string;
}

/** A new section with no rows. */
export function section(title: string, headers: string[]): Section {
  return { title, headers, rows: [], notes: [] };
}

/** The budget verdicts as a section. */
export function budgetSection(results: readonly BudgetResult[]): Section {
  const s = section('Budgets', ['budget', 'limit', 'measured', 'result']);
  for (const r of results) {
    s.rows.push([
      r.budget.description,
      limitText(r.budget),
      r.actual === undefined ? 'not measured' : r.budget.format(r.actual),
      r.status,
    ]);
  }
  return s;
}

/** Pads the columns of a table to a common width for the terminal. */
export function textTable(headers: readonly string[], rows: readonly string[][]): string {
  const widths = headers.map((h, i) => Math.max(h.length, ...rows.map((r) => (r[i] ?? '').length)));
  const line = (cells: readonly string[]) =>
    cells
      .map((c, i) => c.padEnd(widths[i]!))
      .join('  ')
      .trimEnd();
  return [line(headers), line(widths.map((w) => '-'.repeat(w))), ...rows.map(line)].join('\n');
}

/** A GitHub-flavoured markdown table; pipes inside cells are escaped. */
export function markdownTable(headers: readonly string[], rows: readonly string[][]): string {
  const cell = (c: string) => c.replace(/\|/g, '\\|');
  const line = (cells: readonly string[]) => `| ${cells.map(cell).join(' | ')} |`;
  return [line(headers), line(headers.map(() => '---')), ...rows.map(line)].join('\n');
}

function machineRows(machine: MachineInfo): string[][] {
  return [
    ['CPU', machine.cpu],
    ['cores', String(machine.cores)],
    ['memory', machine.memory],
    ['Node', machine.node],
    ['OS', machine.os],
    ['load average at start (1, 5, 15 min)', machine.load],
  ];
}

/** The whole run for the terminal. */
export function renderText(machine: MachineInfo, sections: readonly Section[]): string {
  const parts = [textTable(['machine', ''], machineRows(machine))];
  for (const s of sections) {
    parts.push(`\n== ${s.title}\n${textTable(s.headers, s.rows)}`);
    for (const note of s.notes) parts.push(`  - ${note}`);
  }
  return parts.join('\n');
}

/** The body of docs/benchmarks.md: machine, command, then each section (budgets first). */
export function renderMarkdown(options: {
  machine: MachineInfo;
  sections: readonly Section[];
  command: string;
  date: string;
  preface: string;
}): string {
  const { machine, sections, command, date, preface } = options;
  const out = [
    '# Benchmarks',
    '',
    preface.trim(),
    '',
    `Latest full run: ${date}, with \`${command}\`.`,
    '',
    '## Machine',
    '',
    markdownTable(['', ''], machineRows(machine)),
  ];
  for (const s of sections) {
    out.push('', `## ${s.title}`, '', markdownTable(s.headers, s.rows));
    if (s.notes.length) out.push('', ...s.notes.map((n) => `- ${n}`));
  }
  return `${out.join('\n')}\n`;
}
