/**
 * The URL query of a paged, sortable, searchable list (docs/product.md#user-administration; the
 * users list and the projects list): the parts every list shares, read and written one way.
 *
 *   ?page=2&size=25&sort=name&dir=asc&q=ada
 *
 * Defaults (page 1, 10 per page, no header sort, no search) are left out of the query;
 * unknown or malformed values fall back to the default instead of failing. Each list adds
 * its own filters to the same URLSearchParams.
 */
import { DEFAULT_PAGE_SIZE, isPageSize, type PageSize, type SortState } from '@solar/domain';

/** The shared part of a list's state: 1-based page, page size, header sort, raw search. */
export interface ListQuery<C extends string> {
  readonly page: number;
  readonly size: PageSize;
  readonly sort: SortState<C> | null;
  /** The search text as typed (trimmed only when sent). */
  readonly search: string;
}

/** Reads the shared part from `query`; `sortFields` are the columns the list sorts by. */
export function readListQuery<C extends string>(
  query: URLSearchParams,
  sortFields: readonly C[],
): ListQuery<C> {
  const page = Number(query.get('page'));
  const size = Number(query.get('size'));
  const sortBy = query.get('sort');
  const isSortField = (value: string | null): value is C =>
    (sortFields as readonly (string | null)[]).includes(value);
  return {
    page: Number.isInteger(page) && page >= 1 ? page : 1,
    size: isPageSize(size) ? size : DEFAULT_PAGE_SIZE,
    sort: isSortField(sortBy)
      ? { column: sortBy, direction: query.get('dir') === 'asc' ? 'ascending' : 'descending' }
      : null,
    search: query.get('q') ?? '',
  };
}

/** The query of the shared part (defaults left out); the list adds its filters to it. */
export function writeListQuery<C extends string>(state: ListQuery<C>): URLSearchParams {
  const query = new URLSearchParams();
  if (state.page > 1) query.set('page', String(state.page));
  if (state.size !== DEFAULT_PAGE_SIZE) query.set('size', String(state.size));
  if (state.sort) {
    query.set('sort', state.sort.column);
    query.set('dir', state.sort.direction === 'ascending' ? 'asc' : 'desc');
  }
  if (state.search) query.set('q', state.search);
  return query;
}
