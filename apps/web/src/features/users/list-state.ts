/**
 * The user list's state in the URL query (docs/product.md#user-administration: search, filters,
 * sort, page size and page), so a reload or the back button brings the same list back.
 *
 *   ?page=2&size=25&sort=name&dir=asc&q=ada&type=installer&verified=no
 *
 * Defaults (page 1, 10 per page, no sort, no search, no filter) are left out of the query.
 * Unknown or malformed values fall back to the default instead of failing.
 */
import type { AdminUserListParams } from '@solar/api';
import {
  DEFAULT_PAGE_SIZE,
  isRoleKey,
  roleToUserType,
  sortToQuery,
  USER_SORT_FIELDS,
  type RoleKey,
  type UserSortField,
} from '@solar/domain';
import { readListQuery, writeListQuery, type ListQuery } from '../../app/list-query.ts';

/** What the list shows: page, size, sort and search (app/list-query.ts), and the filters. */
export interface UserListState extends ListQuery<UserSortField> {
  /** User type filter (a role key), or null for all. */
  readonly role: RoleKey | null;
  /** Email verified filter: true verified, false unverified, null both. */
  readonly verified: boolean | null;
}

/** The list with nothing chosen. */
export const DEFAULT_LIST_STATE: UserListState = {
  page: 1,
  size: DEFAULT_PAGE_SIZE,
  sort: null,
  search: '',
  role: null,
  verified: null,
};

/** Reads the list state from a query string (with or without the leading '?'). */
export function parseListState(search: string): UserListState {
  const query = new URLSearchParams(search);
  const role = query.get('type');
  const verified = query.get('verified');
  return {
    ...readListQuery(query, USER_SORT_FIELDS),
    role: isRoleKey(role) ? role : null,
    verified: verified === 'yes' ? true : verified === 'no' ? false : null,
  };
}

/** The query string of a list state ('' for the defaults), without the leading '?'. */
export function listStateToSearch(state: UserListState): string {
  const query = writeListQuery(state);
  if (state.role) query.set('type', state.role);
  if (state.verified !== null) query.set('verified', state.verified ? 'yes' : 'no');
  return query.toString();
}

/**
 * The `GET /admin/users` query of a list state (the OpenAPI document): no header sort means the
 * default createdAt descending; blank search and "all" filters are left out.
 */
export function listStateToParams(state: UserListState): AdminUserListParams {
  const searchTerm = state.search.trim();
  return {
    pageNumber: state.page,
    pageSize: state.size,
    ...sortToQuery(state.sort),
    ...(searchTerm ? { searchTerm } : {}),
    ...(state.role ? { userType: roleToUserType(state.role) } : {}),
    ...(state.verified !== null ? { isEmailConfirmed: state.verified } : {}),
  };
}

/** True when a search or a filter narrows the list (picks the empty state, docs/product.md#user-administration). */
export function isFiltered(state: UserListState): boolean {
  return state.search.trim() !== '' || state.role !== null || state.verified !== null;
}
