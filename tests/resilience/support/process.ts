/**
 * The resilience suites' server: the real `node apps/server/src/main.ts` as a child
 * process on a free port (black box), with helpers to wait for health, sign in, read its
 * memory (RSS from /proc), wait for a line of its output and stop it by signal.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, readFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

export const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');
export const ADMIN = { email: 'admin@resilience.test', password: 'Admin12345' } as const;

/** A free TCP port on 127.0.0.1. */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const address = probe.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      probe.close(() => resolve(port));
    });
  });
}

/** A new temporary directory. */
export const tempDir = (prefix: string) => mkdtempSync(path.join(tmpdir(), `solar-${prefix}-`));

export interface ServerProcess {
  child: ChildProcess;
  port: number;
  /** http://127.0.0.1:<port>/api/v1 */
  api: string;
  /** Everything the process wrote to stdout and stderr so far. */
  output(): string;
  /** Resolves with the exit code (or signal name) once the process has ended. */
  exited: Promise<number | string>;
  /**
   * Resolves once the output has `text` (checked as each chunk arrives); rejects, with the
   * output, when the process exits first or after `timeoutMs` (default 10 s) without it.
   */
  waitForOutput(text: string, timeoutMs?: number): Promise<void>;
  /**
   * Sends `signal` and waits for the exit; past `timeoutMs` (default 20 s) it is killed
   * (SIGKILL), so `code` tells a clean exit in time (0) from one forced.
   */
  stop(signal?: NodeJS.Signals, timeoutMs?: number): Promise<{ code: number | string }>;
  /** Resident memory of the process, bytes (Linux /proc). */
  rss(): number;
}

