/**
 * The contract suite against the REAL server, started as a black box: `node
 * apps/server/src/main.ts` on a free port with a fresh DATA_DIR (PGlite), then stopped.
 * Mail tokens are read from the .eml files the server writes to DATA_DIR/outbox.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, rmSync, statSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, vi } from 'vitest';
import { MAIL_LINK_PAGES, type MailLinkKind } from '../../packages/api/src/contract/kit.ts';
import { contractSuite } from '../../packages/api/src/contract/suite.ts';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const admin = { email: 'admin@contract.test', password: 'Admin123!' };
let child: ChildProcess | undefined;
let dataDir = '';
let baseUrl = '';
let output = '';

function freePort(): Promise<number> {
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

/**
 * Waits for the server's start line ("Solar is running at …", written at any LOG_LEVEL once
 * it listens), then checks that /health answers 200; fails with the output if the process
 * exits first or does not start within `timeoutMs`.
 */
async function waitForHealth(url: string, timeoutMs: number): Promise<void> {
  const server = child!;
  await new Promise<void>((resolve, reject) => {
    const done = (error?: Error) => {
      clearTimeout(timer);
      server.stdout?.off('data', check);
      server.off('exit', onExit);
      if (error) reject(error);
      else resolve();
    };
    // Runs after the collector that appends to `output`.
    const check = () => {
      if (output.includes('Solar is running at')) done();
    };
    const onExit = (code: number | null) =>
      done(new Error(`the server exited with ${code}:\n${output}`));
    const timer = setTimeout(
      () => done(new Error(`the server did not start within ${timeoutMs} ms:\n${output}`)),
      timeoutMs,
    );
    server.stdout?.on('data', check);
    server.once('exit', onExit);
    check();
  });
  const response = await fetch(`${url}/health`);
  if (response.status !== 200) {
    throw new Error(`/health answered ${response.status} once started:\n${output}`);
  }
}

/** Decodes quoted-printable soft breaks and =XX escapes, enough to read a link. */
function decodeQuotedPrintable(text: string): string {
  return text
    .replace(/=\r?\n/g, '')
    .replace(/=([0-9A-F]{2})/g, (_, hex: string) => String.fromCharCode(parseInt(hex, 16)));
}

/** The token of the newest mail to `email` whose link is of `kind`, from DATA_DIR/outbox. */
function readMailToken(email: string, kind: MailLinkKind): string | null {
  const outbox = path.join(dataDir, 'outbox');
  let files: string[];
  try {
    files = readdirSync(outbox).map((f) => path.join(outbox, f));
  } catch {
    return null;
  }
  const marker = MAIL_LINK_PAGES[kind];
  const mails = files
    .sort((a, b) => statSync(a).mtimeMs - statSync(b).mtimeMs)
    .map((f) => decodeQuotedPrintable(readFileSync(f, 'utf8')))
    .filter((text) => text.toLowerCase().includes(email.toLowerCase()));
  for (const text of mails.reverse()) {
    const match = new RegExp(`${marker}[^\\s"'<>]*[?&]token=([A-Za-z0-9._~%-]+)`).exec(text);
    if (match) return decodeURIComponent(match[1]!);
  }
  return null;
}

beforeAll(async () => {
  dataDir = mkdtempSync(path.join(tmpdir(), 'solar-contract-'));
  const port = await freePort();
  baseUrl = `http://127.0.0.1:${port}/api/v1`;
  child = spawn(process.execPath, [path.join(root, 'apps/server/src/main.ts')], {
    cwd: root,
    env: {
      ...process.env,
      DATA_DIR: dataDir,
      PORT: String(port),
      HOST: '127.0.0.1',
      ADMIN_EMAIL: admin.email,
      ADMIN_PASSWORD: admin.password,
      LOG_LEVEL: 'warn',
      // The suite signs up a user per test from one address; abuse limits are not under test here.
      AUTH_RATE_LIMIT: '10000',
      PUBLIC_URL: `http://127.0.0.1:${port}`,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  child.stdout?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  await waitForHealth(baseUrl, 60_000);
});

afterAll(async () => {
  if (child && child.exitCode === null) {
    const exited = new Promise((resolve) => child!.once('exit', resolve));
    child.kill('SIGTERM');
    await Promise.race([exited, new Promise((resolve) => setTimeout(resolve, 5000))]);
    if (child.exitCode === null) child.kill('SIGKILL');
  }
  if (dataDir) rmSync(dataDir, { recursive: true, force: true });
});

describe('contract: real server', () => {
  contractSuite(() => ({
    baseUrl,
    fetch: (input, init) => globalThis.fetch(input, init),
    admin,
    async mailToken(email, kind) {
      // Mail is written after the answer: read the outbox until it is there (5 s at most).
      return vi
        .waitFor(
          () => {
            const token = readMailToken(email, kind);
            if (!token) throw new Error(`no ${kind} mail to ${email}`);
            return token;
          },
          { timeout: 5000, interval: 100 },
        )
        .catch(() => null);
    },
  }));
});
