#!/usr/bin/env node
// Every reference in the repository must resolve to something a reader can open.
// Fails (exit 1, file:line) on citations of documents that are not in the repository
// (a numbered section of the old spec, an issue number, the old API contract file), on links
// to docs/*.md or docs/decisions/NNN-*.md files that do not exist, and on docs/product.md
// anchors that are not headings of docs/product.md.
// Usage: node scripts/check-references.mjs [files...]
import { execFileSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';

const root = execFileSync('git', ['rev-parse', '--show-toplevel'], { encoding: 'utf8' }).trim();
process.chdir(root);

const args = process.argv.slice(2);
const files = args.length
  ? args
  : execFileSync('git', ['ls-files', '-z'], { encoding: 'utf8' }).split('\0').filter(Boolean);

const SKIP = /(^|\/)pnpm-lock\.yaml$|(^|\/)scripts\/check-references\.mjs$/;

// The styles this check exists to keep out, spelled so that this file does not match them.
const OLD_STYLES = [
  [new RegExp('\\bspec' + "(?:ification)?(?:'s)? sections? [0-9]", 'i'), 'a spec section'],
  [new RegExp('\\bspec' + ' §', 'i'), 'a spec section'],
  [new RegExp('\\bissue' + ' #?[0-9]+', 'i'), 'an issue number'],
  [new RegExp('API-' + 'CONTRACT'), 'the old API contract'],
];

// The same styles broken over two comment lines (the word "spec" or "issue" ending one line
// and the section or issue number starting the next).
const BREAK = String.raw`[ \t]*\n[ \t]*(?:\*(?!\/)|\/\/|#)?[ \t]*`;
const OLD_STYLES_ACROSS_LINES = [
  [
    new RegExp(
      '\\bspec' +
        `(?:ification)?(?:'s)?${BREAK}sections? [0-9]|\\bspec(?:ification)?(?:'s)? sections?${BREAK}[0-9]`,
      'gi',
    ),
    'a spec section',
  ],
  [new RegExp('\\bissue' + `${BREAK}#?[0-9]+`, 'gi'), 'an issue number'],
];

const slug = (heading) =>
  heading
    .trim()
    .toLowerCase()
    .replace(/[^\p{L}\p{N}\s-]/gu, '')
    .replace(/\s/g, '-');
const productAnchors = new Set(
  existsSync('docs/product.md')
    ? readFileSync('docs/product.md', 'utf8')
        .split('\n')
        .filter((l) => /^#{1,6} /.test(l))
        .map((l) => slug(l.replace(/^#+ /, '')))
    : [],
);

// docs/foo.md, docs/decisions/012-x.md, ../product.md#x, (decisions/012-x.md) ...
const DOC_PATH =
  /(?:^|[^\w/.-])((?:\.\.?\/)*(?:docs\/)?(?:decisions\/\d{3}-[\w.-]+?\.md|[\w.-]+\.md)(?:#[\w-]+)?)/g;

const problems = [];
for (const file of files) {
  if (SKIP.test(file) || !existsSync(file)) continue;
  let buf;
  try {
    buf = readFileSync(file);
  } catch {
    continue; // a directory (submodule) or unreadable
  }
  if (buf.subarray(0, 8000).includes(0)) continue; // binary
  const text = buf.toString('utf8');
  const lines = text.split('\n');
  for (const [re, what] of OLD_STYLES_ACROSS_LINES) {
    for (const m of text.matchAll(re)) {
      const line = text.slice(0, m.index).split('\n').length;
      problems.push(`${file}:${line}: cites ${what}: ${m[0].replace(/\s+/g, ' ')}`);
    }
  }
  const isMd = file.endsWith('.md');
  lines.forEach((line, i) => {
    const where = `${file}:${i + 1}`;
    for (const [re, what] of OLD_STYLES) {
      if (re.test(line)) problems.push(`${where}: cites ${what}: ${line.trim().slice(0, 120)}`);
    }
    for (const m of line.matchAll(DOC_PATH)) {
      const ref = m[1];
      const [p, anchor] = ref.split('#');
      // Only paths that name the docs folder (or, inside docs/, a relative link).
      const inDocs = file.startsWith('docs/');
      const named =
        /(^|\/)docs\//.test(p) ||
        /^(\.\.\/)*decisions\//.test(p) ||
        (inDocs && isMd && /^\.\.?\//.test(p));
      let target;
      if (/(^|\/)docs\//.test(p)) target = p.replace(/^.*?(?=docs\/)/, '');
      else if (named && inDocs) target = path.normalize(path.join(path.dirname(file), p));
      else if (/^decisions\//.test(p)) target = path.join('docs', p);
      else if (inDocs && isMd && /\]\($/.test(line.slice(0, m.index + m[0].indexOf(ref)))) {
        target = path.normalize(path.join(path.dirname(file), p));
      } else continue;
      if (!existsSync(target)) {
        problems.push(`${where}: links to ${ref}, but ${target} does not exist`);
      } else if (anchor && target === 'docs/product.md' && !productAnchors.has(anchor)) {
        problems.push(`${where}: links to ${ref}, but docs/product.md has no heading #${anchor}`);
      }
    }
  });
}

if (problems.length) {
  console.error(problems.join('\n'));
  console.error(
    `\n${problems.length} reference(s) do not resolve. Cite docs/product.md#<heading>, a record in ` +
      'docs/decisions/, the OpenAPI document or a public standard, or state the rule (CONTRIBUTING.md).',
  );
  process.exit(1);
}
console.log(`check-references: ${files.length} file(s), every reference resolves`);
