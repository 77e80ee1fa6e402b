/**
 * Helpers shared by the server suites: JSON calls through Fastify inject, signing in,
 * row counts of the account tables (to prove that a refused call wrote nothing), and the
 * `.eml` outbox (mail written when no SMTP server is configured).
 */
import { count } from 'drizzle-orm';
import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { expect, vi } from 'vitest';
import { auditLog, oneTimeTokens, refreshTokens, users } from '../src/db/schema.ts';
import type { TestServer } from './harness.ts';

/** A JSON answer: status, headers and parsed body. */
export interface JsonAnswer {
  status: number;
  headers: Record<string, string | string[] | number | undefined>;
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  body: any;
}

/** Calls the API (`url` without the /api/v1 prefix) with an optional bearer token. */
export async function call(
  server: { app: Pick<TestServer['app'], 'inject'> },
  method: 'GET' | 'POST' | 'PUT' | 'DELETE',
  url: string,
  options: { body?: unknown; token?: string; headers?: Record<string, string> } = {},
): Promise<JsonAnswer> {
  const response = await server.app.inject({
    method,
    url: `/api/v1${url}`,
    headers: {
      ...(options.token ? { authorization: `Bearer ${options.token}` } : {}),
      ...options.headers,
    },
    ...(options.body === undefined ? {} : { payload: options.body as object }),
  });
  return {
    status: response.statusCode,
    headers: response.headers,
    body: response.body ? JSON.parse(response.body) : undefined,
  };
}

/** Signs in and returns the AuthResponse; fails the test on anything but 200. */
export async function signIn(server: TestServer, credentials: { email: string; password: string }) {
  const answer = await call(server, 'POST', '/auth/email/signin', { body: credentials });
  expect(answer.status, JSON.stringify(answer.body)).toBe(200);
  return answer.body as {
    token: string;
    refreshToken: string;
    expiresAt: string;
    user: { id: string; email: string; role: string };
  };
}

let counter = 0;
/** A fresh email address for this run. */
export function uniqueEmail(prefix = 'user'): string {
  counter += 1;
  return `${prefix}.${Date.now().toString(36)}.${counter}@example.com`;
}

/** A valid sign-up body for a fresh address. */
export function signUpBody(overrides: Record<string, unknown> = {}) {
  return {
    name: 'Aida Bekova',
    email: uniqueEmail('signup'),
    password: 'Secret123',
    confirmPassword: 'Secret123',
    ...overrides,
  };
}

/**
 * Row counts of every table an account call may write, read once the server's mail queue
 * is idle: mail jobs (verification, welcome, reset links) write their tokens after the
 * answer, so counting earlier would race them.
 */
export async function rowCounts(server: TestServer) {
  await server.settleMail();
  const { db } = server.database;
  const n = async (
    table: typeof users | typeof refreshTokens | typeof oneTimeTokens | typeof auditLog,
  ) => (await db.select({ n: count() }).from(table))[0]!.n;
  return {
    users: await n(users),
    refreshTokens: await n(refreshTokens),
    oneTimeTokens: await n(oneTimeTokens),
    auditLog: await n(auditLog),
  };
}

/** Decodes a quoted-printable body (soft line breaks and =XX escapes). */
export function decodeQuotedPrintable(text: string): string {
  const joined = text.replace(/=\r?\n/g, '');
  const bytes: number[] = [];
  for (let i = 0; i < joined.length; i++) {
    const hex = joined.slice(i + 1, i + 3);
    if (joined[i] === '=' && /^[0-9A-F]{2}$/i.test(hex)) {
      bytes.push(parseInt(hex, 16));
      i += 2;
    } else {
      bytes.push(...Buffer.from(joined[i]!, 'utf8'));
    }
  }
  return Buffer.from(bytes).toString('utf8');
}

/**
 * A raw MIME message made readable: quoted-printable decoded, base64 parts and encoded-word
 * headers (`=?UTF-8?B?...?=`) appended/replaced in clear.
 */
export function decodeMail(raw: string): string {
  const base64Parts = [
    ...raw.matchAll(
      /Content-Transfer-Encoding: base64\r?\n(?:[^\r\n]+\r?\n)*\r?\n([A-Za-z0-9+/=\r\n]+)/g,
    ),
  ].map((m) => Buffer.from(m[1]!.replace(/\s/g, ''), 'base64').toString('utf8'));
  const headers = raw.replace(/=\?UTF-8\?([BQ])\?([^?]*)\?=/gi, (_w, enc: string, text: string) =>
    enc.toUpperCase() === 'B'
      ? Buffer.from(text, 'base64').toString('utf8')
      : decodeQuotedPrintable(text.replace(/_/g, ' ')),
  );
  return [decodeQuotedPrintable(headers), ...base64Parts].join('\n');
}

/** The `.eml` files in the server's outbox, oldest first, raw and decoded. */
export async function outbox(
  server: TestServer,
): Promise<{ file: string; raw: string; text: string }[]> {
  const dir = path.join(server.config.dataDir, 'outbox');
  const names = await readdir(dir).catch(() => [] as string[]);
  const mails = [];
  for (const name of names.filter((n) => n.endsWith('.eml')).sort()) {
    const raw = await readFile(path.join(dir, name), 'utf8');
    mails.push({ file: name, raw, text: decodeMail(raw) });
  }
  return mails;
}

/**
 * Waits (up to 15 s) for a mail to `to` whose text matches `pattern`; returns its text. A
 * fresh server's first mail loads the mail code, which a loaded machine can take seconds
 * for; the wait ends as soon as the mail is there.
 */
export async function waitForMail(
  server: TestServer,
  to: string,
  pattern: RegExp,
): Promise<string> {
  return vi.waitFor(
    async () => {
      const found = (await outbox(server)).find(
        (mail) => mail.raw.includes(`To: ${to}`) && pattern.test(mail.text),
      );
      if (!found) throw new Error(`no mail to ${to} matching ${pattern}`);
      return found.text;
    },
    { timeout: 15_000, interval: 25 },
  );
}

/** The token of the first link in `text` to `/<page>?token=`. */
export function linkToken(
  text: string,
  page: 'reset-password' | 'verify-email' | 'confirm-email-change' | 'cancel-email-change',
): string {
  const match = new RegExp(`/${page}\\?token=([\\w-]+)`).exec(text);
  if (!match) throw new Error(`no ${page} link in the mail`);
  return match[1]!;
}
