/**
 * The audit log's filters (docs/product.md#audit-log): the person (searched, or chosen from a
 * row) and the target chosen from a row, each shown as a removable chip; the target type, the
 * action (the known actions) and the period's first and last UTC day. Every change goes back
 * to page 1.
 */
import { useState } from 'react';
import { AUDIT_TARGET_TYPES, type AuditEvent, type AuditTargetType } from '@solar/domain';
import { Button, Select, TextField, XIcon } from '@solar/ui';
import { AUDIT_ACTIONS } from './audit-format.ts';
import type { AuditLogState } from './audit-state.ts';
import { useAuditText } from './audit-text.ts';
import { PersonSearch } from './person-search.tsx';

/** A chosen filter with its remove button. */
function Chip({
  label,
  clearLabel,
  onClear,
}: {
  label: string;
  clearLabel: string;
  onClear: () => void;
}) {
  return (
    <span className="inline-flex max-w-full items-center gap-1 rounded-pill border border-border bg-surface-raised py-0.5 pr-0.5 pl-3 text-sm">
      <span className="[overflow-wrap:anywhere]">{label}</span>
      <Button variant="ghost" size="sm" aria-label={clearLabel} onPress={onClear} className="px-2">
        <XIcon className="size-4" aria-hidden="true" />
      </Button>
    </span>
  );
}

/** The filters of `state`; `rows` name the chosen person and target when they are shown. */
export function AuditFilters({
  state,
  rows,
  update,
}: {
  state: AuditLogState;
  rows: readonly AuditEvent[];
  update: (changes: Partial<AuditLogState>, replace?: boolean) => void;
}) {
  const text = useAuditText();
  const { t } = text;
  const actorRow = rows.find((row) => row.actorId === state.actorId);
  const [picked, setPicked] = useState<{ id: string; name: string } | null>(null);
  const actorName = actorRow
    ? text.actor(actorRow)
    : picked?.id === state.actorId
      ? picked.name
      : (state.actorId ?? '').slice(0, 8);
  const targetRow = rows.find((row) => row.targetId === state.targetId);
  const targetName = targetRow
    ? text.target(targetRow, text.targetName(targetRow))
    : (state.targetId ?? '').slice(0, 8);
  const day = (value: string) => (/^\d{4}-\d{2}-\d{2}$/.test(value) ? value : null);

  return (
    <div className="flex flex-col gap-3">
      <div className="grid gap-4 sm:grid-cols-2 lg:grid-cols-5">
        <PersonSearch
          onPick={(actorId, name) => {
            setPicked({ id: actorId, name });
            update({ actorId, page: 1 });
          }}
        />
        <Select<AuditTargetType | 'all'>
          label={t('audit.filter.targetType')}
          options={[
            { id: 'all', label: t('audit.targetType.all') },
            ...AUDIT_TARGET_TYPES.map((type) => ({
              id: type,
              label: t(`audit.targetType.${type}`),
            })),
          ]}
          value={state.targetType ?? 'all'}
          onChange={(type) =>
            update({ targetType: type === 'all' ? null : type, targetId: null, page: 1 })
          }
        />
        <Select<string>
          label={t('audit.filter.action')}
          options={[
            { id: 'all', label: t('audit.filter.actionAll') },
            ...AUDIT_ACTIONS.map((action) => ({ id: action, label: text.action(action) })),
          ]}
          value={state.action ?? 'all'}
          onChange={(action) => update({ action: action === 'all' ? null : action, page: 1 })}
        />
        <TextField
          type="date"
          label={t('audit.filter.from')}
          value={state.from ?? ''}
          onChange={(value) => update({ from: day(value), page: 1 }, true)}
        />
        <TextField
          type="date"
          label={t('audit.filter.to')}
          value={state.to ?? ''}
          onChange={(value) => update({ to: day(value), page: 1 }, true)}
        />
      </div>
      {(state.actorId || state.targetId) && (
        <div className="flex flex-wrap gap-2">
          {state.actorId && (
            <Chip
              label={t('audit.filter.actor', { name: actorName })}
              clearLabel={t('audit.filter.clearPerson')}
              onClear={() => update({ actorId: null, page: 1 })}
            />
          )}
          {state.targetId && (
            <Chip
              label={t('audit.filter.target', { name: targetName })}
              clearLabel={t('audit.filter.clearTarget')}
              onClear={() => update({ targetId: null, page: 1 })}
            />
          )}
        </div>
      )}
    </div>
  );
}
