/**
 * Faults of the disk under DATA_DIR: each stops
 * start-up with one clear line saying what is wrong (never "damaged... restore a backup"
 * for a healthy database, never "[object Object]" or a stack trace), and a first start on a
 * full disk leaves nothing behind that blocks the next start.
 *
 * Real faults, made in a private mount namespace (`unshare`, which needs no privileges):
 * a read-only bind mount (which stops root too, unlike chmod) and a small tmpfs that fills
 * up. The server runs inside it; a script prints the server's output between markers.
 */
import { execFile } from 'node:child_process';
import { cpSync, mkdirSync, rmSync } from 'node:fs';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADMIN, ROOT, seedDataDir, tempDir } from './support/process.ts';

const run = promisify(execFile);
const root = tempDir('disk-faults');
const good = path.join(root, 'good');
const MAIN = path.join(ROOT, 'apps/server/src/main.ts');

/** Shell words quoted for bash. */
const q = (value: string) => `'${value.replaceAll("'", "'\\''")}'`;

/** Runs `script` (bash) in a new user and mount namespace; its stdout and stderr. */
async function inNamespace(script: string): Promise<string> {
  const env = {
    ...process.env,
    NODE: process.execPath,
    MAIN,
    PORT: '0',
    HOST: '127.0.0.1',
    ADMIN_EMAIL: ADMIN.email,
    ADMIN_PASSWORD: ADMIN.password,
    LOG_LEVEL: 'warn',
    WEB_DIST: path.join(ROOT, 'no-web-build'),
  };
  const { stdout, stderr } = await run('unshare', ['-rm', 'bash', '-c', script], {
    cwd: ROOT,
    env,
    timeout: 170_000,
  }).catch((error: { stdout?: string; stderr?: string; message: string }) => {
    throw new Error(`${error.message}\n${error.stdout ?? ''}${error.stderr ?? ''}`);
  });
  return stdout + stderr;
}

/** The text between `=== name` and the next marker. */
function section(output: string, name: string): string {
  const start = output.indexOf(`=== ${name}\n`);
  expect(start, output).toBeGreaterThanOrEqual(0);
  const rest = output.slice(start + name.length + 5);
  const end = rest.indexOf('=== ');
  return (end < 0 ? rest : rest.slice(0, end)).trim();
}

/** Expects a refusal: exit code 1 and one line matching `expected`, no stack, no object. */
function expectOneLine(output: string, expected: RegExp) {
  const lines = output.split('\n').filter((line) => line.trim() !== '');
  expect(lines.at(-1), output).toBe('exit=1');
  const said = lines.slice(0, -1);
  expect(said, output).toHaveLength(1);
  // The server's one JSON line (a fatal log line on stderr).
  const { msg } = JSON.parse(said[0]!) as { msg: string };
  expect(msg).toMatch(expected);
  expect(msg).not.toMatch(/\[object Object\]|^\s+at |\.ts:\d+|damaged|restore a backup/);
}

/** Starts the server on $1 in the namespace; prints its output and `exit=<code>`. */
const START = 'start() { DATA_DIR="$1" timeout 60 "$NODE" "$MAIN" 2>&1; echo "exit=$?"; }';

beforeAll(() => seedDataDir(good), 60_000);
afterAll(() => {
  rmSync(root, { recursive: true, force: true });
});

describe('a DATA_DIR that cannot be written', () => {
  it('a healthy database on a read-only mount is called read-only, not damaged', async () => {
    const dir = path.join(root, 'read-only');
    cpSync(good, dir, { recursive: true });
    const output = await inNamespace(`${START}
      mount --bind ${q(dir)} ${q(dir)} && mount -o remount,bind,ro ${q(dir)} || exit 9
      echo '=== start'; start ${q(dir)}`);
    expectOneLine(
      section(output, 'start'),
      /^DATA_DIR .*read-only cannot be written: the file system is read-only \(EROFS\)\. Give the server write access/,
    );
  }, 60_000);

  it('an empty read-only DATA_DIR gets the same one line', async () => {
    const dir = path.join(root, 'empty-read-only');
    mkdirSync(dir);
    const output = await inNamespace(`${START}
      mount --bind ${q(dir)} ${q(dir)} && mount -o remount,bind,ro ${q(dir)} || exit 9
      echo '=== start'; start ${q(dir)}`);
    expectOneLine(
      section(output, 'start'),
      /^DATA_DIR .*empty-read-only cannot be written: the file system is read-only \(EROFS\)/,
    );
  }, 60_000);

  it('a full disk on first start says so, leaves no half database, and the next start works', async () => {
    const dir = path.join(root, 'full');
    mkdirSync(dir);
    // 3 MB: room for the signing secret, not for a new database (tens of MB).
    const output = await inNamespace(`${START}
      mount -t tmpfs -o size=3m tmpfs ${q(dir)} || exit 9
      echo '=== first'; start ${q(dir)}
      echo '=== left'; ls -A ${q(dir)}
      mount -o remount,size=200m ${q(dir)}
      echo '=== second'
      DATA_DIR=${q(dir)} "$NODE" "$MAIN" > ${q(dir)}/.out 2>&1 & pid=$!
      for i in $(seq 1 300); do grep -q 'is running' ${q(dir)}/.out && break; sleep 0.1; done
      kill -TERM $pid; wait $pid; echo "exit=$?"; grep -c 'is running' ${q(dir)}/.out
      echo '=== end'`);
    expectOneLine(
      section(output, 'first'),
      /^DATA_DIR .*full cannot be written: no space left on the device \(ENOSPC\)\. Free some space/,
    );
    // Only the signing secret: no `pglite` folder, no partial one.
    expect(section(output, 'left').split('\n')).toEqual(['jwt-secret']);
    expect(section(output, 'second').split('\n'), output).toEqual(['exit=0', '1']);
  }, 180_000);
});
