/**
 * Runs the real Solar server (apps/server/src/main.ts) as a child process on 127.0.0.1 for
 * the benchmark, the way `npm start` runs it once installed: same entry, same defaults, with
 * the environment the benchmark needs (a data directory, a free port, a known admin, a
 * sign-in limit high enough for load). Logs stay at the default level (`info`, one line per
 * request) and go to a file, as a container runtime collects them, so the figures include
 * what logging costs by default. Also: free ports, the child's RSS from /proc, and signing
 * in.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { closeSync, mkdtempSync, openSync, readFileSync, readSync, statSync } from 'node:fs';
import os from 'node:os';
import net from 'node:net';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { memoryStorage } from '../../packages/api/src/session.ts';
import { storeSession, type StoredUser } from '../../packages/domain/src/session.ts';

/** The repository root. */
export const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

/** The benchmark's first administrator. */
export const admin = { email: 'bench-admin@solar.test', password: 'bench-password-1' };

/** A running child process that answers HTTP on `url`. */
export interface RunningProcess {
  url: string;
  port: number;
  pid: number;
  child: ChildProcess;
  /** Everything the child printed on stderr so far (last 64 kB). */
  stderr(): string;
  /** What the child printed on stdout so far (last 64 kB of its log file). */
  stdout(): string;
  /** Resident set size of the child now, bytes (VmRSS from /proc/<pid>/status). */
  rssBytes(): number;
  /** SIGTERM, then SIGKILL after 10 s; resolves when the child has exited. */
  stop(): Promise<void>;
}

/** A TCP port free on 127.0.0.1 right now. */
export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      server.close(() => resolve(port));
    });
  });
}

/** VmRSS of a process in bytes, from /proc/<pid>/status; NaN when it cannot be read. */
export function readRssBytes(pid: number): number {
  try {
    const status = readFileSync(`/proc/${pid}/status`, 'utf8');
    const match = /^VmRSS:\s+(\d+)\s+kB/m.exec(status);
    return match ? Number(match[1]) * 1024 : Number.NaN;
  } catch {
    return Number.NaN;
  }
}

/** The last `bytes` bytes of the file at `file`, as UTF-8 ('' when it cannot be read). */
function tailOf(file: string, bytes = 65_536): string {
  try {
    const size = statSync(file).size;
    const length = Math.min(size, bytes);
    const buffer = Buffer.alloc(length);
    const fd = openSync(file, 'r');
    try {
      readSync(fd, buffer, 0, length, size - length);
    } finally {
      closeSync(fd);
    }
    return buffer.toString('utf8');
  } catch {
    return '';
  }
}

/**
 * Spawns `node <script>` with `env` on top of this process's environment. Its stdout (the
 * JSON log) goes straight to a file in a fresh temporary directory, so reading it costs the
 * benchmark's own process nothing while the load runs.
 */
export function spawnNode(
  script: string,
  env: Record<string, string>,
  port: number,
): RunningProcess {
  const logFile = path.join(mkdtempSync(path.join(os.tmpdir(), 'solar-bench-log-')), 'stdout.log');
  const logFd = openSync(logFile, 'a');
  const child = spawn(process.execPath, [script], {
    cwd: root,
    env: { ...process.env, PORT: String(port), ...env },
    stdio: ['ignore', logFd, 'pipe'],
  });
  closeSync(logFd);
  let stderr = '';
  child.stderr!.setEncoding('utf8');
  child.stderr!.on('data', (chunk: string) => {
    stderr = (stderr + chunk).slice(-65_536);
  });
  const exited = new Promise<void>((resolve) => {
    if (child.exitCode !== null) resolve();
    child.once('exit', () => resolve());
  });
  return {
    url: `http://127.0.0.1:${port}`,
    port,
    pid: child.pid!,
    child,
    stderr: () => stderr,
    stdout: () => tailOf(logFile),
    rssBytes: () => readRssBytes(child.pid!),
    async stop() {
      if (child.exitCode === null && child.signalCode === null) {
        child.kill('SIGTERM');
        const timer = setTimeout(() => child.kill('SIGKILL'), 10_000);
        await exited;
        clearTimeout(timer);
      }
    },
  };
}

