/**
 * The project status mail (docs/product.md#project-pipeline): sent to a project's owner
 * after each pipeline change, in their language (en, es, ru), naming the new status, the
 * day of a scheduled inspection or installation, and linking the project page
 * (`PUBLIC_URL/projects/{id}`). templates.ts renders it like the account mails.
 */
import type { Locale } from '@solar/domain/constants';
import type { ProjectStatus } from '@solar/domain/pipeline';
import type { Template } from './templates.ts';

/** Each status's human name in each language, as the mail says it. */
export const STATUS_NAMES: Readonly<Record<Locale, Readonly<Record<ProjectStatus, string>>>> = {
  en: {
    draft: 'Draft',
    quote_requested: 'Site visit requested',
    inspection_scheduled: 'Inspection scheduled',
    inspected: 'Roof inspected',
    proposal_accepted: 'Proposal accepted',
    installation_scheduled: 'Installation scheduled',
    installed: 'Installed',
    cancelled: 'Cancelled',
  },
  es: {
    draft: 'Borrador',
    quote_requested: 'Visita solicitada',
    inspection_scheduled: 'Inspección programada',
    inspected: 'Techo inspeccionado',
    proposal_accepted: 'Propuesta aceptada',
    installation_scheduled: 'Instalación programada',
    installed: 'Instalado',
    cancelled: 'Cancelado',
  },
  ru: {
    draft: 'Черновик',
    quote_requested: 'Запрошен выезд на объект',
    inspection_scheduled: 'Осмотр назначен',
    inspected: 'Крыша осмотрена',
    proposal_accepted: 'Предложение принято',
    installation_scheduled: 'Монтаж назначен',
    installed: 'Установлено',
    cancelled: 'Отменено',
  },
};

/**
 * A calendar day `YYYY-MM-DD` written out in `locale` with its weekday ("Monday, 1 March
 * 2027", "понедельник, 1 марта 2027 г."). The day is already the business's local day, so
 * it is formatted as that day in UTC: no time zone of the server or the reader moves it.
 * Undefined for a value that is not such a day.
 */
export function formatCalendarDay(locale: Locale, day: string | undefined): string | undefined {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(day ?? '');
  if (!match) return undefined;
  const at = Date.UTC(Number(match[1]), Number(match[2]) - 1, Number(match[3]));
  return new Intl.DateTimeFormat(locale, { dateStyle: 'full', timeZone: 'UTC' }).format(at);
}

const statusName = (locale: Locale, status: ProjectStatus | undefined) =>
  status ? STATUS_NAMES[locale][status] : '';

/** The sentence that gives the scheduled day, for the two statuses that have one. */
const scheduled: Record<Locale, (status: ProjectStatus | undefined, day: string) => string> = {
  en: (status, day) =>
    status === 'inspection_scheduled'
      ? `The roof inspection is scheduled for ${day}`
      : `The installation is scheduled for ${day}`,
  es: (status, day) =>
    status === 'inspection_scheduled'
      ? `La inspección del techo está programada para el ${day}`
      : `La instalación está programada para el ${day}`,
  ru: (status, day) =>
    status === 'inspection_scheduled'
      ? `Осмотр крыши назначен на ${day}`
      : `Монтаж назначен на ${day}`,
};

/** A sentence with its full stop, once (a Russian date already ends in "г."). */
const fullStop = (sentence: string) => (sentence.endsWith('.') ? sentence : `${sentence}.`);

/** The day's sentence when the status has a day and one is given, else nothing. */
const dayLine = (locale: Locale, status: ProjectStatus | undefined, date: string | undefined) => {
  const day = formatCalendarDay(locale, date);
  const hasDay = status === 'inspection_scheduled' || status === 'installation_scheduled';
  return hasDay && day ? [fullStop(scheduled[locale](status, day))] : [];
};

/** A template whose link ends the text. */
const linkLast =
  (template: Template): Template =>
  (v, contact) => {
    const t = template(v, contact);
    return { ...t, actionAt: t.lines.length };
  };

/** The project status mail in three languages. */
export const projectStatusTemplates: Record<Locale, Template> = {
  en: linkLast((v) => ({
    subject: `Your solar project: ${statusName('en', v.status)}`,
    lines: [
      `Hello ${v.name},`,
      `Your solar project${v.address ? ` at ${v.address}` : ''} is now: ${statusName('en', v.status)}.`,
      ...dayLine('en', v.status, v.date),
      'Open the project to see its history and what comes next.',
    ],
    action: 'Open your project',
  })),
  es: linkLast((v) => ({
    subject: `Su proyecto solar: ${statusName('es', v.status)}`,
    lines: [
      `Hola, ${v.name}:`,
      `Su proyecto solar${v.address ? ` en ${v.address}` : ''} ahora está en: ${statusName('es', v.status)}.`,
      ...dayLine('es', v.status, v.date),
      'Abra el proyecto para ver su historial y los próximos pasos.',
    ],
    action: 'Abrir su proyecto',
  })),
  ru: linkLast((v) => ({
    subject: `Ваш солнечный проект: ${statusName('ru', v.status)}`,
    lines: [
      `Здравствуйте, ${v.name}!`,
      `Статус вашего солнечного проекта${v.address ? ` (${v.address})` : ''}: ${statusName('ru', v.status)}.`,
      ...dayLine('ru', v.status, v.date),
      'Откройте проект, чтобы увидеть историю и следующие шаги.',
    ],
    action: 'Открыть проект',
  })),
};
