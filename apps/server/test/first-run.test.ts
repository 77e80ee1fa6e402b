/**
 * The first run tells the truth (decision 033): the Node versions the bootstrap accepts are
 * exactly those of package.json's `engines`, and `.nvmrc`, `packageManager`, the Dockerfile
 * and the README name the versions the bootstrap installs; `npm start` and `npm test` show
 * pnpm's install and, when it fails, its error; and SIGTERM sent to `npm start` reaches the
 * server, which shuts down cleanly (npm runs scripts/npm-entry.sh, which execs node).
 * The floor itself is proven by scripts/node-floor.mjs (the `node-floor` check).
 */
import { execFile, spawn } from 'node:child_process';
import { copyFileSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { createInterface } from 'node:readline';
import { promisify } from 'node:util';
import semver from 'semver';
import { afterAll, describe, expect, it } from 'vitest';

const root = fileURLToPath(new URL('../../../', import.meta.url));
const read = (file: string) => readFileSync(path.join(root, file), 'utf8');
const run = promisify(execFile);
const packageJson = JSON.parse(read('package.json')) as {
  engines: { node: string };
  packageManager: string;
};
const bootstrap = read('scripts/bootstrap.sh');
const pinned = (name: string) => new RegExp(`${name}="([^"]+)"`).exec(bootstrap)?.[1];

describe('the stated versions', () => {
  it("accepts in the bootstrap exactly the Node versions of package.json's engines", async () => {
    const versions = [
      '20.19.5',
      '22.12.0',
      '22.17.1',
      '22.18.0',
      '22.19.0',
      '22.23.3',
      '23.11.1',
      '24.0.0',
      '24.2.0',
      '24.3.0',
      '24.21.0',
      '25.2.1',
      '26.0.0',
    ];
    // The bootstrap's own check, run by bash on each version (sourced with a Node that passes).
    const { stdout } = await run(
      'bash',
      [
        '-c',
        `. scripts/bootstrap.sh && for v in ${versions.join(' ')}; do solar_version_ok "$v" && echo "$v yes" || echo "$v no"; done`,
      ],
      { cwd: root },
    );
    const accepted = Object.fromEntries(
      stdout
        .trim()
        .split('\n')
        .map((l) => l.split(' ')),
    );
    for (const version of versions) {
      const allowed = semver.satisfies(version, packageJson.engines.node);
      expect(accepted[version], version).toBe(allowed ? 'yes' : 'no');
    }
  });

  it('names the Node and pnpm the bootstrap installs in .nvmrc, packageManager and Docker', () => {
    const node = pinned('SOLAR_NODE_VERSION')!;
    const pnpm = pinned('SOLAR_PNPM_VERSION')!;
    expect(semver.satisfies(node, packageJson.engines.node)).toBe(true);
    expect(read('.nvmrc').trim()).toBe(node);
    expect(packageJson.packageManager).toBe(`pnpm@${pnpm}`);
    const dockerfile = read('Dockerfile');
    expect(dockerfile).toContain(`ARG NODE_IMAGE=node:${semver.major(node)}-`);
    expect(dockerfile).toContain(`ARG PNPM_VERSION=${pnpm}`);
  });

  it("states the floor in the README as engines' lowest versions", () => {
    const lowest = packageJson.engines.node
      .split('||')
      .map((part) => semver.minVersion(part.trim())!);
    const stated = lowest.map((v) => `${v.major}.${v.minor}`);
    expect(read('README.md').replace(/\s+/g, ' ')).toContain(
      `Node ${stated[0]} (or ${stated[1]} and later)`,
    );
  });
});

/** A project folder with the two entry scripts, a package.json and `files`. */
function skeleton(files: Record<string, string>): string {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'solar-first-run-'));
  mkdirSync(path.join(dir, 'scripts'));
  for (const script of ['bootstrap.sh', 'npm-entry.sh']) {
    copyFileSync(path.join(root, 'scripts', script), path.join(dir, 'scripts', script));
  }
  for (const [file, text] of Object.entries(files)) writeFileSync(path.join(dir, file), text);
  return dir;
}

