/**
 * Mail as jobs of the one queue (jobs/queue.ts; docs/decisions/031-one-job-queue-for-mail-
 * and-crm.md): a mail is a `mail` job written in the transaction of the change that causes
 * it, and sent by the worker, retried with backoff while the SMTP server is down, once
 * across server processes.
 *
 * A job holds what the mail is about, never a secret: the kind, the recipient (the account
 * id and the address the event concerns, or for forgot-password only the address typed)
 * and the template's variables. When the job runs:
 *
 * - the recipient is looked up: its name and language as they are now (a language chosen
 *   after the mail was queued applies); forgot-password's address is looked up then, and
 *   nothing is sent when no active account has it (so the request did the same work for
 *   known and unknown addresses);
 * - a mail whose link carries a one-time token (verification, reset, welcome, the email
 *   change's two links) gets a fresh token ({@link TOKEN_LINKS}), spent again should the
 *   send fail; nothing is sent when it no longer applies (the account is inactive, the
 *   address changed or was confirmed, the email change was confirmed or cancelled) or when
 *   the recipient had its share of link mails (the cap of auth/mail-cap.ts);
 * - the mail is rendered then (a fixed template applies to queued mail) and sent.
 *
 * Failures are logged with the error's message, never the link.
 */
import { isLocale, type Locale } from '@solar/domain/constants';
import { ROUTES } from '@solar/domain/routes';
import { isProjectStatus } from '@solar/domain/pipeline';
import { eq } from 'drizzle-orm';
import { issueOneTimeToken, WELCOME_TOKEN_TTL_SECONDS } from '../auth/mail-tokens.ts';
import type { MailCap } from '../auth/mail-cap.ts';
import type { OneTimePurpose } from '../auth/mail-tokens.ts';
import { hashToken } from '../auth/session-tokens.ts';
import type { Db } from '../db/database.ts';
import { oneTimeTokens, users } from '../db/schema.ts';
import type { EnqueueOptions, JobKind, JobQueue, RetryPolicy } from '../jobs/queue.ts';
import { findUserByEmail } from '../users/repository.ts';
import type { Mailer } from './mailer.ts';
import {
  isMailKind,
  renderMail,
  type MailContact,
  type MailKind,
  type MailVariables,
} from './templates.ts';

/** The job kind of every mail. */
export const MAIL_JOB = 'mail';

/**
 * Who gets a mail: an account (`userId`; `email` the address the event concerns, `name`
 * and `locale` as at queueing, used only should the account be gone), or whichever active
 * account has `email` (`lookup`, forgot-password).
 */
export type MailTo =
  | { userId: string; email: string; name: string; locale: Locale }
  | { lookup: 'email'; email: string };

/** A mail job's payload (stored as JSON; see the file comment). */
export interface MailJobPayload {
  kind: MailKind;
  to: MailTo;
  /** The template's variables besides the name and the link (never a secret). */
  variables?: Omit<MailVariables, 'name' | 'link'> & { projectId?: string };
  /** The recipient cap was counted when the mail was asked for (account-mail.ts). */
  capCounted?: boolean;
}

/** What a token link's mail needs of the account when it is sent, or it is not sent. */
type StillApplies = (
  row: typeof users.$inferSelect,
  email: string,
  variables: MailJobPayload['variables'],
) => boolean;
const atItsAddress: StillApplies = (row, email) => row.email === email;

/**
 * The mails whose link carries a one-time token, issued when the mail is sent: the token's
 * purpose, the page it opens, its lifetime (default: the purpose's), and what must still
 * hold of the account (its address, a pending email change) for the mail to go out.
 */
export const TOKEN_LINKS: Partial<
  Record<
    MailKind,
    { purpose: OneTimePurpose; page: string; ttlSeconds?: number; applies: StillApplies }
  >
> = {
  verifyEmail: {
    purpose: 'email_verification',
    page: 'verify-email',
    applies: (row, email) => row.email === email && !row.emailConfirmed,
  },
  resetPassword: { purpose: 'password_reset', page: 'reset-password', applies: atItsAddress },
  welcome: {
    purpose: 'password_reset',
    page: 'reset-password',
    ttlSeconds: WELCOME_TOKEN_TTL_SECONDS,
    applies: atItsAddress,
  },
  // The secure email change (docs/decisions/034-secure-email-change.md): the confirmation
  // link goes to the pending address, the cancel link to the account's address, while the
  // change is still pending.
  confirmEmailChange: {
    purpose: 'email_change',
    page: ROUTES.confirmEmailChange.slice(1),
    applies: (row, email) => row.pendingEmail === email,
  },
  emailChangeRequested: {
    purpose: 'email_change_cancel',
    page: ROUTES.cancelEmailChange.slice(1),
    applies: (row, email, variables) =>
      row.email === email && row.pendingEmail !== null && row.pendingEmail === variables?.newEmail,
  },
};

/**
 * The link mails under the recipient cap (mail-cap.ts): a reset, verification or
 * confirmation link can be asked for by anyone, again and again. Notices to the account's
 * own address (a change was asked for) always go out.
 */
const CAPPED_KINDS: ReadonlySet<MailKind> = new Set([
  'verifyEmail',
  'resetPassword',
  'confirmEmailChange',
]);

