/**
 * The server's log (logging.ts): secrets redacted by exact paths; one line per request with
 * what operators use (request id, method, URL without query secrets, client address, status,
 * response time, user id); an asynchronous destination that loses no line when the process
 * exits or crashes; and, from the real `node src/main.ts`, nothing but JSON lines: the start
 * banner and a generated administrator password (at any LOG_LEVEL), Node's warnings, a crash
 * and a refusal to start.
 */
import { spawn } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { Writable } from 'node:stream';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { buildApp } from '../src/app.ts';
import { loadConfig } from '../src/config.ts';
import { openDatabase } from '../src/db/database.ts';
import { createLogger, REDACTED_PATHS } from '../src/logging.ts';
import { ensureAdmin } from '../src/users/seed-admin.ts';

const main = fileURLToPath(new URL('../src/main.ts', import.meta.url));
const logging = pathToFileURL(fileURLToPath(new URL('../src/logging.ts', import.meta.url))).href;

type Line = Record<string, unknown>;

/** A stream that keeps every line written to it, parsed. */
function memoryStream() {
  const lines: Line[] = [];
  const stream = new Writable({
    write(chunk, _encoding, done) {
      for (const text of String(chunk).split('\n').filter(Boolean)) lines.push(JSON.parse(text));
      done();
    },
  });
  return { lines, stream };
}

/** The value at a dotted path of `object`. */
function at(object: unknown, dotted: string): unknown {
  return dotted
    .split('.')
    .reduce<unknown>((value, key) => (value as Record<string, unknown> | undefined)?.[key], object);
}

/** An object with 'SECRET' at the dotted path and a harmless neighbour beside it. */
function withSecret(dotted: string): Line {
  const root: Line = {};
  const keys = dotted.split('.');
  let current = root;
  for (const key of keys.slice(0, -1)) current = (current[key] = { keep: 'visible' }) as Line;
  current[keys.at(-1)!] = 'SECRET';
  return root;
}

describe('redaction', () => {
  it('names exact paths only (wildcards cost far more on every line)', () => {
    expect(REDACTED_PATHS.length).toBeGreaterThan(0);
    expect(REDACTED_PATHS.filter((p) => p.includes('*') || p.includes('['))).toEqual([]);
  });

  it.each(REDACTED_PATHS)('redacts %s and keeps what is beside it', (dotted) => {
    const { lines, stream } = memoryStream();
    createLogger({ logLevel: 'info' }, stream).info({ ...withSecret(dotted), email: 'a@b.c' });
    expect(at(lines[0], dotted)).toBe('[redacted]');
    expect(JSON.stringify(lines[0])).not.toContain('SECRET');
    expect(lines[0]!.email).toBe('a@b.c');
    if (dotted.includes('.')) {
      expect(at(lines[0], dotted.replace(/[^.]+$/, 'keep'))).toBe('visible');
    }
  });

  it('leaves fields of other names alone', () => {
    const { lines, stream } = memoryStream();
    createLogger({ logLevel: 'info' }, stream).info({ generatedPassword: 'shown', exitCode: 1 });
    expect(lines[0]).toMatchObject({ generatedPassword: 'shown', exitCode: 1 });
  });
});

