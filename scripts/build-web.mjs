/**
 * `npm start`'s web build: builds apps/web only when its sources changed since the last
 * build, and prints one line instead of Vite's list of every asset.
 *
 * What counts as the sources: the files of apps/web, packages/ui, packages/domain and
 * packages/api (not node_modules, build output, tests or stories) and pnpm-lock.yaml. Their
 * SHA-256 (paths and contents) is kept with the build in apps/web/dist/.build-stamp.json
 * (Vite empties dist/ when a build starts, so a failed build leaves no stamp). Prints
 * `web app built in N s` or `web app up to date`, with the total gzip size of the built
 * JavaScript.
 *
 * Usage: node scripts/build-web.mjs [--force]
 */
import { createHash } from 'node:crypto';
import { readdir, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { gzip } from 'node:zlib';

const root = fileURLToPath(new URL('..', import.meta.url));
const webRoot = path.join(root, 'apps/web');
const dist = path.join(webRoot, 'dist');
const stampFile = path.join(dist, '.build-stamp.json');
const SOURCE_DIRS = ['apps/web', 'packages/ui', 'packages/domain', 'packages/api'];
const SKIPPED_DIRS = new Set(['node_modules', 'dist', 'storybook-static', 'coverage', 'e2e']);
const SKIPPED_FILE = /\.(?:test|stories)\.[cm]?[jt]sx?$/;

/** Every source file below `dir` (repository-relative paths). */
async function filesBelow(dir) {
  const entries = await readdir(path.join(root, dir), { withFileTypes: true });
  const nested = await Promise.all(
    entries.map((entry) => {
      const relative = path.posix.join(dir, entry.name);
      if (entry.isDirectory()) {
        return SKIPPED_DIRS.has(entry.name) || entry.name.startsWith('.')
          ? []
          : filesBelow(relative);
      }
      return entry.isFile() && !SKIPPED_FILE.test(entry.name) ? [relative] : [];
    }),
  );
  return nested.flat();
}

/** The SHA-256 (hex) of the sources' paths and contents. */
async function sourcesHash() {
  const files = [...(await Promise.all(SOURCE_DIRS.map(filesBelow))).flat(), 'pnpm-lock.yaml'];
  files.sort();
  const hash = createHash('sha256');
  for (const file of files) {
    hash.update(`${file}\0`);
    hash.update(await readFile(path.join(root, file)));
    hash.update('\0');
  }
  return hash.digest('hex');
}

/** The stamp of the last build, or null. */
async function readStamp() {
  try {
    return JSON.parse(await readFile(stampFile, 'utf8'));
  } catch {
    return null;
  }
}

/** Total size in bytes of the built JavaScript, gzip level 9 (as the server sends it). */
async function javascriptGzipBytes() {
  const assets = path.join(dist, 'assets');
  const scripts = (await readdir(assets)).filter((name) => name.endsWith('.js'));
  const sizes = await Promise.all(
    scripts.map(async (name) => {
      const bytes = await readFile(path.join(assets, name));
      return (await promisify(gzip)(bytes, { level: 9 })).length;
    }),
  );
  return { files: scripts.length, bytes: sizes.reduce((sum, size) => sum + size, 0) };
}

const kilobytes = (bytes) => `${(bytes / 1000).toFixed(1)} kB`;
const force = process.argv.includes('--force');
const hash = await sourcesHash();
const stamp = await readStamp();

if (!force && stamp?.hash === hash) {
  console.log(
    `web app up to date (built ${stamp.builtAt}): ${stamp.jsFiles} JavaScript files, ${kilobytes(stamp.jsGzipBytes)} gzip`,
  );
} else {
  const started = performance.now();
  // Vite's list of every asset and its compressed size is left out (logLevel, reportCompressedSize).
  const { build } = await import('vite');
  await build({
    root: webRoot,
    configFile: path.join(webRoot, 'vite.config.ts'),
    logLevel: 'warn',
    // Rolldown's note on slow plugins is left out too: the summary line says the time.
    build: { reportCompressedSize: false, rolldownOptions: { checks: { pluginTimings: false } } },
  });
  const seconds = ((performance.now() - started) / 1000).toFixed(1);
  const js = await javascriptGzipBytes();
  const builtAt = new Date().toISOString();
  await writeFile(
    stampFile,
    `${JSON.stringify({ hash, builtAt, jsFiles: js.files, jsGzipBytes: js.bytes })}\n`,
  );
  console.log(
    `web app built in ${seconds} s: ${js.files} JavaScript files, ${kilobytes(js.bytes)} gzip`,
  );
}
