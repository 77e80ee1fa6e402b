/**
 * Outgoing mail (issue 4, "Mail"; API-CONTRACT.md, Start-up): nodemailer over `SMTP_URL`,
 * or, without it, one RFC 5322 `.eml` file per mail in `DATA_DIR/outbox/` plus a log line
 * naming the subject, the recipient and the file. Links and tokens are never logged
 * (docs/decisions/009-mail-and-rate-limits.md).
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

/** Sends mail; rejects when the transport fails. */
export interface Mailer {
  send(mail: OutgoingMail): Promise<void>;
  close(): void;
}

/** Mail over SMTP (`smtp://user:pass@host:port`, `smtps://...`). */
export function createSmtpMailer(smtpUrl: string, from: string): Mailer {
  const transport = nodemailer.createTransport(smtpUrl);
  return {
    async send(mail) {
      await transport.sendMail({ from, ...mail });
    },
    close: () => transport.close(),
  };
}

/** Mail as `.eml` files in `outboxDir` (created on first use), with a log line per mail. */
export function createOutboxMailer(
  outboxDir: string,
  from: string,
  log: Pick<FastifyBaseLogger, 'info'>,
): Mailer {
  const transport = nodemailer.createTransport({
    streamTransport: true,
    buffer: true,
    newline: 'windows',
  });
  return {
    async send(mail) {
      const info = await transport.sendMail({ from, ...mail });
      await mkdir(outboxDir, { recursive: true });
      const stamp = new Date().toISOString().replace(/[:.]/g, '-');
      const file = path.join(outboxDir, `${stamp}-${randomUUID().slice(0, 8)}.eml`);
      await writeFile(file, info.message as Buffer, { mode: 0o600 });
      log.info({ to: mail.to, subject: mail.subject, file }, 'mail written to the outbox');
    },
    close: () => transport.close(),
  };
}
