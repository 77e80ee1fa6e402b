/**
 * The mails (docs/product.md#mail): email verification, password reset, password changed and
 * email changed (to the old address), an external sign-in linked to the account or claiming
 * it (docs/decisions/030-external-identity-linking.md), and a project's status change
 * (project-templates.ts), in the user's language (en, es, ru). Each is plain text plus a
 * small HTML version; links are absolute (`PUBLIC_URL/...`).
 */
import type { Locale } from '@solar/domain/constants';
import type { ProjectStatus } from '@solar/domain/pipeline';
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
}

type Template = (v: MailVariables) => { subject: string; lines: string[]; action?: string };

/** The account mails in three languages. Reset links live 1 hour, verification 7 days. */
const templates: Record<
  | 'verifyEmail'
  | 'resetPassword'
  | 'passwordChanged'
  | 'emailChanged'
  | 'welcome'
  | 'identityLinked'
  | 'accountClaimed'
  | 'projectStatus',
  Record<Locale, Template>
> = {
  projectStatus: projectStatusTemplates,
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
      subject: 'Tu cuenta de Solar',
      lines: [
        `Hola ${v.name},`,
        'Un administrador creó una cuenta de Solar para ti. Elige tu propia contraseña con este enlace; funciona una vez, durante 7 días.',
        'Si no esperabas este correo, ignóralo.',
      ],
      action: 'Elegir tu contraseña',
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
  emailChanged: {
    en: (v) => ({
      subject: 'The email of your account was changed',
      lines: [
        `Hello ${v.name},`,
        `The email address of your Solar account was just changed to ${v.newEmail ?? ''}. Mail about the account now goes there.`,
        'If it was not you, reset your password now and contact us.',
      ],
    }),
    es: (v) => ({
      subject: 'El correo de tu cuenta ha cambiado',
      lines: [
        `Hola ${v.name},`,
        `La dirección de correo de tu cuenta de Solar acaba de cambiar a ${v.newEmail ?? ''}. Los correos sobre la cuenta llegarán allí.`,
        'Si no fuiste tú, restablece tu contraseña ahora y contáctanos.',
      ],
    }),
    ru: (v) => ({
      subject: 'Адрес почты вашей учётной записи изменён',
      lines: [
        `Здравствуйте, ${v.name}!`,
        `Адрес электронной почты вашей учётной записи Solar только что изменён на ${v.newEmail ?? ''}. Письма об учётной записи теперь приходят туда.`,
        'Если это были не вы, сбросьте пароль и свяжитесь с нами.',
      ],
    }),
  },
  verifyEmail: {
    en: (v) => ({
      subject: 'Confirm your email address',
      lines: [`Hello ${v.name},`, 'Please confirm your email address for your Solar account.'],
      action: 'Confirm email',
    }),
    es: (v) => ({
      subject: 'Confirma tu dirección de correo',
      lines: [`Hola ${v.name},`, 'Confirma la dirección de correo de tu cuenta de Solar.'],
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
      subject: 'Restablece tu contraseña',
      lines: [
        `Hola ${v.name},`,
        'Alguien pidió restablecer la contraseña de tu cuenta de Solar. El enlace funciona una vez, durante 1 hora.',
        'Si no fuiste tú, ignora este correo: tu contraseña no cambia.',
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
    en: (v) => ({
      subject: 'Your password was changed',
      lines: [
        `Hello ${v.name},`,
        'The password of your Solar account was just changed and every session was signed out.',
        'If it was not you, reset your password now and contact us.',
      ],
    }),
    es: (v) => ({
      subject: 'Tu contraseña ha cambiado',
      lines: [
        `Hola ${v.name},`,
        'La contraseña de tu cuenta de Solar acaba de cambiar y se cerraron todas las sesiones.',
        'Si no fuiste tú, restablece tu contraseña ahora y contáctanos.',
      ],
    }),
    ru: (v) => ({
      subject: 'Ваш пароль изменён',
      lines: [
        `Здравствуйте, ${v.name}!`,
        'Пароль вашей учётной записи Solar только что изменён, все сеансы завершены.',
        'Если это были не вы, сбросьте пароль и свяжитесь с нами.',
      ],
    }),
  },
};

/** The name of one of the account mails. */
export type MailKind = keyof typeof templates;

const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

/** Renders mail `kind` in `locale` (unknown locales fall back to English). */
export function renderMail(kind: MailKind, locale: Locale, variables: MailVariables): MailContent {
  const t = (templates[kind][locale] ?? templates[kind].en)(variables);
  const textParts = [...t.lines];
  const htmlParts = t.lines.map((line) => `<p>${escapeHtml(line)}</p>`);
  if (t.action && variables.link) {
    textParts.splice(2, 0, `${t.action}: ${variables.link}`);
    htmlParts.splice(
      2,
      0,
      `<p><a href="${escapeHtml(variables.link)}">${escapeHtml(t.action)}</a></p>`,
    );
  }
  return {
    subject: t.subject,
    text: `${textParts.join('\n\n')}\n\n-- \nSolar\n`,
    html: `<!doctype html><html><body>${htmlParts.join('')}<p>Solar</p></body></html>`,
  };
}