describe('request lines', () => {
  const { lines, stream } = memoryStream();
  const admin = { email: 'log-admin@example.com', password: 'Admin12345' };
  let app: Awaited<ReturnType<typeof buildApp>>;
  let close: () => Promise<void>;
  beforeAll(async () => {
    const dataDir = await mkdtemp(path.join(os.tmpdir(), 'solar-log-lines-'));
    const database = await openDatabase({ kind: 'memory' });
    await ensureAdmin(database.db, admin);
    app = await buildApp({
      config: loadConfig({ DATA_DIR: dataDir, LOG_LEVEL: 'info' }),
      database,
      jwtSecret: 'x'.repeat(40),
      logger: { stream },
    });
    close = async () => {
      await app.close();
      await database.close();
      await rm(dataDir, { recursive: true, force: true });
    };
  });
  afterAll(async () => {
    await close?.();
  });

  const linesOf = (id: string) => lines.filter((line) => line.reqId === id);

  it('writes one line when a request ends, with the fields operators use', async () => {
    const signin = await app.inject({
      method: 'POST',
      url: '/api/v1/auth/email/signin',
      payload: admin,
    });
    const { token, user } = signin.json<{ token: string; user: { id: string } }>();
    const me = await app.inject({
      method: 'GET',
      url: '/api/v1/auth/me',
      headers: { authorization: `Bearer ${token}` },
    });
    expect(me.statusCode).toBe(200);
    const logged = linesOf(String(me.headers['x-request-id']));
    expect(logged).toHaveLength(1);
    expect(logged[0]).toMatchObject({
      level: 30,
      msg: 'request completed',
      req: { method: 'GET', url: '/api/v1/auth/me', remoteAddress: '127.0.0.1' },
      res: { statusCode: 200 },
      userId: user.id,
    });
    expect(logged[0]!.responseTime).toEqual(expect.any(Number));
    expect(Object.keys(logged[0]!).sort()).toEqual(
      [
        'hostname',
        'level',
        'msg',
        'pid',
        'req',
        'reqId',
        'res',
        'responseTime',
        'time',
        'userId',
      ].sort(),
    );
    expect(JSON.stringify(lines)).not.toContain(token);
    expect(lines.some((line) => line.msg === 'incoming request')).toBe(false);
  });

  it('has no user id for an anonymous caller and no query secret in the URL', async () => {
    const answer = await app.inject({ method: 'GET', url: '/api/v1/nothing?token=SECRET1&x=1' });
    expect(answer.statusCode).toBe(404);
    const logged = linesOf(String(answer.headers['x-request-id']));
    expect(logged).toHaveLength(1);
    expect(logged[0]).toMatchObject({
      req: { url: '/api/v1/nothing?token=[redacted]&x=1' },
      res: { statusCode: 404 },
    });
    expect(logged[0]).not.toHaveProperty('userId');
    expect(JSON.stringify(lines)).not.toContain('SECRET1');
  });
});

