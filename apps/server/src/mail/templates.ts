/**
 * The mails (docs/product.md#mail): email verification, welcome, password reset, password
 * changed, an email change's confirmation link (to the new address) and its notice with a
 * cancel link (to the old one), an external sign-in linked to the account or claiming it
 * (docs/decisions/030-external-identity-linking.md), and a project's status change
 * (project-templates.ts), in the reader's language (en, es, ru; Spanish addresses the
 * reader as "usted"). Each is plain text plus a small HTML version whose `<html lang>` is
 * that language; links are absolute (`PUBLIC_URL/...`). Every mail is signed with the
 * business's name and the contact lines it configured (docs/product.md#business-identity),
 * after the text's `-- ` signature separator and under a rule in the HTML. A mail is
 * rendered when it is sent (mail/outbox.ts), so a fixed template applies to mail still
 * waiting in the queue.
 *
 * Adding a kind: its three texts here (a `Template` per language), its link, if any, in
 * outbox.ts, and its job in auth/account-mail.ts.
 */
import type { Locale } from '@solar/domain/constants';
import type { ProjectStatus } from '@solar/domain/pipeline';
import { projectAssignedTemplates } from './assignment-templates.ts';
import { projectStatusTemplates } from './project-templates.ts';

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

/** The signature's labels in each language: before the phone, the email and the website. */
const signatureLabels: Record<Locale, { phone: string; email: string; website: string }> = {
  en: { phone: 'Phone', email: 'Email', website: 'Website' },
  es: { phone: 'Teléfono', email: 'Correo electrónico', website: 'Sitio web' },
  ru: { phone: 'Телефон', email: 'Эл. почта', website: 'Сайт' },
};

/** `phone` as a `tel:` URI (RFC 3966): the leading `+` and the digits only. */
const telUri = (phone: string) =>
  `tel:${phone.trim().startsWith('+') ? '+' : ''}${phone.replace(/\D/g, '')}`;

/**
 * The signature of a mail in `locale`: its text lines (after `-- `) and its HTML (a muted
 * paragraph under a rule, phone, email and website as links).
 */
