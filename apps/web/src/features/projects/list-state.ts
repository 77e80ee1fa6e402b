/**
 * The pipeline list's state in the URL query (like the user list): page,
 * size, sort, search and status filter, so a view can be bookmarked and shared.
 *
 *   ?page=2&size=25&sort=status&dir=asc&q=bishkek&status=quote_requested
 *
 * Defaults (page 1, 10 per page, server order: last updated first, no search, all
 * statuses) are left out. Unknown or malformed values fall back to the default.
 */
import type { ProjectPipelineParams } from '@solar/api';
import {
  isProjectStatus,
  PROJECT_SORT_FIELDS,
  type ProjectSortField,
  type ProjectStatus,
  type SortState,
} from '@solar/domain';
import { readListQuery, writeListQuery, type ListQuery } from '../../app/list-query.ts';

/** What the list shows: page, size, sort and search (app/list-query.ts), the status filter. */
export interface ProjectListState extends ListQuery<ProjectSortField> {
  readonly status: ProjectStatus | null;
}

/** The server's order when no header sort is chosen. */
export const DEFAULT_PROJECT_SORT: SortState<ProjectSortField> = {
  column: 'updatedAt',
  direction: 'descending',
};

/** Reads the list state from a query string (with or without '?'). */
export function parseProjectListState(search: string): ProjectListState {
  const query = new URLSearchParams(search);
  const status = query.get('status');
  return {
    ...readListQuery(query, PROJECT_SORT_FIELDS),
    status: isProjectStatus(status) ? status : null,
  };
}

/** The query string of a list state ('' for the defaults), without '?'. */
export function projectListStateToSearch(state: ProjectListState): string {
  const query = writeListQuery(state);
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
