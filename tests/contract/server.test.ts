/**
 * The contract suite against the REAL server, started as a black box: `node
 * apps/server/src/main.ts` on a free port with a fresh DATA_DIR (PGlite), then stopped, by
 * the resilience suite's process helpers (tests/resilience/support/process.ts).
 * Mail tokens are read from the .eml files the server writes to DATA_DIR/outbox.
 */
import { mkdtempSync, readdirSync, readFileSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, vi } from 'vitest';
import { MAIL_LINK_PAGES, type MailLinkKind } from '../../packages/api/src/contract/kit.ts';
import { contractSuite } from '../../packages/api/src/contract/suite.ts';
import { freePort, startServer, type ServerProcess } from '../resilience/support/process.ts';

const admin = { email: 'admin@contract.test', password: 'Admin123!' };
let server: ServerProcess | undefined;
let dataDir = '';
let baseUrl = '';

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
  server = await startServer(
    {
      DATA_DIR: dataDir,
      ADMIN_EMAIL: admin.email,
      ADMIN_PASSWORD: admin.password,
      // The suite signs up a user per test from one address; abuse limits are not under test here.
      AUTH_RATE_LIMIT: '10000',
      PUBLIC_URL: `http://127.0.0.1:${port}`,
    },
    port,
  );
  baseUrl = server.api;
});

afterAll(async () => {
  await server?.stop();
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
