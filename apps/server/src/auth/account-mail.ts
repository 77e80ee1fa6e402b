/**
 * The account mails, off the request path: every mail is a job of an in-process queue
 * (fastq, {@link MAIL_CONCURRENCY} at a time). A job may first prepare the mail (look the
 * account up, issue the mailed token) so that a request does the same work whether or not
 * an account gets mail (issue 20 item 8: forgot-password must not tell known emails by its
 * time). The mail is rendered in the user's language; failures are logged without the
 * link. `settle` waits until the queue is empty (shutdown, tests).
 */
import fastq from 'fastq';
import type { Locale } from '@solar/domain/constants';
import type { FastifyBaseLogger } from 'fastify';
import type { Mailer } from '../mail/mailer.ts';
import { renderMail, type MailKind } from '../mail/templates.ts';

/** Who gets a mail. */
export interface MailRecipient {
  name: string;
  email: string;
  locale: Locale;
}

/** One mail to send: its kind, recipient and (for the kinds that carry one) link. */
export interface AccountMailMessage {
  kind: MailKind;
  to: MailRecipient;
  link?: string;
  /** emailChanged: the new address, named in the notice to the old one. */
  newEmail?: string;
}

/** Mails sent at the same time at most. */
export const MAIL_CONCURRENCY = 4;

export interface AccountMail {
  /** Queues `kind` to `to` (`newEmail` for emailChanged); returns at once. */
  send(kind: MailKind, to: MailRecipient, link?: string, newEmail?: string): void;
  /**
   * Queues `prepare` and sends what it resolves to (nothing for undefined); returns at
   * once. A failure of `prepare` is logged like a failed mail.
   */
  later(prepare: () => Promise<AccountMailMessage | AccountMailMessage[] | undefined>): void;
  /** Resolves once every queued job has finished. */
  settle(): Promise<void>;
}

type Job = () => Promise<AccountMailMessage | AccountMailMessage[] | undefined>;

export function createAccountMail(mailer: Mailer, log: FastifyBaseLogger): AccountMail {
  const deliver = async ({ kind, to, link, newEmail }: AccountMailMessage) => {
    try {
      const content = renderMail(kind, to.locale, { name: to.name, link, newEmail });
      await mailer.send({ to: to.email, ...content });
    } catch (error) {
      log.error(
        { kind, to: to.email, err: error instanceof Error ? error.message : String(error) },
        'mail could not be sent',
      );
    }
  };
  const queue = fastq.promise(async (job: Job) => {
    let prepared;
    try {
      prepared = await job();
    } catch (error) {
      log.error(
        { err: error instanceof Error ? error.message : String(error) },
        'mail could not be prepared',
      );
      return;
    }
    for (const message of [prepared ?? []].flat()) await deliver(message);
  }, MAIL_CONCURRENCY);
  const push = (job: Job) => {
    // The worker catches everything; the promise never rejects.
    void queue.push(job);
  };
  return {
    send(kind, to, link, newEmail) {
      push(async () => ({ kind, to, ...(link === undefined ? {} : { link }), newEmail }));
    },
    later: push,
    async settle() {
      await queue.drained();
    },
  };
}

/** The preferred of en, es, ru in an Accept-Language header (by q weight), else en. */
export function localeFromHeader(header: string | string[] | undefined): Locale {
  const text = Array.isArray(header) ? header.join(',') : (header ?? '');
  let best: { locale: Locale; q: number } | undefined;
  for (const part of text.split(',')) {
    const [range = '', ...params] = part.trim().split(';');
    const tag = range.trim().slice(0, 2).toLowerCase();
    const qParam = params.map((p) => p.trim()).find((p) => p.startsWith('q='));
    const q = qParam ? Number(qParam.slice(2)) : 1;
    if ((tag === 'en' || tag === 'es' || tag === 'ru') && q > 0 && (!best || q > best.q)) {
      best = { locale: tag, q };
    }
  }
  return best?.locale ?? 'en';
}
