/**
 * The audit log table's columns (docs/product.md#audit-log): when (local date and time), who
 * (with "Only this person"), what (the action's label), the target (a link to its page, with
 * "Only this target") and the change summary.
 */
import { projectPath, userPath, type AuditEvent } from '@solar/domain';
import { ArrowRightIcon, Button, Link, type DataTableColumn } from '@solar/ui';
import type { AuditLogState } from './audit-state.ts';
import { useAuditText } from './audit-text.ts';

/** The table's column ids. */
export type AuditColumn = 'at' | 'actor' | 'action' | 'target' | 'changes';

/**
 * The change summary: one "field: before → after" line per changed field (the arrow drawn,
 * read as "to"), or "No field changed".
 */
export function ChangeSummary({ event }: { event: AuditEvent }) {
  const text = useAuditText();
  const lines = text.changes(event);
  if (lines.length === 0)
    return <span className="text-fg-muted">{text.t('audit.change.none')}</span>;
  return (
    <ul className="flex flex-col gap-0.5 text-sm [overflow-wrap:anywhere]">
      {lines.map((change) => (
        <li key={change.field}>
          {text.intl.formatMessage(
            { id: 'audit.change.line' },
            {
              field: change.field,
              before: change.before,
              after: change.after,
              // The arrow is drawn; the word ("to") is what a screen reader says.
              to: (word) => (
                <>
                  <ArrowRightIcon className="mx-0.5 inline size-3.5 align-[-0.125em]" />
                  <span className="sr-only">{word}</span>
                </>
              ),
            },
          )}
        </li>
      ))}
    </ul>
  );
}

/** The target of a row as a link to its page ("None" without one). */
export function TargetLink({ event }: { event: AuditEvent }) {
  const text = useAuditText();
  const label = text.target(event, text.targetName(event));
  if (!event.targetId || !event.targetType) return <span>{label}</span>;
  const href = event.targetType === 'user' ? userPath(event.targetId) : projectPath(event.targetId);
  return (
    <Link href={href} className="[overflow-wrap:anywhere]">
      {label}
    </Link>
  );
}

/** The columns; the row buttons narrow the log through `update`. */
export function useAuditColumns(
  update: (changes: Partial<AuditLogState>) => void,
): DataTableColumn<AuditEvent, AuditColumn>[] {
  const text = useAuditText();
  return [
    {
      id: 'at',
      header: text.t('audit.column.at'),
      phone: 'title',
      cell: (row) => <time dateTime={row.at}>{text.when(row.at)}</time>,
    },
    {
      id: 'actor',
      header: text.t('audit.column.actor'),
      cell: (row) => (
        <div className="flex flex-col items-start gap-1">
          <span className="[overflow-wrap:anywhere]">{text.actor(row)}</span>
          {row.actorId && (
            <Button
              variant="link"
              size="sm"
              aria-label={text.t('audit.actor.onlyNamed', { name: text.actor(row) })}
              onPress={() => update({ actorId: row.actorId, page: 1 })}
            >
              {text.t('audit.actor.only')}
            </Button>
          )}
        </div>
      ),
    },
    {
      id: 'action',
      header: text.t('audit.column.action'),
      cell: (row) => <span className="[overflow-wrap:anywhere]">{text.action(row.action)}</span>,
    },
    {
      id: 'target',
      header: text.t('audit.column.target'),
      cell: (row) => (
        <div className="flex flex-col items-start gap-1">
          <TargetLink event={row} />
          {row.targetId && row.targetType && (
            <Button
              variant="link"
              size="sm"
              aria-label={text.t('audit.target.onlyNamed', {
                name: text.target(row, text.targetName(row)),
              })}
              onPress={() =>
                update({ targetType: row.targetType, targetId: row.targetId, page: 1 })
              }
            >
              {text.t('audit.target.only')}
            </Button>
          )}
        </div>
      ),
    },
    {
      id: 'changes',
      header: text.t('audit.column.changes'),
      cell: (row) => <ChangeSummary event={row} />,
    },
  ];
}
