/**
 * The pipeline's words in the interface language: status names, action
 * labels and their success toasts, roof types, and dates of the project screens.
 */
import type { ConfigRoofType, PipelineAction, ProjectStatus } from '@solar/domain';
import { useIntl } from 'react-intl';

/** Message ids of the pipeline's words. */
export const statusId = (status: ProjectStatus) => `projects.status.${status}`;
export const actionId = (action: PipelineAction) => `projects.action.${action}`;
export const doneId = (action: PipelineAction) => `projects.done.${action}`;
export const roofTypeId = (roof: ConfigRoofType) => `projects.roofType.${roof}`;

/** Formatters of the project screens: texts by id, a status, a calendar day, an instant. */
export function useProjectText() {
  const intl = useIntl();
  const t = (id: string, values?: Record<string, string | number>) =>
    intl.formatMessage({ id }, values);
  return {
    t,
    status: (status: ProjectStatus) => t(statusId(status)),
    action: (action: PipelineAction) => t(actionId(action)),
    roofType: (roof: ConfigRoofType) => t(roofTypeId(roof)),
    /** A `YYYY-MM-DD` calendar day, as that day wherever the reader is. */
    day: (day: string) =>
      intl.formatDate(`${day}T12:00:00Z`, { dateStyle: 'medium', timeZone: 'UTC' }),
    /** An ISO instant with its time. */
    instant: (at: string) => intl.formatDate(at, { dateStyle: 'medium', timeStyle: 'short' }),
    number: (value: number, digits = 0) =>
      intl.formatNumber(value, { maximumFractionDigits: digits }),
  };
}