/** Starts the server with `env` over the defaults; does not wait for it (see waitHealthy). */
export async function spawnServer(
  env: Record<string, string>,
  port?: number,
): Promise<ServerProcess> {
  const listenPort = port ?? (await freePort());
  let output = '';
  const child = spawn(process.execPath, [path.join(ROOT, 'apps/server/src/main.ts')], {
    cwd: ROOT,
    env: {
      ...process.env,
      PORT: String(listenPort),
      HOST: '127.0.0.1',
      ADMIN_EMAIL: ADMIN.email,
      ADMIN_PASSWORD: ADMIN.password,
      LOG_LEVEL: 'warn',
      AUTH_RATE_LIMIT: '100000',
      CHAT_RATE_LIMIT: '100000',
      PROJECTS_RATE_LIMIT: '100000',
      WEB_DIST: path.join(ROOT, 'no-web-build'),
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  child.stdout?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const exited = new Promise<number | string>((resolve) =>
    child.once('exit', (code, signal) => resolve(code ?? signal ?? 'unknown')),
  );
  return {
    child,
    port: listenPort,
    api: `http://127.0.0.1:${listenPort}/api/v1`,
    output: () => output,
    exited,
    waitForOutput(text, timeoutMs = 10_000) {
      return new Promise<void>((resolve, reject) => {
        const done = (error?: Error) => {
          clearTimeout(timer);
          child.stdout?.off('data', check);
          child.stderr?.off('data', check);
          child.off('exit', onExit);
          if (error) reject(error);
          else resolve();
        };
        // Listeners run after the collectors above: `output` already has the chunk.
        const check = () => {
          if (output.includes(text)) done();
        };
        const onExit = () => done(new Error(`exited before "${text}":\n${output}`));
        const timer = setTimeout(
          () => done(new Error(`no "${text}" within ${timeoutMs} ms:\n${output}`)),
          timeoutMs,
        );
        child.stdout?.on('data', check);
        child.stderr?.on('data', check);
        child.once('exit', onExit);
        check();
      });
    },
    async stop(signal = 'SIGTERM', timeoutMs = 20_000) {
      if (child.exitCode === null && child.signalCode === null) child.kill(signal);
      const timer = setTimeout(() => child.kill('SIGKILL'), timeoutMs);
      const code = await exited;
      clearTimeout(timer);
      return { code };
    },
    rss() {
      const status = readFileSync(`/proc/${child.pid}/status`, 'utf8');
      const kb = Number(/VmRSS:\s+(\d+)/.exec(status)?.[1] ?? 0);
      return kb * 1024;
    },
  };
}

/**
 * Waits for the server's start line ("Solar is running at …", written at any LOG_LEVEL once
 * it listens), then checks that /health answers 200. Fails early, with the output, if the
 * process exits first.
 */
export async function waitHealthy(server: ServerProcess, timeoutMs = 60_000): Promise<void> {
  await server.waitForOutput('Solar is running at', timeoutMs);
  const response = await fetch(`${server.api}/health`);
  if (response.status !== 200) {
    throw new Error(`/health answered ${response.status} once started:\n${server.output()}`);
  }
}

/** Starts the server and waits for health. */
export async function startServer(env: Record<string, string>, port?: number) {
  const server = await spawnServer(env, port);
  await waitHealthy(server);
  return server;
}

/** A JSON call; status and parsed body (undefined when empty or not JSON). */
export async function callJson(
  api: string,
  method: string,
  url: string,
  options: { token?: string; body?: unknown } = {},
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
): Promise<{ status: number; body: any }> {
  const response = await fetch(`${api}${url}`, {
    method,
    headers: {
      ...(options.token ? { authorization: `Bearer ${options.token}` } : {}),
      ...(options.body === undefined ? {} : { 'content-type': 'application/json' }),
    },
    ...(options.body === undefined ? {} : { body: JSON.stringify(options.body) }),
  });
  const text = await response.text();
  let body: unknown;
  try {
    body = text ? JSON.parse(text) : undefined;
  } catch {
    body = text;
  }
  return { status: response.status, body };
}

/** Signs the admin in; the access token. */
export async function adminToken(api: string): Promise<string> {
  const answer = await callJson(api, 'POST', '/auth/email/signin', { body: ADMIN });
  if (answer.status !== 200) throw new Error(`admin sign-in: ${answer.status}`);
  return answer.body.token as string;
}

/**
 * Makes `dataDir` a real data directory: the server starts on it, the admin saves one
 * project ('Kept Street 1'), and the server stops cleanly (SIGTERM, exit code 0).
 */
export async function seedDataDir(dataDir: string): Promise<void> {
  const server = await startServer({ DATA_DIR: dataDir });
  const token = await adminToken(server.api);
  const saved = await callJson(server.api, 'POST', '/projects', {
    token,
    body: { location: { address: 'Kept Street 1', latitude: 1, longitude: 1 } },
  });
  const stopped = await server.stop('SIGTERM');
  if (saved.status !== 201 || stopped.code !== 0) {
    throw new Error(`seeding ${dataDir}: project ${saved.status}, exit ${stopped.code}`);
  }
}

/** One chat stream read to its end or until the connection breaks. */
export interface StreamOutcome {
  conversationId: string | undefined;
  text: string;
  completed: boolean;
  error: string | undefined;
}

/**
 * Posts to /chat/stream and reads the events; `onFirstChunk` fires when the first chunk
 * (with the conversation id) arrived, `onText` after each piece of reply text with the
 * text so far.
 */
export async function openStream(
  api: string,
  token: string,
  message: string,
  onFirstChunk?: () => void,
  onText?: (text: string) => void,
): Promise<StreamOutcome> {
  const outcome: StreamOutcome = {
    conversationId: undefined,
    text: '',
    completed: false,
    error: undefined,
  };
  try {
    const response = await fetch(`${api}/chat/stream`, {
      method: 'POST',
      headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
      body: JSON.stringify({ message, conversationId: null }),
    });
    if (response.status !== 200) {
      outcome.error = `status ${response.status}`;
      return outcome;
    }
    const decoder = new TextDecoder();
    let buffer = '';
    for await (const part of response.body!) {
      buffer += decoder.decode(part, { stream: true });
      let end: number;
      while ((end = buffer.indexOf('\n\n')) >= 0) {
        const block = buffer.slice(0, end);
        buffer = buffer.slice(end + 2);
        const data = /^data: (.*)$/m.exec(block)?.[1];
        if (!data) continue;
        const chunk = JSON.parse(data) as {
          conversationId: string;
          textDelta: string;
          isComplete: boolean;
          isError: boolean;
        };
        if (!outcome.conversationId) {
          outcome.conversationId = chunk.conversationId;
          onFirstChunk?.();
        }
        if (chunk.isComplete) outcome.completed = true;
        else if (chunk.isError) outcome.error = chunk.textDelta;
        else if (chunk.textDelta) {
          outcome.text += chunk.textDelta;
          onText?.(outcome.text);
        }
      }
    }
  } catch (error) {
    outcome.error = error instanceof Error ? error.message : String(error);
  }
  return outcome;
}
