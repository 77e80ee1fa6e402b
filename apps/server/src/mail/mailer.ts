/**
 * Outgoing mail (docs/product.md#mail; docs/decisions/009-mail-and-rate-limits.md):
 * nodemailer over `SMTP_URL`, or, without it, one RFC 5322 `.eml` file per mail in
 * `DATA_DIR/outbox/` plus a log line naming the subject, the recipient and the file. Links
 * and tokens are never logged. With SUPPORT_EMAIL, replies go there (`Reply-To`).
 */
import { randomUUID } from 'node:crypto';
import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import nodemailer from 'nodemailer';
import type { FastifyBaseLogger } from 'fastify';
import type { MailContent } from './templates.ts';

/** One message: recipient address plus rendered content. */
export interface OutgoingMail extends MailContent {
  to: string;
}

/** Sends mail; rejects when the transport fails or `signal` aborts first. */
export interface Mailer {
  send(mail: OutgoingMail, signal?: AbortSignal): Promise<void>;
  close(): void;
}

/**
 * nodemailer's time limits for one SMTP send, ms: connecting, the server's greeting, and
 * silence on the socket. A server that stops answering fails the attempt within about a
 * minute and a half, and the job is retried later (mail/outbox.ts).
 */
export const SMTP_TIMEOUTS = {
  connectionTimeout: 15_000,
  greetingTimeout: 15_000,
  socketTimeout: 60_000,
} as const;

/** The longest one SMTP send can take (the lease of a mail job is longer), ms. */
export const SMTP_SEND_MAX_MS =
  SMTP_TIMEOUTS.connectionTimeout + SMTP_TIMEOUTS.greetingTimeout + SMTP_TIMEOUTS.socketTimeout;

/** Who the mail is from, and where replies go. */
export interface Sender {
  from: string;
  /** SUPPORT_EMAIL: the `Reply-To` of every mail; undefined: none. */
  replyTo?: string | undefined;
}

/** Rejects once `signal` aborts (for a send that cannot be aborted itself). */
function abortable<T>(work: Promise<T>, signal: AbortSignal | undefined): Promise<T> {
  if (!signal) return work;
  return Promise.race([
    work,
    new Promise<never>((_, reject) => {
      if (signal.aborted) reject(signal.reason);
      signal.addEventListener('abort', () => reject(signal.reason), { once: true });
    }),
  ]);
}

/** Mail over SMTP (`smtp://user:pass@host:port`, `smtps://...`) with {@link SMTP_TIMEOUTS}. */
export function createSmtpMailer(smtpUrl: string, sender: Sender): Mailer {
  const transport = nodemailer.createTransport({ url: smtpUrl, ...SMTP_TIMEOUTS });
  return {
    async send(mail, signal) {
      await abortable(transport.sendMail({ ...sender, ...mail }), signal);
    },
    close: () => transport.close(),
  };
}

/** Mail as `.eml` files in `outboxDir` (created on first use), with a log line per mail. */
export function createOutboxMailer(
  outboxDir: string,
  sender: Sender,
  log: Pick<FastifyBaseLogger, 'info'>,
): Mailer {
  const transport = nodemailer.createTransport({
    streamTransport: true,
    buffer: true,
    newline: 'windows',
  });
  return {
    async send(mail) {
      const info = await transport.sendMail({ ...sender, ...mail });
      await mkdir(outboxDir, { recursive: true });
      const stamp = new Date().toISOString().replace(/[:.]/g, '-');
      const file = path.join(outboxDir, `${stamp}-${randomUUID().slice(0, 8)}.eml`);
      await writeFile(file, info.message as Buffer, { mode: 0o600 });
      log.info({ to: mail.to, subject: mail.subject, file }, 'mail written to the outbox');
    },
    close: () => transport.close(),
  };
}
