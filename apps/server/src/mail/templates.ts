/**
 * The mails (docs/product.md#mail): email verification, welcome, password reset, password
 * changed, an email change's confirmation link (to the new address) and its notice with a
 * cancel link (to the old one), an external sign-in linked to the account or claiming it
 * (docs/decisions/030-external-identity-linking.md), a project's status change
 * (project-templates.ts) and a project assigned to an inspector or installer
 * (docs/product.md#project-pipeline: naming their part and the project's address, linking
 * the project page), in the reader's language (Spanish addresses the reader as "usted").
 * The words are ICU messages of the server catalogs (i18n/messages.<locale>.json). Each is
 * plain text plus a small HTML version whose `<html lang>` is
 * that language; links are absolute (`PUBLIC_URL/...`). Every mail is signed with the
 * business's name and the contact lines it configured (docs/product.md#business-identity),
 * after the text's `-- ` signature separator and under a rule in the HTML. A mail is
 * rendered when it is sent (mail/outbox.ts), so a fixed template applies to mail still
 * waiting in the queue.
 *
 * Adding a kind: its entry in `MAILS` here, its messages (`mail.<kind>.subject`, `.body`,
 * `.action`) in every catalog, its link, if any, in outbox.ts, and its job in
 * auth/account-mail.ts.
 */
import { isLocale, type Locale } from '@solar/domain/constants';
import type { ProjectStatus } from '@solar/domain/pipeline';
import { translator, type Translate } from '../i18n/catalogs.ts';
import { projectStatusValues } from './project-templates.ts';

/** A rendered mail without its envelope. */
export interface MailContent {
  subject: string;
  text: string;
  html: string;
}

/** What a template needs: the recipient's name and, for links, the absolute URL. */
export interface MailVariables {
  name: string;
  link?: string;
  /** The account's new address (emailChanged, sent to the old one). */
  newEmail?: string;
  /** projectStatus: the project's new status. */
  status?: ProjectStatus;
  /** projectStatus: the project's address. */
  address?: string;
  /**
   * projectStatus: the inspection's or installation's day, `YYYY-MM-DD`: a calendar day of
   * the business (docs/product.md#project-pipeline), written as that day in any language.
   */
  date?: string;
  /** projectAssigned: the reader's part, `roofInspector` or `installer`. */
  duty?: 'roofInspector' | 'installer';
}

/**
 * The business that signs every mail (config.ts `BusinessIdentity`): the name, and each
 * other line only when configured.
 */
export interface MailSignature {
  name: string;
  address?: string | undefined;
  phone?: string | undefined;
  email?: string | undefined;
  website?: string | undefined;
  legal?: string | undefined;
}

/**
 * How the reader reaches the business: SUPPORT_EMAIL, else the site (PUBLIC_URL); and the
 * business that signs the mail (default: "Solar" alone).
 */
export interface MailContact {
  supportEmail?: string | undefined;
  publicUrl: string;
  business?: MailSignature | undefined;
}

/** `phone` as a `tel:` URI (RFC 3966): the leading `+` and the digits only. */
const telUri = (phone: string) =>
  `tel:${phone.trim().startsWith('+') ? '+' : ''}${phone.replace(/\D/g, '')}`;

/**
 * The signature of a mail in `locale`: its text lines (after `-- `) and its HTML (a muted
 * paragraph under a rule, phone, email and website as links).
 */
function signature(t: Translate, business: MailSignature): { text: string; html: string } {
  const l = {
    phone: t('mail.signature.phone'),
    email: t('mail.signature.email'),
    website: t('mail.signature.website'),
  };
  const text: string[] = [business.name];
  const html: string[] = [`<strong>${escapeHtml(business.name)}</strong>`];
  const link = (href: string, label: string) =>
    `<a href="${escapeHtml(href)}" style="color:inherit">${escapeHtml(label)}</a>`;
  if (business.address) {
    text.push(business.address);
    html.push(escapeHtml(business.address));
  }
  if (business.phone) {
    text.push(`${l.phone}: ${business.phone}`);
    html.push(`${escapeHtml(l.phone)}: ${link(telUri(business.phone), business.phone)}`);
  }
  if (business.email) {
    text.push(`${l.email}: ${business.email}`);
    html.push(`${escapeHtml(l.email)}: ${link(`mailto:${business.email}`, business.email)}`);
  }
  if (business.website) {
    text.push(`${l.website}: ${business.website}`);
    html.push(`${escapeHtml(l.website)}: ${link(business.website, business.website)}`);
  }
  if (business.legal) {
    text.push(business.legal);
    html.push(`<small>${escapeHtml(business.legal)}</small>`);
  }
  return {
    text: text.join('\n'),
    html: `<hr style="border:0;border-top:1px solid #d1d5db"><p style="color:#4b5563;font-size:13px">${html.join('<br>')}</p>`,
  };
}

