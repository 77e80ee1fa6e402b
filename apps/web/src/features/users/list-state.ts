/**
 * The user list's state in the URL query (spec section 2: search, filters, sort, page size
 * and page), so a reload or the back button brings the same list back.
 *
 *   ?page=2&size=25&sort=name&dir=asc&q=ada&type=installer&verified=no
 *
 * Defaults (page 1, 10 per page, no sort, no search, no filter) are left out of the query.
 * Unknown or malformed values fall back to the default instead of failing.
 */
import type { AdminUserListParams } from '@solar/api';
import {
  DEFAULT_PAGE_SIZE,
  isPageSize,
  isRoleKey,
  roleToUserType,
  sortToQuery,
  USER_SORT_FIELDS,
  type PageSize,
  type RoleKey,
  type SortState,
  type UserSortField,
} from '@solar/domain';

/** What the list shows: 1-based page, page size, header sort, raw search text, filters. */
export interface UserListState {
  readonly page: number;
  readonly size: PageSize;
  readonly sort: SortState<UserSortField> | null;
  /** The search text as typed (trimmed only when sent). */
  readonly search: string;
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

const isSortField = (value: unknown): value is UserSortField =>
  (USER_SORT_FIELDS as readonly unknown[]).includes(value);

/** Reads the list state from a query string (with or without the leading '?'). */
export function parseListState(search: string): UserListState {
  const query = new URLSearchParams(search);
  const page = Number(query.get('page'));
  const size = Number(query.get('size'));
  const sortBy = query.get('sort');
  const role = query.get('type');
  const verified = query.get('verified');
  return {
    page: Number.isInteger(page) && page >= 1 ? page : 1,
    size: isPageSize(size) ? size : DEFAULT_PAGE_SIZE,
    sort: isSortField(sortBy)
      ? { column: sortBy, direction: query.get('dir') === 'asc' ? 'ascending' : 'descending' }
      : null,
    search: query.get('q') ?? '',
    role: isRoleKey(role) ? role : null,
    verified: verified === 'yes' ? true : verified === 'no' ? false : null,
  };
}

/** The query string of a list state ('' for the defaults), without the leading '?'. */
export function listStateToSearch(state: UserListState): string {
  const query = new URLSearchParams();
  if (state.page > 1) query.set('page', String(state.page));
  if (state.size !== DEFAULT_PAGE_SIZE) query.set('size', String(state.size));
  if (state.sort) {
    query.set('sort', state.sort.column);
    query.set('dir', state.sort.direction === 'ascending' ? 'asc' : 'desc');
  }
  if (state.search) query.set('q', state.search);
  if (state.role) query.set('type', state.role);
  if (state.verified !== null) query.set('verified', state.verified ? 'yes' : 'no');
  return query.toString();
}

/**
 * The `GET /admin/users` query of a list state (spec section 7): no header sort means the
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

/** True when a search or a filter narrows the list (picks the empty state, spec section 2). */
export function isFiltered(state: UserListState): boolean {
  return state.search.trim() !== '' || state.role !== null || state.verified !== null;
}
