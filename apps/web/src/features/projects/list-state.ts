/**
 * The pipeline list's state in the URL query (issue 22 item 3, like the user list): page,
 * size, sort, search and status filter, so a view can be bookmarked and shared.
 *
 *   ?page=2&size=25&sort=status&dir=asc&q=bishkek&status=quote_requested
 *
 * Defaults (page 1, 10 per page, server order: last updated first, no search, all
 * statuses) are left out. Unknown or malformed values fall back to the default.
 */
import type { ProjectPipelineParams } from '@solar/api';
import {
  DEFAULT_PAGE_SIZE,
  isPageSize,
  isProjectStatus,
  PROJECT_SORT_FIELDS,
  type PageSize,
  type ProjectSortField,
  type ProjectStatus,
  type SortState,
} from '@solar/domain';

/** What the list shows. */
export interface ProjectListState {
  readonly page: number;
  readonly size: PageSize;
  readonly sort: SortState<ProjectSortField> | null;
  /** The search text as typed (trimmed only when sent). */
  readonly search: string;
  readonly status: ProjectStatus | null;
}

/** The server's order when no header sort is chosen. */
export const DEFAULT_PROJECT_SORT: SortState<ProjectSortField> = {
  column: 'updatedAt',
  direction: 'descending',
};

const isSortField = (value: unknown): value is ProjectSortField =>
  (PROJECT_SORT_FIELDS as readonly unknown[]).includes(value);

/** Reads the list state from a query string (with or without '?'). */
export function parseProjectListState(search: string): ProjectListState {
  const query = new URLSearchParams(search);
  const page = Number(query.get('page'));
  const size = Number(query.get('size'));
  const sortBy = query.get('sort');
  const status = query.get('status');
  return {
    page: Number.isInteger(page) && page >= 1 ? page : 1,
    size: isPageSize(size) ? size : DEFAULT_PAGE_SIZE,
    sort: isSortField(sortBy)
      ? { column: sortBy, direction: query.get('dir') === 'asc' ? 'ascending' : 'descending' }
      : null,
    search: query.get('q') ?? '',
    status: isProjectStatus(status) ? status : null,
  };
}

/** The query string of a list state ('' for the defaults), without '?'. */
export function projectListStateToSearch(state: ProjectListState): string {
  const query = new URLSearchParams();
  if (state.page > 1) query.set('page', String(state.page));
  if (state.size !== DEFAULT_PAGE_SIZE) query.set('size', String(state.size));
  if (state.sort) {
    query.set('sort', state.sort.column);
    query.set('dir', state.sort.direction === 'ascending' ? 'asc' : 'desc');
  }
  if (state.search) query.set('q', state.search);
  if (state.status) query.set('status', state.status);
  return query.toString();
}

/** The `GET /projects/pipeline` query of a list state; blank search and "all" left out. */
export function projectListStateToParams(state: ProjectListState): ProjectPipelineParams {
  const searchTerm = state.search.trim();
  const sort = state.sort ?? DEFAULT_PROJECT_SORT;
  return {
    pageNumber: state.page,
    pageSize: state.size,
    sortBy: sort.column,
    descending: sort.direction === 'descending',
    ...(searchTerm ? { searchTerm } : {}),
    ...(state.status ? { status: state.status } : {}),
  };
}

/** True when a search or the status filter narrows the list. */
export function isProjectListFiltered(state: ProjectListState): boolean {
  return state.search.trim() !== '' || state.status !== null;
}