/**
 * How each mail is put together from its messages (`mail.<kind>.subject`, `.body` whose
 * paragraphs are separated by a blank line, `.action`: the link's label): where the link
 * goes (before paragraph `actionAt`, default 2; `end`: after the last; `false`: the mail has
 * no link and no `.action` message), and whether the
 * mail ends with how to reach the business (`mail.reachUs`). Reset links live 1 hour,
 * verification and welcome 7 days; the texts say so.
 */
/** How one mail is put together (see {@link MAILS}). */
interface MailShape {
  actionAt?: number | 'end' | false;
  reachUs?: boolean;
}

const MAILS = {
  projectStatus: { actionAt: 'end' },
  projectAssigned: { actionAt: 3 },
  // External sign-in linked to an account whose address was confirmed (decision 030).
  identityLinked: { actionAt: false },
  // External sign-in claimed an account whose address was never confirmed (decision 030).
  accountClaimed: {},
  welcome: {},
  confirmEmailChange: {},
  emailChangeRequested: { reachUs: true },
  verifyEmail: {},
  resetPassword: {},
  passwordChanged: { reachUs: true },
} satisfies Record<string, MailShape>;

/** The name of one of the mails. */
export type MailKind = keyof typeof MAILS;

/** Every kind of mail (the admin list names them; tests render each). */
export const MAIL_KINDS = Object.keys(MAILS) as MailKind[];

/** True for a known kind of mail (a queued job names one). */
export function isMailKind(value: unknown): value is MailKind {
  return typeof value === 'string' && Object.hasOwn(MAILS, value);
}

const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

/**
 * Renders mail `kind` in `locale` (unknown locales fall back to English); `contact` says
 * how the reader reaches the business.
 */
export function renderMail(
  kind: MailKind,
  locale: Locale,
  variables: MailVariables,
  contact: MailContact,
): MailContent {
  const language: Locale = isLocale(locale) ? locale : 'en';
  const t = translator(language);
  const shape: MailShape = MAILS[kind];
  const values = {
    name: variables.name,
    newEmail: variables.newEmail ?? '',
    duty: variables.duty ?? 'roofInspector',
    hasAddress: variables.address ? 'yes' : 'no',
    address: variables.address ?? '',
    ...projectStatusValues(language, variables),
  };
  const subject = t(`mail.${kind}.subject`, values);
  const lines = t(`mail.${kind}.body`, values)
    .split('\n\n')
    .filter((line) => line !== '');
  const textParts = [...lines];
  const htmlParts = lines.map((line) => `<p>${escapeHtml(line)}</p>`);
  const { actionAt = 2 } = shape;
  if (actionAt !== false && variables.link) {
    // Every mail with a link has its `.action` message: mail.test.ts renders each kind with one.
    const action = t(`mail.${kind as Exclude<MailKind, 'identityLinked'>}.action`);
    const at = actionAt === 'end' ? lines.length : actionAt;
    textParts.splice(at, 0, `${action}: ${variables.link}`);
    htmlParts.splice(
      at,
      0,
      `<p><a href="${escapeHtml(variables.link)}">${escapeHtml(action)}</a></p>`,
    );
  }
  if (shape.reachUs) {
    const line = t('mail.reachUs', {
      hasSupportEmail: contact.supportEmail ? 'yes' : 'no',
      supportEmail: contact.supportEmail ?? '',
      publicUrl: contact.publicUrl,
    });
    textParts.push(line);
    htmlParts.push(`<p>${escapeHtml(line)}</p>`);
  }
  const signed = signature(t, contact.business ?? { name: 'Solar' });
  return {
    subject,
    text: `${textParts.join('\n\n')}\n\n-- \n${signed.text}\n`,
    html: `<!doctype html><html lang="${language}"><head><meta charset="utf-8"><title>${escapeHtml(subject)}</title></head><body>${htmlParts.join('')}${signed.html}</body></html>`,
  };
}