/** Options of one server start. */
export interface ServerOptions {
  dataDir: string;
  /** The built web app to serve (WEB_DIST); the API only when omitted. */
  webDist?: string;
  /** PostgreSQL instead of PGlite. */
  databaseUrl?: string;
  /** More environment (chat settings, for example). */
  env?: Record<string, string>;
}

/** Spawns the server without waiting for it; see {@link waitForHealth}. */
export async function spawnServer(options: ServerOptions): Promise<RunningProcess> {
  const port = await freePort();
  const env: Record<string, string> = {
    DATA_DIR: options.dataDir,
    PORT: String(port),
    HOST: '127.0.0.1',
    ADMIN_EMAIL: admin.email,
    ADMIN_PASSWORD: admin.password,
    AUTH_RATE_LIMIT: '100000',
    NODE_ENV: 'production',
    // Empty values count as unset (config.ts): the parent's DATABASE_URL must not leak into
    // a PGlite run, and an empty WEB_DIST serves the API only.
    DATABASE_URL: options.databaseUrl ?? '',
    WEB_DIST: options.webDist ?? '',
    ...options.env,
  };
  return spawnNode(path.join(root, 'apps/server/src/main.ts'), env, port);
}

/**
 * Polls `GET <url>/api/v1/health` every 10 ms until it answers 200; resolves with the time
 * it took from `startedAt` (a performance.now() reading), ms. Rejects when the process
 * exits first or after `timeoutMs`.
 */
export async function waitForHealth(
  server: RunningProcess,
  startedAt: number,
  timeoutMs = 60_000,
  healthPath = '/api/v1/health',
): Promise<number> {
  const deadline = startedAt + timeoutMs;
  while (performance.now() < deadline) {
    if (server.child.exitCode !== null) {
      throw new Error(`the server exited with ${server.child.exitCode}:\n${server.stderr()}`);
    }
    try {
      const response = await fetch(server.url + healthPath);
      await response.arrayBuffer();
      if (response.status === 200) return performance.now() - startedAt;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
  throw new Error(`no 200 from ${healthPath} within ${timeoutMs} ms:\n${server.stderr()}`);
}

/** Spawns the server and waits for its health check. */
export async function startServer(options: ServerOptions): Promise<RunningProcess> {
  const started = performance.now();
  const server = await spawnServer(options);
  try {
    await waitForHealth(server, started);
  } catch (error) {
    await server.stop();
    throw error;
  }
  return server;
}

/** The answer of a sign-in: the access token and the user's id. */
export interface SignedIn {
  token: string;
  refreshToken: string;
  userId: string;
  /** The SessionUser of the answer, as the web app stores it. */
  user: { id: string } & Record<string, unknown>;
}

/** `POST /auth/email/signin`; throws with the status and body on anything but 200. */
export async function signIn(
  url: string,
  credentials: { email: string; password: string } = admin,
): Promise<SignedIn> {
  const response = await fetch(`${url}/api/v1/auth/email/signin`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(credentials),
  });
  const body = (await response.json()) as {
    token: string;
    refreshToken: string;
    user: { id: string } & Record<string, unknown>;
  };
  if (response.status !== 200) {
    throw new Error(`sign-in answered ${response.status}: ${JSON.stringify(body)}`);
  }
  return {
    token: body.token,
    refreshToken: body.refreshToken,
    userId: body.user.id,
    user: body.user,
  };
}

/**
 * Signs the admin in and returns the localStorage entries the web app keeps for that session
 * (the keys of packages/domain/src/session.ts), to put in a browser before the app's scripts run.
 */
export async function signedInStorage(url: string): Promise<ReadonlyMap<string, string>> {
  const session = await signIn(url);
  const storage = memoryStorage();
  storeSession(storage, {
    user: session.user as unknown as StoredUser,
    token: session.token,
    refreshToken: session.refreshToken,
  });
  return storage.data;
}