/** `node <args>` as a child; its stdout, stderr and exit code. */
function runNode(args: string[], env: Record<string, string> = {}) {
  const child = spawn(process.execPath, args, {
    env: { ...process.env, ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const output = { stdout: '', stderr: '' };
  child.stdout!.setEncoding('utf8').on('data', (s: string) => (output.stdout += s));
  child.stderr!.setEncoding('utf8').on('data', (s: string) => (output.stderr += s));
  const exited = new Promise<number | null>((resolve) => child.once('close', resolve));
  return { child, output, exited };
}

const jsonLines = (text: string): Line[] =>
  text
    .split('\n')
    .filter(Boolean)
    .map((line) => JSON.parse(line) as Line);

describe('the asynchronous destination', () => {
  // Far more than a pipe holds (64 kB): most lines are still in the process when it ends.
  const COUNT = 20_000;
  const logSome = `
    import { createLogger } from ${JSON.stringify(logging)};
    const log = createLogger({ logLevel: 'info' });
    for (let n = 0; n < ${COUNT}; n++) log.info({ n, padding: 'x'.repeat(100) }, 'line');
  `;

  it.each([
    ['process.exit', 'process.exit(0);', 0],
    ['an uncaught exception', "throw new Error('crash');", 1],
  ])('loses no line when the process ends by %s', async (_name, ending, code) => {
    const run = runNode(['--input-type=module', '-e', `${logSome}\n${ending}`]);
    expect(await run.exited, run.output.stderr).toBe(code);
    const lines = jsonLines(run.output.stdout);
    expect(lines).toHaveLength(COUNT);
    expect(lines.map((line) => line.n)).toEqual([...Array(COUNT).keys()]);
  });

  it('writes Node warnings as JSON lines, also those raised before the logger exists', async () => {
    const run = runNode([
      '--input-type=module',
      '-e',
      `
      import { captureProcessWarnings, createLogger, logProcessWarnings } from ${JSON.stringify(logging)};
      captureProcessWarnings();
      process.emitWarning('early', 'ExperimentalWarning');
      await new Promise((resolve) => setImmediate(resolve));
      logProcessWarnings(createLogger({ logLevel: 'info' }));
      process.emitWarning('late', { type: 'DeprecationWarning', code: 'DEP_TEST' });
      await new Promise((resolve) => setImmediate(resolve));
      `,
    ]);
    expect(await run.exited).toBe(0);
    expect(run.output.stderr).toBe('');
    const lines = jsonLines(run.output.stdout);
    expect(lines.map((line) => [line.level, line.msg])).toEqual([
      [40, 'ExperimentalWarning: early'],
      [40, 'DeprecationWarning: late'],
    ]);
    expect(lines[1]!.err).toMatchObject({ message: 'late', code: 'DEP_TEST' });
  });
});

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

/** Resolves once `test()` holds (vi.waitFor, every 50 ms); throws after `ms` with `more()`. */
async function until(test: () => boolean, what: string, more: () => string, ms = 60_000) {
  await vi.waitFor(
    () => {
      if (!test()) throw new Error(`timed out waiting for ${what}\n${more()}`);
    },
    { timeout: ms, interval: 50 },
  );
}

/** The real server (`node src/main.ts`) on a fresh DATA_DIR, with no ADMIN_PASSWORD. */
async function startServer(env: Record<string, string>, nodeArgs: string[] = []) {
  const dataDir = await mkdtemp(path.join(os.tmpdir(), 'solar-log-server-'));
  const port = await freePort();
  const clean: Record<string, string> = {};
  for (const name of ['DATABASE_URL', 'WORKERS', 'ADMIN_EMAIL', 'ADMIN_PASSWORD', 'JWT_SECRET']) {
    clean[name] = '';
  }
  const run = runNode([...nodeArgs, main], {
    ...clean,
    DATA_DIR: dataDir,
    PORT: String(port),
    HOST: '127.0.0.1',
    WEB_DIST: '',
    ...env,
  });
  const dump = () => `${run.output.stdout}\n${run.output.stderr}`;
  await until(() => run.output.stdout.includes('Solar is running at'), 'start-up', dump);
  return {
    ...run,
    api: `http://127.0.0.1:${port}/api/v1`,
    port,
    dump,
    remove: () => rm(dataDir, { recursive: true, force: true }),
  };
}

describe('the server process', () => {
  it('writes only JSON lines: the banner, a generated password, requests, shutdown', async () => {
    const server = await startServer({ LOG_LEVEL: 'info' });
    try {
      const lines = () => jsonLines(server.output.stdout);
      const notice = lines().find((line) => typeof line.generatedPassword === 'string');
      expect(notice, server.dump()).toMatchObject({ level: 30, email: 'admin@solar.local' });
      expect(lines()).toContainEqual(
        expect.objectContaining({
          level: 30,
          url: `http://localhost:${server.port}`,
          msg: `Solar is running at http://localhost:${server.port}`,
        }),
      );
      // The printed password is the one that works.
      const signin = await fetch(`${server.api}/auth/email/signin`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ email: notice!.email, password: notice!.generatedPassword }),
      });
      expect(signin.status).toBe(200);
      server.child.kill('SIGTERM');
      expect(await server.exited, server.dump()).toBe(0);
      expect(server.output.stderr).toBe('');
      // Nothing lost at exit: the request's line and the shutdown line are there.
      const all = lines();
      expect(all.filter((line) => line.msg === 'request completed')).toHaveLength(1);
      expect(all.at(-1)).toMatchObject({ msg: 'shutting down', signal: 'SIGTERM' });
    } finally {
      server.child.kill('SIGKILL');
      await server.remove();
    }
  }, 120_000);

  it('shows the banner and the password at LOG_LEVEL=error, and a crash as one line', async () => {
    // A preloaded module that throws from a signal handler: an uncaught exception in the
    // running server.
    const thrower = `data:text/javascript,${encodeURIComponent(
      "process.on('SIGUSR2', () => { throw new Error('boom in a handler'); });",
    )}`;
    const server = await startServer({ LOG_LEVEL: 'error' }, ['--import', thrower]);
    try {
      const lines = () => jsonLines(server.output.stdout);
      expect(lines().map((line) => line.msg)).toEqual([
        expect.stringMatching(/^first administrator created with a generated password/),
        `Solar is running at http://localhost:${server.port}`,
      ]);
      server.child.kill('SIGUSR2');
      expect(await server.exited, server.dump()).toBe(1);
      expect(server.output.stderr).toBe('');
      expect(lines().at(-1)).toMatchObject({
        level: 60,
        msg: 'the server crashed',
        origin: 'uncaughtException',
        err: { message: 'boom in a handler' },
      });
    } finally {
      server.child.kill('SIGKILL');
      await server.remove();
    }
  }, 120_000);

  it('refuses to start with one JSON line on stderr naming the variable', async () => {
    const run = runNode([main], { LOG_LEVEL: 'loud', WEB_DIST: '' });
    expect(await run.exited).toBe(1);
    expect(run.output.stdout).toBe('');
    const lines = jsonLines(run.output.stderr);
    expect(lines).toHaveLength(1);
    expect(lines[0]).toMatchObject({ level: 60 });
    expect(String(lines[0]!.msg)).toMatch(/^Invalid configuration: LOG_LEVEL /);
  });
});
