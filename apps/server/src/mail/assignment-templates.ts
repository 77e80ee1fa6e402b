/**
 * The assignment mail (docs/product.md#project-pipeline): sent to the roof inspector or the
 * installer a project manager assigns to a project, in their language (en, es, ru; Spanish
 * addresses the reader as "usted"), naming their part and the project's address and linking
 * the project page (`PUBLIC_URL/projects/{id}`). templates.ts renders it like the others.
 */
import type { Locale } from '@solar/domain/constants';
import type { Template } from './templates.ts';

/** The part the reader is assigned, as the mail says it. */
const DUTY: Record<Locale, Record<'roofInspector' | 'installer', string>> = {
  en: { roofInspector: 'the roof inspection', installer: 'the installation' },
  es: { roofInspector: 'la inspección del techo', installer: 'la instalación' },
  ru: { roofInspector: 'осмотр крыши', installer: 'монтаж' },
};

const dutyOf = (locale: Locale, duty: string | undefined) =>
  DUTY[locale][duty === 'installer' ? 'installer' : 'roofInspector'];

/** The assignment mail in three languages; the link ends the text. */
export const projectAssignedTemplates: Record<Locale, Template> = {
  en: (v) => ({
    subject: 'A solar project was assigned to you',
    lines: [
      `Hello ${v.name},`,
      `You are assigned ${dutyOf('en', v.duty)} of the solar project${v.address ? ` at ${v.address}` : ''}.`,
      'Open the project to see its details and history.',
    ],
    action: 'Open the project',
    actionAt: 3,
  }),
  es: (v) => ({
    subject: 'Se le ha asignado un proyecto solar',
    lines: [
      `Hola, ${v.name}:`,
      `Se le ha asignado ${dutyOf('es', v.duty)} del proyecto solar${v.address ? ` en ${v.address}` : ''}.`,
      'Abra el proyecto para ver sus detalles y su historial.',
    ],
    action: 'Abrir el proyecto',
    actionAt: 3,
  }),
  ru: (v) => ({
    subject: 'Вам назначен солнечный проект',
    lines: [
      `Здравствуйте, ${v.name}!`,
      `Вам поручен ${dutyOf('ru', v.duty)} по солнечному проекту${v.address ? ` (${v.address})` : ''}.`,
      'Откройте проект, чтобы увидеть подробности и историю.',
    ],
    action: 'Открыть проект',
    actionAt: 3,
  }),
};
