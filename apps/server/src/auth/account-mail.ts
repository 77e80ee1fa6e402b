/**
 * Sending the account mails without making the request wait for, or fail with, the mail
 * transport: `send` renders the mail in the user's language and hands it to the mailer in
 * the background; failures are logged without the link. `settle` waits for mails still in
 * flight (used on shutdown and by tests).
 */
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

export interface AccountMail {
  send(kind: MailKind, to: MailRecipient, link?: string): void;
  settle(): Promise<void>;
}

export function createAccountMail(mailer: Mailer, log: FastifyBaseLogger): AccountMail {
  const inFlight = new Set<Promise<void>>();
  return {
    send(kind, to, link) {
      const content = renderMail(kind, to.locale, { name: to.name, link });
      const sending = mailer
        .send({ to: to.email, ...content })
        .catch((error: unknown) => {
          log.error(
            { kind, to: to.email, err: error instanceof Error ? error.message : String(error) },
            'mail could not be sent',
          );
        })
        .finally(() => inFlight.delete(sending));
      inFlight.add(sending);
    },
    async settle() {
      while (inFlight.size > 0) await Promise.all(inFlight);
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
