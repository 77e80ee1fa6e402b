/**
 * DataTable: a table of rows (TanStack Table v9 for the column and row model) with
 * sortable headers, a loading state and the two empty states of the user list
 * (docs/product.md#user-administration). Sorting is controlled and server-side: a header click
 * reports the next state of the cycle descending -> ascending -> none (`nextSort` of @solar/domain)
 * and the header carries `aria-sort`. Rows are whatever the caller shows; labels arrive translated.
 *
 * Layout: the table fits its place. Headers wrap between words; `truncate` columns share
 * the width the other columns leave (at least 8rem each) and cut their cells to one line,
 * and the whole value shows on hover (its `title`) and when anything in the row has
 * keyboard focus (the row's cells wrap instead). Narrower than 42rem (its own width) the rows become cards
 * (data-table-cards.tsx). While loading, the rows dim and a progress bar runs along the top
 * of the window, seen however far down the list the user is.
 */
import { ariaSort, nextSort, type SortState } from '@solar/domain/paging';
import { tableFeatures, useTable, type ColumnDef, type RowData } from '@tanstack/react-table';
import { useMemo, useRef, type ReactNode } from 'react';
import { Button as AriaButton } from 'react-aria-components';
import { cn, focusRing } from './cn.ts';
import { ArrowDownIcon, ArrowUpDownIcon, ArrowUpIcon } from './icons.tsx';
import { CARDS_BELOW_PX, PhoneCard, PhoneSort, useNarrowerThan } from './data-table-cards.tsx';
import { TopProgressBar } from './spinner.tsx';

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
  /**
   * A control drawn in the header cell (e.g. a "Select all on this page" checkbox), after
   * the header text. On a phone it stands above the cards, as the header row is gone, with
   * its visually hidden text shown (a checkbox's label).
   */
  headerControl?: ReactNode;
  /**
   * Cut the cell to one line (names, emails). `text` gives the whole value for the hover
   * title; the row shows it in full while it holds keyboard focus.
   */
  truncate?: { text: (row: T) => string };
  /** Place in the phone card: its heading, a label/value pair (default) or its actions. */
  phone?: 'title' | 'field' | 'action';
}

/** Labels of the phone layout's sort select (translated): "Sort by", the two directions. */
export interface DataTableSortLabels {
  sortBy: string;
  /** The unsorted choice ("Default order"). */
  none: string;
  /** "{column}, ascending"-style labels, given the column's header. */
  ascending: (header: string) => string;
  descending: (header: string) => string;
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
  /** Dims the rows (kept, so the page does not jump) and runs the top progress bar. */
  isLoading?: boolean;
  /** Accessible name of the progress bar ("Loading users"). */
  loadingLabel: string;
  /** Labels of the phone layout's sort select; without them cards have no sort control. */
  sortLabels?: DataTableSortLabels;
  /** Whether filters or a search are applied: picks which empty state shows. */
  isFiltered?: boolean;
  /** Shown with no rows and no filters ("No users found" + create link). */
  emptyState: ReactNode;
  /** Shown with no rows under filters ("No users match your current filters"). */
  filteredEmptyState: ReactNode;
  className?: string;
}

const features = tableFeatures({});