/** The mails whose link is a page anyone may open (no token). */
const PAGE_LINKS: Partial<Record<MailKind, (v: MailJobPayload['variables']) => string>> = {
  passwordChanged: () => 'forgot-password',
  // An unconfirmed account claimed by an external sign-in lost its password (decision 030).
  accountClaimed: () => 'forgot-password',
  projectStatus: (v) => `projects/${v?.projectId ?? ''}`,
  projectAssigned: (v) => `projects/${v?.projectId ?? ''}`,
};

/** Mail waiting to be sent: queued by the account mails and the project pipeline. */
export interface MailOutbox {
  /**
   * Queues one mail; resolves once its job is written (with `options.executor`, inside
   * that transaction: call `wake` after the commit).
   */
  enqueue(payload: MailJobPayload, options?: EnqueueOptions): Promise<void>;
  /** Sends queued mail now (after the commit of a transaction that queued some). */
  wake(): void;
  /** Resolves once no mail is due or being sent in this process (shutdown, tests). */
  settle(): Promise<void>;
}

/** What sending needs. */
export interface MailJobOptions {
  db: Db;
  mailer: Mailer;
  /** PUBLIC_URL and SUPPORT_EMAIL: the links and how to reach the business. */
  contact: MailContact;
  retry: RetryPolicy;
  /** Longer than one send can take (the SMTP time limits), ms. */
  leaseMs: number;
  /** The cap on link mails per recipient address; none: no cap. */
  mailCap?: MailCap | undefined;
}

/** The ordering key of an account's mails: they are sent in the order they were queued. */
const orderingKeyOf = (to: MailTo) => ('userId' in to ? `mail:user:${to.userId}` : null);

/** Registers the `mail` job on `queue` (see the file comment) and answers the outbox. */
export function createMailOutbox(queue: JobQueue, options: MailJobOptions): MailOutbox {
  queue.handle(MAIL_JOB, createMailJob(options));
  return {
    async enqueue(payload, enqueueOptions = {}) {
      await queue.enqueue(MAIL_JOB, payload as unknown as Record<string, unknown>, {
        orderingKey: orderingKeyOf(payload.to),
        ...enqueueOptions,
      });
    },
    wake: () => queue.wake(),
    settle: () => queue.settle([MAIL_JOB]),
  };
}

/** Thrown for a job that cannot be a mail (an unknown kind): retrying will not help. */
class MailJobError extends Error {
  override name = 'MailJobError';
}

/** The `mail` job kind (see the file comment). */
export function createMailJob({
  db,
  mailer,
  contact,
  retry,
  leaseMs,
  mailCap,
}: MailJobOptions): JobKind {
  async function recipient(to: MailTo) {
    if ('lookup' in to) {
      const row = await findUserByEmail(db, to.email);
      return row ? { row, email: row.email } : undefined;
    }
    const [row] = await db.select().from(users).where(eq(users.id, to.userId)).limit(1);
    return { row, email: to.email };
  }

  return {
    label: 'mail',
    retry,
    leaseMs,
    async run(job, signal) {
      const payload = job.payload as unknown as MailJobPayload;
      if (!isMailKind(payload.kind)) {
        throw new MailJobError(`No mail of kind "${String(payload.kind)}"`);
      }
      const found = await recipient(payload.to);
      if (!found) return; // forgot-password for an address no account has
      const { row, email } = found;
      const storedLocale = 'locale' in payload.to ? payload.to.locale : undefined;
      const locale: Locale = isLocale(row?.locale) ? row.locale : (storedLocale ?? 'en');
      const name = row?.name ?? ('name' in payload.to ? payload.to.name : '');
      const tokenLink = TOKEN_LINKS[payload.kind];
      let token: string | undefined;
      if (tokenLink) {
        // A link into the account: only while the account is active and the mail applies.
        if (!row?.isActive || !tokenLink.applies(row, email, payload.variables)) return;
        // Counted once, on the first attempt; past the cap nothing is sent (and no earlier
        // link is spent), and whoever asked learns nothing (forgot-password).
        const counted = payload.capCounted === true || job.attempts > 0;
        if (mailCap && CAPPED_KINDS.has(payload.kind) && !counted) {
          if (!(await mailCap.allows(email))) return;
        }
        token = await issueOneTimeToken(db, row.id, tokenLink.purpose, tokenLink.ttlSeconds);
      }
      const page = PAGE_LINKS[payload.kind]?.(payload.variables);
      const link = token
        ? `${contact.publicUrl}/${tokenLink!.page}?token=${encodeURIComponent(token)}`
        : page === undefined
          ? undefined
          : `${contact.publicUrl}/${page}`;
      const { projectId, ...variables } = payload.variables ?? {};
      void projectId;
      if (variables.status !== undefined && !isProjectStatus(variables.status)) {
        throw new MailJobError(`No project status "${String(variables.status)}"`);
      }
      const content = renderMail(
        payload.kind,
        locale,
        { ...variables, name, ...(link ? { link } : {}) },
        contact,
      );
      try {
        signal.throwIfAborted();
        await mailer.send({ to: email, ...content }, signal);
      } catch (error) {
        // The link was never delivered: it must not stay usable.
        if (token) {
          await db
            .update(oneTimeTokens)
            .set({ usedAt: new Date() })
            .where(eq(oneTimeTokens.tokenHash, hashToken(token)))
            .catch(() => undefined);
        }
        throw error;
      }
    },
  };
}
