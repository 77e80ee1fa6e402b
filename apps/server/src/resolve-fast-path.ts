/**
 * A short way through Node's ES module resolver for drizzle-orm's own files (docs/benchmarks.md,
 * start-up on an existing data directory <= 3 s).
 *
 * For every file it resolves, Node (24 and later) picks the module format with
 * getPackageScopeConfig, which copies the package's package.json into a new object and so
 * parses its whole `exports` map again, each time. drizzle-orm's map is about 180 kB and
 * the server resolves some 450 of its files: 1.4 s of a 3.2 s start went there.
 *
 * Between drizzle-orm's own files the answer is known: the package is `"type": "module"`
 * with no nested package.json, so a relative import of a `.js`/`.mjs` file is an ES module
 * and a `.cjs` one CommonJS. This hook answers exactly those resolutions (the URL joined
 * to the importer, and the format) and hands every other one to Node unchanged.
 * `resolve-fast-path.test.ts` checks its answers against Node's own for the whole package.
 */
import { registerHooks, type ModuleFormat } from 'node:module';

/** Packages whose relative imports are answered here; each is all ES modules, one scope. */
const PACKAGES = ['/node_modules/drizzle-orm/'] as const;

const FORMATS: Record<string, ModuleFormat> = {
  '.js': 'module',
  '.mjs': 'module',
  '.cjs': 'commonjs',
};

function inPackage(url: string): boolean {
  return PACKAGES.some((root) => url.includes(root));
}

/**
 * The resolution of `specifier` imported from `parentURL` when this module can answer it
 * without Node's scope lookup, else undefined. Pure; exported for the test.
 */
export function fastResolve(
  specifier: string,
  parentURL: string | undefined,
): { url: string; format: ModuleFormat } | undefined {
  if (!parentURL || !(specifier.startsWith('./') || specifier.startsWith('../'))) return undefined;
  if (!parentURL.startsWith('file:') || !inPackage(parentURL)) return undefined;
  const url = new URL(specifier, parentURL);
  if (url.search || url.hash || !inPackage(url.href)) return undefined;
  const format = FORMATS[url.pathname.slice(url.pathname.lastIndexOf('.'))];
  return format ? { url: url.href, format } : undefined;
}

/** Registers the hook for this process; call before the modules it serves are imported. */
export function registerResolveFastPath(): void {
  registerHooks({
    resolve(specifier, context, nextResolve) {
      const known = fastResolve(specifier, context.parentURL);
      return known ? { ...known, shortCircuit: true } : nextResolve(specifier, context);
    },
  });
}