/** A sortable, loading-aware table that turns into cards on a phone. */
export function DataTable<T extends RowData, C extends string = string>({
  caption,
  columns,
  rows,
  getRowId,
  sort = null,
  onSortChange,
  isLoading = false,
  loadingLabel,
  sortLabels,
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
  const root = useRef<HTMLDivElement>(null);
  const asCards = useNarrowerThan(root, CARDS_BELOW_PX);
  const isEmpty = rows.length === 0;
  const empty = isLoading ? <div className="h-40" /> : isFiltered ? filteredEmptyState : emptyState;

  return (
    <div ref={root} data-slot="data-table" className={cn('relative', className)}>
      {isLoading && <TopProgressBar label={loadingLabel} />}
      {isLoading && (
        <div
          aria-hidden="true"
          data-slot="loading-veil"
          className="absolute inset-0 z-10 rounded-card bg-surface/60"
        />
      )}
      {asCards ? (
        <div className="flex flex-col gap-3">
          {columns.map(
            (column) =>
              // No header row here: the control's visually hidden text (its label) shows.
              column.headerControl && (
                <div key={column.id} className="[&_.sr-only]:not-sr-only">
                  {column.headerControl}
                </div>
              ),
          )}
          {sortLabels && onSortChange && (
            <PhoneSort
              columns={columns}
              sort={sort}
              labels={sortLabels}
              onSortChange={onSortChange}
            />
          )}
          <ul aria-label={caption} aria-busy={isLoading} className="flex flex-col gap-3">
            {isEmpty ? (
              <li className="rounded-card border border-border bg-surface-raised">{empty}</li>
            ) : (
              rows.map((row) => <PhoneCard key={getRowId(row)} columns={columns} row={row} />)
            )}
          </ul>
        </div>
      ) : (
        // `relative`: visually hidden text in a cell is positioned inside the scroller, so a
        // table wider than its place scrolls in it and never widens the page.
        <div className="relative overflow-x-auto rounded-card border border-border bg-surface-raised">
          <table aria-busy={isLoading} className="w-full border-collapse text-left text-sm">
            <caption className="sr-only">{caption}</caption>
            <thead className="bg-surface-sunken">
              {table.getHeaderGroups().map((group) => (
                <tr key={group.id}>
                  {group.headers.map((header) => {
                    const column = byId.get(header.column.id);
                    if (!column) return null;
                    return (
                      <HeaderCell
                        key={header.id}
                        column={column}
                        sort={sort}
                        {...(onSortChange ? { onSortChange } : {})}
                      />
                    );
                  })}
                </tr>
              ))}
            </thead>
            <tbody>
              {isEmpty ? (
                <tr>
                  <td colSpan={columns.length} className="p-0">
                    {empty}
                  </td>
                </tr>
              ) : (
                table.getRowModel().rows.map((row) => (
                  <tr
                    key={row.id}
                    className="group/row border-t border-border hover:bg-surface-sunken/60"
                  >
                    {row.getAllCells().map((cell) => {
                      const column = byId.get(cell.column.id);
                      return (
                        <td
                          key={cell.id}
                          className={cn(
                            'px-2.5 py-3 align-middle text-fg',
                            column?.align === 'end' && 'text-right tabular-nums',
                            column?.truncate && 'w-1/4 max-w-0 min-w-32',
                          )}
                        >
                          <CellValue column={column} row={row.original}>
                            <table.FlexRender cell={cell} />
                          </CellValue>
                        </td>
                      );
                    })}
                  </tr>
                ))
              )}
            </tbody>
          </table>
        </div>
      )}
    </div>
  );
}

/** A header: plain, or a button that moves the sort to its next state. */
function HeaderCell<T extends RowData, C extends string>({
  column,
  sort,
  onSortChange,
}: {
  column: DataTableColumn<T, C>;
  sort: SortState<C> | null;
  onSortChange?: (sort: SortState<C> | null) => void;
}) {
  const align = column.align === 'end' ? 'text-right' : 'text-left';
  if (!column.sortable) {
    return (
      <th scope="col" className={cn('px-2.5 py-3 align-bottom font-semibold text-fg-muted', align)}>
        <span className={cn(column.hideHeader && 'sr-only')}>{column.header}</span>
        {column.headerControl}
      </th>
    );
  }
  const direction = ariaSort(sort, column.id);
  return (
    <th
      scope="col"
      aria-sort={direction}
      className={cn('px-1 py-1.5 align-bottom font-semibold text-fg-muted', align)}
    >
      <AriaButton
        onPress={() => onSortChange?.(nextSort(sort, column.id))}
        className={cn(
          'inline-flex items-center gap-1.5 rounded-md px-2 py-1.5 text-start font-semibold text-fg-muted',
          'data-[hovered]:bg-hover data-[hovered]:text-fg',
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
}

/** A cell's content: cut to one line for a `truncate` column, whole while the row has focus. */
function CellValue<T extends RowData, C extends string>({
  column,
  row,
  children,
}: {
  column: DataTableColumn<T, C> | undefined;
  row: T;
  children: ReactNode;
}) {
  if (!column?.truncate) return children;
  return (
    <div
      title={column.truncate.text(row)}
      className="truncate group-focus-within/row:overflow-visible group-focus-within/row:break-all group-focus-within/row:whitespace-normal"
    >
      {children}
    </div>
  );
}
