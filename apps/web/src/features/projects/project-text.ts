/**
 * The pipeline's words in the interface language: status names, action
 * labels and their success toasts, roof types, and dates of the project screens.
 */
import {
  pipelineActionMessages,
  projectStatusMessages,
  type ConfigRoofType,
  type PipelineAction,
  type ProjectStatus,
} from '@solar/domain';
import { useIntl } from 'react-intl';

/** Message ids of the roof types (status and action words are the domain's, pipeline-messages.ts). */
export const roofTypeId = (roof: ConfigRoofType) => `projects.roofType.${roof}`;

/** Formatters of the project screens: texts by id, a status, a calendar day, an instant. */
export function useProjectText() {
  const intl = useIntl();
  const t = (id: string, values?: Record<string, string | number>) =>
    intl.formatMessage({ id }, values);
  return {
    t,
    status: (status: ProjectStatus) => intl.formatMessage(projectStatusMessages[status]),
    action: (action: PipelineAction) => intl.formatMessage(pipelineActionMessages[action].label),
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
