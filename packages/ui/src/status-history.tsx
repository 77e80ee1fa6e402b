/**
 * StatusHistory: what happened to a project and when (clients see their
 * project's status history), as a list of events: what changed, who did it, when, and an
 * optional note. Texts and formatted dates arrive translated.
 */
import { cn } from './cn.ts';

/** One event of the history. */
export interface StatusHistoryEvent {
  /** Stable key. */
  id: string;
  /** What happened, translated ("Inspection scheduled"). */
  title: string;
  /** When, as an ISO 8601 instant (for `<time dateTime>`). */
  at: string;
  /** When, formatted for the reader ("24 Nov 2026, 10:15"). */
  atLabel: string;
  /** Who, already phrased ("by Ada Lovelace"); null or absent to leave out. @default undefined */
  actor?: string | null;
  /** A note written with the change. @default undefined */
  note?: string | null;
}

export interface StatusHistoryProps {
  /** The events in the order to show them. */
  events: readonly StatusHistoryEvent[];
  /** Accessible name of the list ("Status history"). */
  label: string;
  /** Shown instead of the list when there are no events. @default undefined */
  emptyLabel?: string;
  /** Extra classes for the list. @default undefined */
  className?: string;
}

/**
 * A timeline of status changes.
 *
 * Use when showing a record's past changes in order (a project's status history).
 *
 * Don't use when showing the steps still to come (use `PipelineSteps`), or a feed of
 * unrelated activity (use a `Card` list).
 */
export function StatusHistory({ events, label, emptyLabel, className }: StatusHistoryProps) {
  if (events.length === 0 && emptyLabel) {
    return <p className={cn('text-sm text-fg-muted', className)}>{emptyLabel}</p>;
  }
  return (
    <ol
      aria-label={label}
      data-slot="status-history"
      className={cn('flex flex-col border-l-2 border-border pl-4', className)}
    >
      {events.map((event) => (
        <li key={event.id} className="relative flex flex-col gap-0.5 pb-4 last:pb-0">
          <span
            aria-hidden="true"
            className="absolute top-1.5 -left-[1.3rem] size-2.5 rounded-pill border-2 border-surface bg-brand-700"
          />
          <span className="text-sm font-medium text-fg">{event.title}</span>
          <span className="text-xs text-fg-muted">
            <time dateTime={event.at}>{event.atLabel}</time>
            {event.actor ? ` · ${event.actor}` : ''}
          </span>
          {event.note && <p className="text-sm break-words text-fg">{event.note}</p>}
        </li>
      ))}
    </ol>
  );
}