function signature(locale: Locale, business: MailSignature): { text: string; html: string } {
  const l = signatureLabels[locale];
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

/** One language's text of a mail: subject, paragraphs, the link's label, closing lines. */
export type Template = (
  v: MailVariables,
  contact: MailContact,
) => {
  subject: string;
  lines: string[];
  /** The link's label; the link goes before line `actionAt` (default 2: after the second). */
  action?: string;
  actionAt?: number;
  /** Lines after everything else (how to reach the business). */
  after?: string[];
};

/** "Questions? ..." in each language: the support address, or the site. */
const reachUs: Record<Locale, (c: MailContact) => string> = {
  en: (c) =>
    c.supportEmail
      ? `Questions? Write to us at ${c.supportEmail}.`
      : `Questions? Contact us through ${c.publicUrl}.`,
  es: (c) =>
    c.supportEmail
      ? `¿Preguntas? Escríbanos a ${c.supportEmail}.`
      : `¿Preguntas? Contáctenos a través de ${c.publicUrl}.`,
  ru: (c) =>
    c.supportEmail
      ? `Есть вопросы? Напишите нам: ${c.supportEmail}.`
      : `Есть вопросы? Свяжитесь с нами через ${c.publicUrl}.`,
};

/** The mails in three languages. Reset links live 1 hour, verification and welcome 7 days. */
const templates: Record<
  | 'verifyEmail'
  | 'resetPassword'
  | 'passwordChanged'
  | 'confirmEmailChange'
  | 'emailChangeRequested'
  | 'welcome'
  | 'identityLinked'
  | 'accountClaimed'
  | 'projectStatus'
  | 'projectAssigned',
  Record<Locale, Template>
> = {
  projectStatus: projectStatusTemplates,
  projectAssigned: projectAssignedTemplates,
  // External sign-in linked to an account whose address was confirmed (decision 030).
  identityLinked: {
    en: (v) => ({
      subject: 'A new way to sign in to your Solar account',
      lines: [
        `Hello ${v.name},`,
        'Your Solar account can now also be signed in to with your external account (the “Continue with …” button), whose provider confirmed this email address.',
        'If you did not do this, someone may have access to your email: secure it and contact us.',
      ],
    }),
    es: (v) => ({
      subject: 'Una nueva forma de iniciar sesión en su cuenta de Solar',
      lines: [
        `Hola ${v.name}:`,
        'Ahora también puede iniciar sesión en su cuenta de Solar con su cuenta externa (el botón «Continuar con …»), cuyo proveedor confirmó esta dirección de correo.',
        'Si no fue usted, alguien podría tener acceso a su correo: protéjalo y contáctenos.',
      ],
    }),
    ru: (v) => ({
      subject: 'Новый способ входа в учётную запись Solar',
      lines: [
        `Здравствуйте, ${v.name}!`,
        'Теперь в вашу учётную запись Solar можно входить и через внешнюю учётную запись (кнопка «Продолжить с …»): её провайдер подтвердил этот адрес почты.',
        'Если это были не вы, возможно, кто-то получил доступ к вашей почте: защитите её и свяжитесь с нами.',
      ],
    }),
  },
  // External sign-in claimed an account whose address was never confirmed (decision 030).
  accountClaimed: {
    en: (v) => ({
      subject: 'Your Solar account: password removed, sessions signed out',
      lines: [
        `Hello ${v.name},`,
        'You signed in with your external account, whose provider confirmed this email address. A Solar account with this address already existed, but the address had never been confirmed, so nobody can tell who chose its password: we removed that password and signed out every session of the account.',
        'If you chose that password yourself, set a new one with this link; until then, sign in with your external account.',
      ],
      action: 'Choose a new password',
    }),
    es: (v) => ({
      subject: 'Su cuenta de Solar: contraseña eliminada, sesiones cerradas',
      lines: [
        `Hola ${v.name}:`,
        'Inició sesión con su cuenta externa, cuyo proveedor confirmó esta dirección de correo. Ya existía una cuenta de Solar con esta dirección, pero nunca se confirmó, así que no se puede saber quién eligió su contraseña: la eliminamos y cerramos todas las sesiones de la cuenta.',
        'Si eligió usted esa contraseña, establezca una nueva con este enlace; mientras tanto, inicie sesión con su cuenta externa.',
      ],
      action: 'Elegir una nueva contraseña',
    }),
    ru: (v) => ({
      subject: 'Учётная запись Solar: пароль удалён, сеансы завершены',
      lines: [
        `Здравствуйте, ${v.name}!`,
        'Вы вошли через внешнюю учётную запись, провайдер которой подтвердил этот адрес почты. Учётная запись Solar с этим адресом уже существовала, но адрес так и не был подтверждён, поэтому неизвестно, кто задал её пароль: мы удалили этот пароль и завершили все сеансы учётной записи.',
        'Если этот пароль задавали вы, задайте новый по этой ссылке; а пока входите через внешнюю учётную запись.',
      ],
      action: 'Задать новый пароль',
    }),
  },
  welcome: {
    en: (v) => ({
      subject: 'Your Solar account',
      lines: [
        `Hello ${v.name},`,
        'An administrator created a Solar account for you. Choose your own password with this link; it works once, for 7 days.',
        'If you did not expect this mail, ignore it.',
      ],
      action: 'Set your password',
    }),
    es: (v) => ({
      subject: 'Su cuenta de Solar',
      lines: [
        `Hola, ${v.name}:`,
        'Un administrador creó una cuenta de Solar para usted. Elija su propia contraseña con este enlace; funciona una vez, durante 7 días.',
        'Si no esperaba este correo, ignórelo.',
      ],
      action: 'Elegir su contraseña',
    }),
    ru: (v) => ({
      subject: 'Ваша учётная запись Solar',
      lines: [
        `Здравствуйте, ${v.name}!`,
        'Администратор создал для вас учётную запись Solar. Задайте свой пароль по этой ссылке; она действует один раз в течение 7 дней.',
        'Если вы не ждали этого письма, просто проигнорируйте его.',
      ],
      action: 'Задать пароль',
    }),
  },
  confirmEmailChange: {
    en: (v) => ({
      subject: 'Confirm your new email address',
      lines: [
        `Hello ${v.name},`,
        'You asked to use this address for your Solar account. Confirm it with this link; it works once, for 24 hours. Until then the account keeps its current address.',
        'If you did not ask for this, ignore this mail: nothing changes.',
      ],
      action: 'Confirm new email',
    }),
    es: (v) => ({
      subject: 'Confirme su nueva dirección de correo',
      lines: [
        `Hola ${v.name},`,
        'Usted pidió usar esta dirección para su cuenta de Solar. Confírmela con este enlace; funciona una vez, durante 24 horas. Hasta entonces la cuenta conserva su dirección actual.',
        'Si no lo pidió, ignore este correo: nada cambia.',
      ],
      action: 'Confirmar el nuevo correo',
    }),
    ru: (v) => ({
      subject: 'Подтвердите новый адрес электронной почты',
      lines: [
        `Здравствуйте, ${v.name}!`,
        'Вы попросили использовать этот адрес для учётной записи Solar. Подтвердите его по этой ссылке; она действует один раз в течение 24 часов. До этого учётная запись сохраняет текущий адрес.',
        'Если вы этого не просили, просто проигнорируйте письмо: ничего не изменится.',
      ],
      action: 'Подтвердить новый адрес',
    }),
  },
  emailChangeRequested: {
    en: (v, c) => ({
      subject: 'A change of your account’s email was requested',
      lines: [
        `Hello ${v.name},`,
        `Someone asked to change the email address of your Solar account to ${v.newEmail ?? ''}. Your account keeps this address, and signs in with it, until the new one confirms by its link.`,
        'If it was not you, cancel the change with the link above and reset your password: whoever asked knows it.',
      ],
      action: 'Cancel this change',
      after: [reachUs.en(c)],
    }),
    es: (v, c) => ({
      subject: 'Se pidió cambiar el correo de su cuenta',
      lines: [
        `Hola ${v.name},`,
        `Alguien pidió cambiar la dirección de correo de su cuenta de Solar a ${v.newEmail ?? ''}. Su cuenta conserva esta dirección, y sigue iniciando sesión con ella, hasta que la nueva la confirme con su enlace.`,
        'Si no fue usted, cancele el cambio con el enlace de arriba y restablezca su contraseña: quien lo pidió la conoce.',
      ],
      action: 'Cancelar este cambio',
      after: [reachUs.es(c)],
    }),
    ru: (v, c) => ({
      subject: 'Запрошена смена адреса почты вашей учётной записи',
      lines: [
        `Здравствуйте, ${v.name}!`,
        `Кто-то попросил сменить адрес электронной почты вашей учётной записи Solar на ${v.newEmail ?? ''}. Учётная запись сохраняет этот адрес и вход по нему, пока новый адрес не подтвердит смену по своей ссылке.`,
        'Если это были не вы, отмените смену по ссылке выше и сбросьте пароль: тот, кто её запросил, знает ваш пароль.',
      ],
      action: 'Отменить смену адреса',
      after: [reachUs.ru(c)],
    }),
  },
  verifyEmail: {
    en: (v) => ({
      subject: 'Confirm your email address',
      lines: [`Hello ${v.name},`, 'Please confirm your email address for your Solar account.'],
      action: 'Confirm email',
    }),
    es: (v) => ({
      subject: 'Confirme su dirección de correo',
      lines: [`Hola, ${v.name}:`, 'Confirme la dirección de correo de su cuenta de Solar.'],
      action: 'Confirmar correo',
    }),
    ru: (v) => ({
      subject: 'Подтвердите адрес электронной почты',
      lines: [
        `Здравствуйте, ${v.name}!`,
        'Подтвердите адрес электронной почты вашей учётной записи Solar.',
      ],
      action: 'Подтвердить адрес',
    }),
  },
  resetPassword: {
    en: (v) => ({
      subject: 'Reset your password',
      lines: [
        `Hello ${v.name},`,
        'Someone asked to reset the password of your Solar account. The link works once, for 1 hour.',
        'If it was not you, ignore this mail: your password stays as it is.',
      ],
      action: 'Choose a new password',
    }),
    es: (v) => ({
      subject: 'Restablezca su contraseña',
      lines: [
        `Hola, ${v.name}:`,
        'Alguien pidió restablecer la contraseña de su cuenta de Solar. El enlace funciona una vez, durante 1 hora.',
        'Si no fue usted, ignore este correo: su contraseña no cambia.',
      ],
      action: 'Elegir una nueva contraseña',
    }),
    ru: (v) => ({
      subject: 'Сброс пароля',
      lines: [
        `Здравствуйте, ${v.name}!`,
        'Кто-то запросил сброс пароля вашей учётной записи Solar. Ссылка действует один раз в течение 1 часа.',
        'Если это были не вы, просто проигнорируйте письмо: пароль останется прежним.',
      ],
      action: 'Задать новый пароль',
    }),
  },
  passwordChanged: {
    en: (v, c) => ({
      subject: 'Your password was changed',
      lines: [
        `Hello ${v.name},`,
        'The password of your Solar account was just changed and every session was signed out.',
        'If it was not you, reset your password now with this link and contact us.',
      ],
      action: 'Reset your password',
      after: [reachUs.en(c)],
    }),
    es: (v, c) => ({
      subject: 'Su contraseña ha cambiado',
      lines: [
        `Hola, ${v.name}:`,
        'La contraseña de su cuenta de Solar acaba de cambiar y se cerraron todas las sesiones.',
        'Si no fue usted, restablezca su contraseña ahora con este enlace y contáctenos.',
      ],
      action: 'Restablecer su contraseña',
      after: [reachUs.es(c)],
    }),
    ru: (v, c) => ({
      subject: 'Ваш пароль изменён',
      lines: [
        `Здравствуйте, ${v.name}!`,
        'Пароль вашей учётной записи Solar только что изменён, все сеансы завершены.',
        'Если это были не вы, сбросьте пароль по этой ссылке и свяжитесь с нами.',
      ],
      action: 'Сбросить пароль',
      after: [reachUs.ru(c)],
    }),
  },
};

/** The name of one of the mails. */
export type MailKind = keyof typeof templates;

/** Every kind of mail (the admin list names them; tests render each). */
export const MAIL_KINDS = Object.keys(templates) as MailKind[];

/** True for a known kind of mail (a queued job names one). */
export function isMailKind(value: unknown): value is MailKind {
  return typeof value === 'string' && Object.hasOwn(templates, value);
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
  const language: Locale = templates[kind][locale] ? locale : 'en';
  const t = templates[kind][language](variables, contact);
  const textParts = [...t.lines];
  const htmlParts = t.lines.map((line) => `<p>${escapeHtml(line)}</p>`);
  if (t.action && variables.link) {
    const at = t.actionAt ?? 2;
    textParts.splice(at, 0, `${t.action}: ${variables.link}`);
    htmlParts.splice(
      at,
      0,
      `<p><a href="${escapeHtml(variables.link)}">${escapeHtml(t.action)}</a></p>`,
    );
  }
  for (const line of t.after ?? []) {
    textParts.push(line);
    htmlParts.push(`<p>${escapeHtml(line)}</p>`);
  }
  const signed = signature(language, contact.business ?? { name: 'Solar' });
  return {
    subject: t.subject,
    text: `${textParts.join('\n\n')}\n\n-- \n${signed.text}\n`,
    html: `<!doctype html><html lang="${language}"><head><meta charset="utf-8"><title>${escapeHtml(t.subject)}</title></head><body>${htmlParts.join('')}${signed.html}</body></html>`,
  };
}
