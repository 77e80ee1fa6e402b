/**
 * DataTable: a table of rows (TanStack Table v9 for the column and row model) with
 * sortable headers, a loading overlay and the two empty states of the user list (spec
 * section 2). Sorting is controlled and server-side: a header click reports the next state
 * of the cycle descending -> ascending -> none (`nextSort` of @solar/domain) and the header
 * carries `aria-sort`. Rows are whatever the caller shows; labels arrive translated.
 */
import { ariaSort, nextSort, type SortState } from '@solar/domain/paging';
import { tableFeatures, useTable, type ColumnDef, type RowData } from '@tanstack/react-table';
import { useMemo, type ReactNode } from 'react';
import { Button as AriaButton } from 'react-aria-components';
import { cn, focusRing } from './cn.ts';
import { ArrowDownIcon, ArrowUpDownIcon, ArrowUpIcon } from './icons.tsx';
import { LoadingOverlay } from './spinner.tsx';

/** One column: an id (also the sort key), a translated header and a cell renderer. */
export interface DataTableColumn<T extends RowData, C extends string = string> {
  id: C;
  header: string;
  cell: (row: T) => ReactNode;
  /** Whether clicking the header sorts by this column. */
  sortable?: boolean;
  /** Right-align numbers. */
  align?: 'start' | 'end';
  /** Hide the header text visually (e.g. an actions column). */
  hideHeader?: boolean;
}

export interface DataTableProps<T extends RowData, C extends string = string> {
  /** The table's accessible name (a caption, shown only to screen readers). */
  caption: string;
  columns: readonly DataTableColumn<T, C>[];
  rows: readonly T[];
  getRowId: (row: T) => string;
  /** The current sort, or null for none. */
  sort?: SortState<C> | null;
  /** Called with the next sort state when a sortable header is pressed. */
  onSortChange?: (sort: SortState<C> | null) => void;
  /** Shows the overlay over the rows (kept, so the page does not jump). */
  isLoading?: boolean;
  /** Accessible name of the loading spinner ("Loading users"). */
  loadingLabel: string;
  /** Whether filters or a search are applied: picks which empty state shows. */
  isFiltered?: boolean;
  /** Shown with no rows and no filters ("No users found" + create link). */
  emptyState: ReactNode;
  /** Shown with no rows under filters ("No users match your current filters"). */
  filteredEmptyState: ReactNode;
  className?: string;
}

const features = tableFeatures({});

/** A sortable, loading-aware table. */
export function DataTable<T extends RowData, C extends string = string>({
  caption,
  columns,
  rows,
  getRowId,
  sort = null,
  onSortChange,
  isLoading = false,
  loadingLabel,
  isFiltered = false,
  emptyState,
  filteredEmptyState,
  className,
}: DataTableProps<T, C>) {
  const defs = useMemo<ColumnDef<typeof features, T>[]>(
    () =>
      columns.map((column) => ({
        id: column.id,
        header: column.header,
        cell: ({ row }) => column.cell(row.original),
      })),
    [columns],
  );
  const byId = useMemo(() => new Map(columns.map((c) => [c.id as string, c])), [columns]);
  const table = useTable({
    features,
    columns: defs,
    data: rows as T[],
    getRowId: (row) => getRowId(row),
  });
  const isEmpty = rows.length === 0;

  return (
    <div
      data-slot="data-table"
      className={cn(
        'relative overflow-x-auto rounded-card border border-border bg-surface-raised',
        className,
      )}
    >
      <table aria-busy={isLoading} className="w-full border-collapse text-left text-sm">
        <caption className="sr-only">{caption}</caption>
        <thead className="bg-surface-sunken">
          {table.getHeaderGroups().map((group) => (
            <tr key={group.id}>
              {group.headers.map((header) => {
                const column = byId.get(header.column.id);
                const align = column?.align === 'end' ? 'text-right' : 'text-left';
                if (!column?.sortable) {
                  return (
                    <th
                      key={header.id}
                      scope="col"
                      className={cn('px-4 py-3 font-semibold text-fg-muted', align)}
                    >
                      <span className={cn(column?.hideHeader && 'sr-only')}>{column?.header}</span>
                    </th>
                  );
                }
                const direction = ariaSort(sort, column.id);
                return (
                  <th
                    key={header.id}
                    scope="col"
                    aria-sort={direction}
                    className={cn('px-2 py-1.5 font-semibold text-fg-muted', align)}
                  >
                    <AriaButton
                      onPress={() => onSortChange?.(nextSort(sort, column.id))}
                      className={cn(
                        'inline-flex items-center gap-1.5 rounded-md px-2 py-1.5 font-semibold text-fg-muted',
                        'data-[hovered]:bg-black/5 data-[hovered]:text-fg dark:data-[hovered]:bg-white/10',
                        direction !== 'none' && 'text-fg',
                        focusRing,
                      )}
                    >
                      {column.header}
                      {direction === 'ascending' ? (
                        <ArrowUpIcon className="size-3.5" />
                      ) : direction === 'descending' ? (
                        <ArrowDownIcon className="size-3.5" />
                      ) : (
                        <ArrowUpDownIcon className="size-3.5 opacity-70" />
                      )}
                    </AriaButton>
                  </th>
                );
              })}
            </tr>
          ))}
        </thead>
        <tbody>
          {isEmpty ? (
            <tr>
              <td colSpan={columns.length} className="p-0">
                {isLoading ? (
                  <div className="h-40" />
                ) : isFiltered ? (
                  filteredEmptyState
                ) : (
                  emptyState
                )}
              </td>
            </tr>
          ) : (
            table.getRowModel().rows.map((row) => (
              <tr
                key={row.id}
                className="border-t border-border hover:bg-surface-sunken/60 data-[hovered]:bg-surface-sunken"
              >
                {row.getAllCells().map((cell) => (
                  <td
                    key={cell.id}
                    className={cn(
                      'px-4 py-3 align-middle text-fg',
                      byId.get(cell.column.id)?.align === 'end' && 'text-right tabular-nums',
                    )}
                  >
                    <table.FlexRender cell={cell} />
                  </td>
                ))}
              </tr>
            ))
          )}
        </tbody>
      </table>
      <LoadingOverlay isVisible={isLoading} label={loadingLabel} />
    </div>
  );
}
