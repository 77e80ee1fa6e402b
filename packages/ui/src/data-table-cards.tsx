/**
 * The phone layout of DataTable (data-table.tsx): when to use it (its own width), each row
 * as a card, and the "Sort by" select that stands in for the sortable headers. Internal to the package; its states are
 * DataTable's Phone stories.
 */
import type { SortState } from '@solar/domain/paging';
import type { RowData } from '@tanstack/react-table';
import type { DataTableColumn, DataTableSortLabels } from './data-table.tsx';
import { useLayoutEffect, useState, type RefObject } from 'react';
import { Select } from './select.tsx';

/** One row as a card: its title column, label/value pairs, then its actions. */
export function PhoneCard<T extends RowData, C extends string>({
  columns,
  row,
}: {
  columns: readonly DataTableColumn<T, C>[];
  row: T;
}) {
  const title = columns.find((c) => c.phone === 'title');
  const fields = columns.filter((c) => (c.phone ?? 'field') === 'field');
  const actions = columns.filter((c) => c.phone === 'action');
  return (
    <li className="flex flex-col gap-3 rounded-card border border-border bg-surface-raised p-4 text-sm">
      {title && <div className="min-w-0 text-base break-words">{title.cell(row)}</div>}
      <dl className="grid grid-cols-[auto_minmax(0,1fr)] items-center gap-x-3 gap-y-2">
        {fields.map((column) => (
          <div key={column.id} className="contents">
            <dt className="text-fg-muted">{column.header}</dt>
            <dd className="min-w-0 break-words text-fg">{column.cell(row)}</dd>
          </div>
        ))}
      </dl>
      {actions.length > 0 && (
        <div className="flex flex-wrap justify-end gap-3 border-t border-border pt-3">
          {actions.map((column) => (
            <div key={column.id}>{column.cell(row)}</div>
          ))}
        </div>
      )}
    </li>
  );
}

/** The phone layout's sort control: each sortable column in both directions, or none. */
export function PhoneSort<T extends RowData, C extends string>({
  columns,
  sort,
  labels,
  onSortChange,
}: {
  columns: readonly DataTableColumn<T, C>[];
  sort: SortState<C> | null;
  labels: DataTableSortLabels;
  onSortChange: (sort: SortState<C> | null) => void;
}) {
  const options = [
    { id: 'none', label: labels.none },
    ...columns
      .filter((c) => c.sortable)
      .flatMap((c) => [
        { id: `${c.id}:ascending`, label: labels.ascending(c.header) },
        { id: `${c.id}:descending`, label: labels.descending(c.header) },
      ]),
  ];
  const value = sort ? `${sort.column}:${sort.direction}` : 'none';
  return (
    <Select
      label={labels.sortBy}
      options={options}
      value={value}
      onChange={(id) => {
        if (id === 'none') return onSortChange(null);
        const [column, direction] = id.split(':') as [C, SortState['direction']];
        onSortChange({ column, direction });
      }}
    />
  );
}

/** Width (px) below which the rows are cards: 42rem at the default 16 px font size. */
export const CARDS_BELOW_PX = 672;

/**
 * Whether the element is narrower than `px`, measured before paint and on every resize
 * (ResizeObserver), so a phone gets the cards in its first frame; while it has no width
 * (not laid out) the last answer stands.
 */
export function useNarrowerThan(ref: RefObject<HTMLElement | null>, px: number): boolean {
  const [narrow, setNarrow] = useState(false);
  useLayoutEffect(() => {
    const element = ref.current;
    if (!element) return;
    // A width of 0 is an element not laid out yet (a hidden parent), not a narrow one.
    const measure = () => {
      const width = element.getBoundingClientRect().width;
      if (width > 0) setNarrow(width < px);
    };
    measure();
    const observer = new ResizeObserver(measure);
    observer.observe(element);
    return () => observer.disconnect();
  }, [ref, px]);
  return narrow;
}
