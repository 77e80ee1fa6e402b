/**
 * How an audit row reads (docs/product.md#audit-log): the known actions (the action filter's
 * choices and their message ids), and the change summary, one "field: before → after" line
 * per audited field whose value changed.
 */
import {
  isPipelineAction,
  PIPELINE_ACTIONS,
  pipelineActionMessages,
  type MessageDescriptor,
} from '@solar/domain';

/** The actions the server records, in the filter's order. */
export const AUDIT_ACTIONS: readonly string[] = [
  'user.create',
  'user.update',
  'user.status',
  'user.restore_admin',
  'project.assign',
  'project.addPhoto',
  ...PIPELINE_ACTIONS.map((action) => `project.${action}`),
];

/**
 * The message of an action's label, or null for an action this version does not know: a
 * pipeline action's is the domain's (pipeline-messages.ts), the others' this feature's.
 */
export function actionMessage(action: string): Pick<MessageDescriptor, 'id'> | null {
  if (!AUDIT_ACTIONS.includes(action)) return null;
  const verb = action.slice('project.'.length);
  return action.startsWith('project.') && isPipelineAction(verb)
    ? pipelineActionMessages[verb].history
    : { id: `audit.action.${action}` };
}

/** One changed field: its name and its values before and after, as text ('' for none). */
export interface FieldChange {
  readonly field: string;
  readonly before: string;
  readonly after: string;
}

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/** A value as short text: '' for null or absent, JSON for objects and arrays. */
export function valueText(value: unknown): string {
  if (value === null || value === undefined) return '';
  if (typeof value === 'string') return value;
  if (typeof value === 'number' || typeof value === 'boolean') return String(value);
  return JSON.stringify(value);
}

/**
 * The fields whose value differs between `before` and `after` (objects of audited fields;
 * either may be null: a creation lists every field set, a removal every field cleared), in
 * the order the fields first appear. Values that are not objects compare as one `value`.
 */
export function changedFields(before: unknown, after: unknown): FieldChange[] {
  const a = isRecord(before) ? before : before == null ? {} : { value: before };
  const b = isRecord(after) ? after : after == null ? {} : { value: after };
  const fields = [...new Set([...Object.keys(a), ...Object.keys(b)])];
  return fields
    .map((field) => ({ field, before: valueText(a[field]), after: valueText(b[field]) }))
    .filter((change) => change.before !== change.after);
}
