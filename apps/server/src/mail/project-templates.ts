/**
 * The project status mail (issue 22 item 3): sent to a project's owner after each pipeline
 * change, in their language (en, es, ru), naming the new status and linking the project
 * page (`PUBLIC_URL/projects/{id}`). templates.ts renders it like the account mails.
 */
import type { Locale } from '@solar/domain/constants';
import type { ProjectStatus } from '@solar/domain/pipeline';

/** What the template needs besides the name and the link. */
export interface ProjectStatusVariables {
  name: string;
  /** The project's new status. */
  status?: ProjectStatus;
  /** The project's address, to tell one project from another. */
  address?: string;
}

type Rendered = { subject: string; lines: string[]; action?: string };

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

const statusName = (locale: Locale, status: ProjectStatus | undefined) =>
  status ? STATUS_NAMES[locale][status] : '';

/** The project status mail in three languages. */
export const projectStatusTemplates: Record<Locale, (v: ProjectStatusVariables) => Rendered> = {
  en: (v) => ({
    subject: `Your solar project: ${statusName('en', v.status)}`,
    lines: [
      `Hello ${v.name},`,
      `Your solar project${v.address ? ` at ${v.address}` : ''} is now: ${statusName('en', v.status)}.`,
      'Open the project to see its history and what comes next.',
    ],
    action: 'Open your project',
  }),
  es: (v) => ({
    subject: `Tu proyecto solar: ${statusName('es', v.status)}`,
    lines: [
      `Hola ${v.name},`,
      `Tu proyecto solar${v.address ? ` en ${v.address}` : ''} ahora está en: ${statusName('es', v.status)}.`,
      'Abre el proyecto para ver su historial y los próximos pasos.',
    ],
    action: 'Abrir tu proyecto',
  }),
  ru: (v) => ({
    subject: `Ваш солнечный проект: ${statusName('ru', v.status)}`,
    lines: [
      `Здравствуйте, ${v.name}!`,
      `Статус вашего солнечного проекта${v.address ? ` (${v.address})` : ''}: ${statusName('ru', v.status)}.`,
      'Откройте проект, чтобы увидеть историю и следующие шаги.',
    ],
    action: 'Открыть проект',
  }),
};
