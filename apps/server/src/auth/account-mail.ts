/**
 * The account mails (welcome, verify, reset, password changed, email change, ...) as jobs
 * of the mail outbox (mail/outbox.ts): each is written in the transaction of the change
 * that causes it, so a change and its mail are kept or lost together, and sent by the
 * worker, retried while the SMTP server is down, in the account's language as it is when
 * the mail goes out. Links with a token are made then, not here: nothing secret is queued.
 *
 * Forgot-password queues a job for the typed address whether or not an account has it
 * (the account is looked up when the job runs), so the request does the same work for
 * known and unknown addresses (docs/product.md#accounts-and-sessions).
 */
import { isLocale, type Locale } from '@solar/domain/constants';
import type { Executor } from '../jobs/queue.ts';
import type { MailOutbox } from '../mail/outbox.ts';
import type { MailKind } from '../mail/templates.ts';

/** Who gets a mail: an account (its id, and the address the mail is about). */
export interface MailRecipient {
  id: string;
  name: string;
  email: string;
  locale: Locale;
}

/** Where and with what a mail is queued. */
export interface AccountMailOptions {
  /** emailChangeRequested: the new address, named in the notice to the old one. */
  newEmail?: string;
  /**
   * The transaction of the change that causes the mail: the job commits or rolls back
   * with it. Call `wake()` after the commit.
   */
  executor?: Executor;
  /**
   * The recipient cap on link mails (mail-cap.ts) was already counted for this mail by the
   * request that asked for it (which could answer 429); otherwise the mail counts when it is
   * sent, and past the cap it is not sent.
   */
  capCounted?: boolean;
}

export interface AccountMail {
  /**
   * Queues mail `kind` to account `to` at `to.email`; resolves once the job is written.
   * The mails with a link (verifyEmail, resetPassword, welcome, confirmEmailChange,
   * emailChangeRequested: a one-time token; passwordChanged, accountClaimed: the
   * forgot-password page) get it when sent.
   */
  send(kind: MailKind, to: MailRecipient, options?: AccountMailOptions): Promise<void>;
  /**
   * Queues a reset link for whichever active account has `email` when the job runs
   * (nothing is sent otherwise); resolves once the job is written.
   */
  sendResetTo(email: string, options?: Pick<AccountMailOptions, 'executor'>): Promise<void>;
  /** Sends queued mail now: after the commit of a transaction that queued some. */
  wake(): void;
  /** Resolves once no mail is due or being sent in this process (shutdown, tests). */
  settle(): Promise<void>;
}

/** The account mails on `outbox`. */
export function createAccountMail(outbox: MailOutbox): AccountMail {
  return {
    async send(kind, to, { newEmail, executor, capCounted } = {}) {
      await outbox.enqueue(
        {
          kind,
          to: { userId: to.id, email: to.email, name: to.name, locale: to.locale },
          ...(newEmail === undefined ? {} : { variables: { newEmail } }),
          ...(capCounted ? { capCounted } : {}),
        },
        executor ? { executor } : {},
      );
    },
    async sendResetTo(email, { executor } = {}) {
      await outbox.enqueue(
        { kind: 'resetPassword', to: { lookup: 'email', email } },
        executor ? { executor } : {},
      );
    },
    wake: () => outbox.wake(),
    settle: () => outbox.settle(),
  };
}

/** The preferred interface language in an Accept-Language header (by q weight), else en. */
export function localeFromHeader(header: string | string[] | undefined): Locale {
  const text = Array.isArray(header) ? header.join(',') : (header ?? '');
  let best: { locale: Locale; q: number } | undefined;
  for (const part of text.split(',')) {
    const [range = '', ...params] = part.trim().split(';');
    const tag = range.trim().slice(0, 2).toLowerCase();
    const qParam = params.map((p) => p.trim()).find((p) => p.startsWith('q='));
    const q = qParam ? Number(qParam.slice(2)) : 1;
    if (isLocale(tag) && q > 0 && (!best || q > best.q)) {
      best = { locale: tag, q };
    }
  }
  return best?.locale ?? 'en';
}
