#!/usr/bin/env node
/**
 * Proves package.json's Node floor (decision 033): installs the lowest Node version that
 * `engines.node` allows from the npm registry (the `node` package ships the real binary)
 * into .tools/node-floor/ (once; npm's cache serves later installs), starts the server on
 * it as an operator would (`node apps/server/src/main.ts`, a fresh DATA_DIR, a free port,
 * the API only), waits for its start-up line, expects GET /api/v1/health to answer 200 and
 * every line it wrote to be JSON, then stops it with SIGTERM and expects exit 0.
 *
 *   node scripts/node-floor.mjs     prints one line; exits 1, saying why, on any failure
 */
import { execFileSync, spawn } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { createInterface } from 'node:readline';
import { fileURLToPath } from 'node:url';
import semver from 'semver';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const range = JSON.parse(readFileSync(path.join(root, 'package.json'), 'utf8')).engines.node;
const floor = semver.minVersion(range)?.version;
/** Longest wait for the server's start-up line (a fresh embedded database on a busy machine). */
const START_TIMEOUT_MS = 180_000;

function fail(message) {
  console.error(`node-floor: ${message}`);
  process.exit(1);
}

if (!floor) fail(`package.json's engines.node (${range}) has no lowest version`);
const prefix = path.join(root, '.tools', 'node-floor');
const node = path.join(prefix, 'node_modules', 'node', 'bin', 'node');
const installed = () =>
  existsSync(node) && execFileSync(node, ['--version'], { encoding: 'utf8' }).trim();
if (installed() !== `v${floor}`) {
  console.log(`node-floor: installing Node ${floor} from the npm registry into .tools/node-floor/`);
  execFileSync(
    'npm',
    ['install', '--no-audit', '--no-fund', '--prefer-offline', '--prefix', prefix, `node@${floor}`],
    { stdio: 'inherit' },
  );
  if (installed() !== `v${floor}`) fail(`the npm package node@${floor} gave no Node ${floor}`);
}

const dataDir = mkdtempSync(path.join(tmpdir(), 'solar-node-floor-'));
const started = performance.now();
const server = spawn(node, [path.join(root, 'apps/server/src/main.ts')], {
  cwd: root,
  env: {
    ...process.env,
    DATA_DIR: dataDir,
    PORT: '0',
    HOST: '127.0.0.1',
    WEB_DIST: '',
    DATABASE_URL: '',
    WORKERS: '',
    LOG_LEVEL: 'info',
  },
  stdio: ['ignore', 'pipe', 'pipe'],
});
const lines = [];
const notJson = [];
const exited = new Promise((resolve) =>
  server.once('exit', (code, signal) => resolve(code ?? signal)),
);
const running = new Promise((resolve, reject) => {
  for (const stream of [server.stdout, server.stderr]) {
    createInterface({ input: stream }).on('line', (line) => {
      lines.push(line);
      let entry;
      try {
        entry = JSON.parse(line);
      } catch {
        notJson.push(line);
        return;
      }
      if (typeof entry.msg === 'string' && entry.msg.startsWith('Solar is running at')) {
        resolve(entry.url.replace('localhost', '127.0.0.1'));
      }
    });
  }
  void exited.then((code) => reject(new Error(`the server exited with ${code}`)));
  setTimeout(
    () => reject(new Error(`no start-up line in ${START_TIMEOUT_MS} ms`)),
    START_TIMEOUT_MS,
  ).unref();
});

let failure;
try {
  const url = await running;
  const health = await fetch(`${url}/api/v1/health`);
  if (health.status !== 200) throw new Error(`GET /api/v1/health answered ${health.status}`);
  const seconds = ((performance.now() - started) / 1000).toFixed(1);
  server.kill('SIGTERM');
  const code = await exited;
  if (code !== 0) throw new Error(`the server exited with ${code} after SIGTERM`);
  if (notJson.length > 0) throw new Error(`lines that are not JSON:\n${notJson.join('\n')}`);
  console.log(
    `node-floor: the server runs on Node ${floor}, the lowest of engines "${range}": started in ${seconds} s, /api/v1/health 200, ${lines.length} JSON lines, exit 0 on SIGTERM`,
  );
} catch (error) {
  server.kill('SIGKILL');
  await exited;
  failure = `${error.message} (Node ${floor})\n${lines.join('\n')}`;
} finally {
  rmSync(dataDir, { recursive: true, force: true });
}
if (failure) fail(failure);
