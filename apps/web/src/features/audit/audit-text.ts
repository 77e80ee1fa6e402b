/**
 * The audit rows' words in the interface language (docs/product.md#audit-log): the action's
 * label (the raw action when this version does not know it), who made it ("System" when no
 * one), the target's name (an account's name from its audited fields, else the start of its
 * id), the change summary lines and the localized date and time.
 */
import {
  isProjectStatus,
  projectStatusMessages,
  roleMessages,
  userTypeToRole,
  type AuditEvent,
} from '@solar/domain';
import { useIntl } from 'react-intl';
import { actionMessage, changedFields, type FieldChange } from './audit-format.ts';

const FIELDS = new Set([
  'name',
  'email',
  'userType',
  'isActive',
  'emailConfirmed',
  'locale',
  'authMethod',
  'status',
  'inspectionDate',
  'installationDate',
  'inspection',
  'roofInspectorId',
  'installerId',
]);

const nameIn = (value: unknown): string | null =>
  typeof value === 'object' &&
  value !== null &&
  'name' in value &&
  typeof value.name === 'string' &&
  value.name
    ? value.name
    : null;

/** The formatters of audit rows. */
export function useAuditText() {
  const intl = useIntl();
  const t = (id: string, values?: Record<string, string | number>) =>
    intl.formatMessage({ id }, values);
  return {
    intl,
    t,
    action: (action: string) => {
      const message = actionMessage(action);
      return message ? intl.formatMessage(message) : action;
    },
    actor: (event: AuditEvent) => event.actorName ?? t('audit.actor.system'),
    /** The target's short name: an account's name, else the first 8 characters of its id. */
    targetName: (event: AuditEvent) =>
      nameIn(event.after) ?? nameIn(event.before) ?? (event.targetId ?? '').slice(0, 8),
    target: (event: AuditEvent, name: string) =>
      event.targetType === 'user'
        ? t('audit.target.user', { name })
        : event.targetType === 'project'
          ? t('audit.target.project', { name })
          : t('audit.target.none'),
    /**
     * The changed fields, each with its name and its values before and after as shown:
     * translated field names where known, a user type as its role's name, a project status
     * as its label, true/false as yes/no, "none" for an empty value.
     */
    changes: (event: AuditEvent) => {
      const value = (field: string, raw: string) => {
        if (raw === '') return t('audit.change.empty');
        if (raw === 'true' || raw === 'false') return t(`audit.value.${raw}`);
        if (field === 'status' && isProjectStatus(raw)) {
          return intl.formatMessage(projectStatusMessages[raw]);
        }
        const role = field === 'userType' ? userTypeToRole(Number(raw)) : null;
        return role ? intl.formatMessage(roleMessages[role]) : raw;
      };
      return changedFields(event.before, event.after).map((change): FieldChange => ({
        field: FIELDS.has(change.field) ? t(`audit.field.${change.field}`) : change.field,
        before: value(change.field, change.before),
        after: value(change.field, change.after),
      }));
    },
    when: (iso: string) => intl.formatDate(iso, { dateStyle: 'medium', timeStyle: 'short' }),
  };
}
