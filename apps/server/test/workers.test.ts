/**
 * `WORKERS=N` (workers.ts), run as an operator runs it (`node
 * src/main.ts`, a child process): with PGlite it is refused with one line; on a fresh
 * PostgreSQL database (TEST_DATABASE_URL; skipped with a message without it) two worker
 * processes answer on one port (the request log lines name two pids, neither the
 * primary's), a token signed in through one is accepted by the other (the JWT secret the
 * primary generated is shared), a killed worker is replaced, and SIGTERM stops them all.
 */
import { spawn } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import http from 'node:http';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it, vi } from 'vitest';
import { freshPostgres } from './harness.ts';

const main = fileURLToPath(new URL('../src/main.ts', import.meta.url));
const admin = { email: 'workers-admin@example.com', password: 'Workers12345' };

/** A TCP port free on 127.0.0.1 now. */
function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer().once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as net.AddressInfo;
      server.close(() => resolve(port));
    });
  });
}

/** `node src/main.ts` with `env` (nothing of this process's DATABASE_URL/DATA_DIR). */
function start(env: Record<string, string>) {
  const clean = { ...process.env };
  for (const name of ['DATABASE_URL', 'DATA_DIR', 'WORKERS', 'PORT', 'JWT_SECRET']) {
    delete clean[name];
  }
  const child = spawn(process.execPath, [main], {
    env: { ...clean, HOST: '127.0.0.1', WEB_DIST: '', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const output = { stdout: '', stderr: '' };
  child.stdout!.setEncoding('utf8').on('data', (s: string) => (output.stdout += s));
  child.stderr!.setEncoding('utf8').on('data', (s: string) => (output.stderr += s));
  const exited = new Promise<number | null>((resolve) => child.once('exit', resolve));
  return { child, output, exited };
}

/** Resolves once `test()` holds for the output (vi.waitFor, every 50 ms); throws after `ms`. */
async function until(test: () => boolean, what: string, ms = 30_000, more = () => '') {
  await vi.waitFor(
    () => {
      if (!test()) throw new Error(`timed out waiting for ${what}\n${more()}`);
    },
    { timeout: ms, interval: 50 },
  );
}

/** One request on a connection of its own (round-robin hands out connections). */
function request(
  port: number,
  method: string,
  url: string,
  body?: unknown,
  token?: string,
): Promise<{ status: number; json: unknown }> {
  const data = body === undefined ? undefined : JSON.stringify(body);
  return new Promise((resolve, reject) => {
    const req = http.request({
      host: '127.0.0.1',
      port,
      method,
      path: url,
      agent: false,
      headers: {
        ...(data ? { 'content-type': 'application/json' } : {}),
        ...(token ? { authorization: `Bearer ${token}` } : {}),
      },
    });
    req.on('error', reject);
    req.on('response', (res) => {
      let text = '';
      res.setEncoding('utf8').on('data', (s: string) => (text += s));
      res.on('end', () => resolve({ status: res.statusCode!, json: text ? JSON.parse(text) : {} }));
    });
    req.end(data);
  });
}

/** The pids of the log lines of completed requests, from pino's JSON lines. */
function answeringPids(stdout: string): Set<number> {
  const pids = new Set<number>();
  for (const line of stdout.split('\n')) {
    if (!line.startsWith('{')) continue;
    const entry = JSON.parse(line) as { msg?: string; pid?: number };
    if (entry.msg === 'request completed' && entry.pid) pids.add(entry.pid);
  }
  return pids;
}

const alive = (pid: number) => {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
};

describe('WORKERS', () => {
  it('is refused with the embedded database, in one line', async () => {
    const dataDir = await mkdtemp(path.join(os.tmpdir(), 'solar-workers-'));
    try {
      const run = start({ WORKERS: '2', DATA_DIR: dataDir, PORT: String(await freePort()) });
      expect(await run.exited).toBe(1);
      const lines = run.output.stderr.trim().split('\n');
      expect(lines).toHaveLength(1);
      expect(JSON.parse(lines[0]!)).toMatchObject({
        level: 60,
        msg: 'Invalid configuration: WORKERS=2 needs DATABASE_URL (the embedded database is one process; unset WORKERS or use PostgreSQL)',
      });
    } finally {
      await rm(dataDir, { recursive: true, force: true });
    }
  });

  if (!process.env.TEST_DATABASE_URL) {
    console.warn('SKIPPED: WORKERS=2 on PostgreSQL needs TEST_DATABASE_URL');
  }
  it.runIf(process.env.TEST_DATABASE_URL)(
    'serves from two workers on one port, replaces a dead one and stops on SIGTERM',
    async () => {
      const fresh = await freshPostgres();
      const dataDir = await mkdtemp(path.join(os.tmpdir(), 'solar-workers-'));
      const port = await freePort();
      const run = start({
        WORKERS: '2',
        DATABASE_URL: (fresh.target as { url: string }).url,
        DATA_DIR: dataDir,
        PORT: String(port),
        LOG_LEVEL: 'info',
        ADMIN_EMAIL: admin.email,
        ADMIN_PASSWORD: admin.password,
      });
      const { child, output } = run;
      const dump = () => `${output.stdout}\n${output.stderr}`;
      let stopped = false;
      try {
        await until(() => output.stdout.includes('(2 workers)'), 'start-up', 60_000, dump);
        expect(output.stdout).toContain(`Solar is running at http://localhost:${port}`);

        // Sign in once, then use the token on twenty fresh connections.
        const signedIn = await request(port, 'POST', '/api/v1/auth/email/signin', admin);
        expect(signedIn.status).toBe(200);
        const token = (signedIn.json as { token: string }).token;
        for (let i = 0; i < 20; i++) {
          const me = await request(port, 'GET', '/api/v1/auth/me', undefined, token);
          expect(me.status).toBe(200);
          expect((me.json as { email: string }).email).toBe(admin.email);
        }
        await until(() => answeringPids(output.stdout).size >= 2, 'two pids', 5000, dump);
        const first = answeringPids(output.stdout);
        expect(first.size).toBe(2);
        expect(first.has(child.pid!)).toBe(false);

        // A worker killed outright is replaced; both answer again.
        const [victim] = [...first];
        process.kill(victim!, 'SIGKILL');
        await until(() => output.stdout.includes('a worker died'), 'the restart', 30_000, dump);
        await until(
          () => (output.stdout.match(/"msg":"worker listening"/g) ?? []).length >= 3,
          'the new worker',
          60_000,
          dump,
        );
        const before = output.stdout.length;
        for (let i = 0; i < 20; i++) {
          expect((await request(port, 'GET', '/api/v1/health')).status).toBe(200);
        }
        await until(() => answeringPids(output.stdout.slice(before)).size >= 2, 'pids', 5000);
        const second = answeringPids(output.stdout.slice(before));
        expect(second.has(victim!)).toBe(false);
        expect(second.size).toBe(2);

        // SIGTERM: every worker shuts down and the primary exits 0.
        child.kill('SIGTERM');
        expect(await run.exited).toBe(0);
        stopped = true;
        for (const pid of second) expect(alive(pid)).toBe(false);
      } finally {
        if (!stopped) {
          // Workers first: they would outlive a killed primary for a moment.
          for (const pid of answeringPids(output.stdout))
            if (alive(pid)) process.kill(pid, 'SIGKILL');
          child.kill('SIGKILL');
        }
        await run.exited;
        await rm(dataDir, { recursive: true, force: true });
        await fresh.drop();
      }
    },
    120_000,
  );
});
