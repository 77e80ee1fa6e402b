/**
 * The account mails (welcome, verify, reset, changed email, ...) on the server's one mail
 * queue (mail/queue.ts: off the request path, rendered in the user's language, failures
 * logged without the link). A job may first prepare the mail (look the account up, issue
 * the mailed token) so that a request does the same work whether or not an account gets
 * mail (issue 20 item 8: forgot-password must not tell known emails by its time).
 */
import type { Locale } from '@solar/domain/constants';
import type { MailQueue, QueuedMail } from '../mail/queue.ts';
import type { MailKind } from '../mail/templates.ts';

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

/** An account mail as the queue takes it. */
const queued = ({ kind, to, link, newEmail }: AccountMailMessage): QueuedMail => ({
  kind,
  to: { email: to.email, locale: to.locale },
  variables: { name: to.name, link, newEmail },
});

/** The account mails on `queue`. */
export function createAccountMail(queue: MailQueue): AccountMail {
  return {
    send(kind, to, link, newEmail) {
      queue.later(async () =>
        queued({ kind, to, ...(link === undefined ? {} : { link }), newEmail }),
      );
    },
    later(prepare) {
      queue.later(async () => {
        const prepared = await prepare();
        return prepared === undefined ? undefined : [prepared].flat().map(queued);
      });
    },
    settle: () => queue.settle(),
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
