/**
 * The one queue of mails sent off the request path (fastq, {@link MAIL_QUEUE_CONCURRENCY}
 * at a time): the account mails (auth/account-mail.ts) and the project status mail (issue
 * 22 item 3). A job may first prepare its mails (look the recipient up, issue a token), so
 * a request does the same work whether or not anyone gets mail; a failure to prepare or to
 * send is logged (without the link) and never reaches the request that queued it. Each
 * mail is rendered in its recipient's language. `settle` waits until the queue is empty
 * (shutdown, tests).
 */
import fastq from 'fastq';
import type { Locale } from '@solar/domain/constants';
import type { FastifyBaseLogger } from 'fastify';
import type { Mailer } from './mailer.ts';
import { renderMail, type MailKind, type MailVariables } from './templates.ts';

/** One mail: its kind, the recipient's address and language, and the template's variables. */
export interface QueuedMail {
  kind: MailKind;
  to: { email: string; locale: Locale };
  variables: MailVariables;
}

/** A job: prepares no mail, one, or several. */
export type MailJob = () => Promise<QueuedMail | readonly QueuedMail[] | undefined>;

/** Mails sent at the same time at most. */
export const MAIL_QUEUE_CONCURRENCY = 4;

export interface MailQueue {
  /** Queues `prepare` and sends what it resolves to (nothing for undefined); returns at once. */
  later(prepare: MailJob): void;
  /** Resolves once every queued job has finished. */
  settle(): Promise<void>;
}

/** The queue over `mailer`; failures go to `log`. */
export function createMailQueue(mailer: Mailer, log: FastifyBaseLogger): MailQueue {
  const deliver = async (mail: QueuedMail) => {
    try {
      const content = renderMail(mail.kind, mail.to.locale, mail.variables);
      await mailer.send({ to: mail.to.email, ...content });
    } catch (error) {
      log.error(
        {
          kind: mail.kind,
          to: mail.to.email,
          err: error instanceof Error ? error.message : String(error),
        },
        'mail could not be sent',
      );
    }
  };
  const queue = fastq.promise(async (prepare: MailJob) => {
    let prepared: QueuedMail | readonly QueuedMail[] | undefined;
    try {
      prepared = await prepare();
    } catch (error) {
      log.error(
        { err: error instanceof Error ? error.message : String(error) },
        'mail could not be prepared',
      );
      return;
    }
    for (const mail of [prepared ?? []].flat()) await deliver(mail);
  }, MAIL_QUEUE_CONCURRENCY);
  return {
    later(prepare) {
      // The worker catches everything; the promise never rejects.
      void queue.push(prepare);
    },
    async settle() {
      await queue.drained();
    },
  };
}