/** `bash scripts/npm-entry.sh test` in `dir`; its exit code and everything it printed. */
function npmTest(dir: string): Promise<{ code: number | null; output: string }> {
  return new Promise((resolve) => {
    const child = spawn('bash', ['scripts/npm-entry.sh', 'test'], {
      cwd: dir,
      env: { ...process.env, PNPM_HOME: path.join(dir, '.pnpm-home') },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let output = '';
    child.stdout.on('data', (chunk: Buffer) => (output += chunk));
    child.stderr.on('data', (chunk: Buffer) => (output += chunk));
    child.once('close', (code) => resolve({ code, output }));
  });
}

describe('the install of `npm start` and `npm test`', () => {
  const dirs: string[] = [];
  afterAll(() => dirs.forEach((dir) => rmSync(dir, { recursive: true, force: true })));

  it('shows pnpm at work, then runs the command', async () => {
    const dir = skeleton({
      'package.json': '{ "name": "skeleton", "private": true }\n',
      'pnpm-lock.yaml':
        "lockfileVersion: '9.0'\n\nsettings:\n  autoInstallPeers: true\n  excludeLinksFromLockfile: false\n\nimporters:\n\n  .: {}\n",
    });
    dirs.push(dir);
    writeFileSync(path.join(dir, 'scripts', 'check.mjs'), "console.log('the checks ran');\n");
    const { code, output } = await npmTest(dir);
    expect(code, output).toBe(0);
    expect(output).toMatch(/Done in [\d.]+m?s using pnpm/);
    expect(output).toContain('the checks ran');
  }, 120_000);

  it('prints why a failed install failed, and stops', async () => {
    // A dependency without a lockfile: `--frozen-lockfile` refuses, without any download.
    const dir = skeleton({
      'package.json':
        '{ "name": "skeleton", "private": true, "dependencies": { "ms": "2.1.3" } }\n',
    });
    dirs.push(dir);
    writeFileSync(path.join(dir, 'scripts', 'check.mjs'), "console.log('the checks ran');\n");
    const { code, output } = await npmTest(dir);
    expect(code).toBe(1);
    expect(output).toContain('ERR_PNPM_NO_LOCKFILE');
    expect(output).toContain('npm-entry: installing the dependencies failed');
    expect(output).not.toContain('the checks ran');
  }, 120_000);
});

describe('npm start', () => {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'solar-npm-start-'));
  let serverPid: number | undefined;
  afterAll(() => {
    try {
      if (serverPid) process.kill(serverPid, 'SIGKILL');
    } catch {
      // already gone, as it should be
    }
    rmSync(dataDir, { recursive: true, force: true });
  });

  it('hands SIGTERM to the server, which shuts down cleanly', async () => {
    const npm = spawn('npm', ['start'], {
      cwd: root,
      // WEB_DIST empty: the API only, so no web build is needed.
      env: { ...process.env, DATA_DIR: dataDir, PORT: '0', WEB_DIST: '', LOG_LEVEL: 'info' },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let output = '';
    const entries: Record<string, unknown>[] = [];
    let listening!: (pid: number) => void;
    const running = new Promise<number>((resolve) => (listening = resolve));
    npm.stderr.on('data', (chunk: Buffer) => (output += chunk));
    createInterface({ input: npm.stdout }).on('line', (line) => {
      output += `${line}\n`;
      if (!line.startsWith('{')) return; // npm's and pnpm's own lines
      const entry = JSON.parse(line) as Record<string, unknown>;
      entries.push(entry);
      if (String(entry.msg).startsWith('Server listening at')) listening(entry.pid as number);
    });
    const exited = new Promise<number | null>((resolve) => npm.once('exit', resolve));
    // Once every holder of npm's output is gone (a server left running would keep it open).
    const closed = new Promise<void>((resolve) => npm.once('close', () => resolve()));
    serverPid = await Promise.race([
      running,
      exited.then((code) => {
        throw new Error(`npm start exited with ${code}:\n${output}`);
      }),
    ]);
    expect(serverPid).not.toBe(npm.pid);
    npm.kill('SIGTERM');
    expect(await exited, output).toBe(0);
    // npm waited for the server: it is gone, and its last lines say it shut down.
    expect(() => process.kill(serverPid!, 0)).toThrow(expect.objectContaining({ code: 'ESRCH' }));
    await closed;
    expect(entries).toContainEqual(
      expect.objectContaining({ pid: serverPid, msg: 'shutting down', signal: 'SIGTERM' }),
    );
  }, 300_000);
});
