/**
 * Lists (docs/product.md#user-administration): page sizes, search debounce, the pager window, the
 * page arithmetic of the user list response, and the sort cycle of the user table headers.
 */
import type { UserListResponse } from './contract.ts';

/** User list page sizes (docs/product.md#user-administration). */
export const PAGE_SIZES = [10, 25, 50, 100] as const;
/** One user list page size. */
export type PageSize = (typeof PAGE_SIZES)[number];
/** Default user list page size (docs/product.md#user-administration). */
export const DEFAULT_PAGE_SIZE: PageSize = 10;
/** Conversations per page in the chat sidebar (docs/product.md#user-administration). */
export const CONVERSATIONS_PAGE_SIZE = 20;
/** Delay between the last keystroke and the user search, in ms (docs/product.md#user-administration). */
export const SEARCH_DEBOUNCE_MS = 800;
/** The pager shows at most this many page buttons (docs/product.md#user-administration). */
export const PAGER_MAX_BUTTONS = 5;

/** True when `value` is one of {@link PAGE_SIZES} (docs/product.md#user-administration). */
export function isPageSize(value: unknown): value is PageSize {
  return (PAGE_SIZES as readonly unknown[]).includes(value);
}

/**
 * Number of pages for `totalCount` items, `pageSize` per page; 0 when there are none
 * (docs/product.md#user-administration).
 */
export function totalPagesOf(totalCount: number, pageSize: number): number {
  return totalCount > 0 && pageSize > 0 ? Math.ceil(totalCount / pageSize) : 0;
}

/** One page of a list in the shape of the user list response (docs/product.md#user-administration). */
export function toPage<T>(
  items: readonly T[],
  totalCount: number,
  pageNumber: number,
  pageSize: number,
): UserListResponse<T> {
  const totalPages = totalPagesOf(totalCount, pageSize);
  return {
    items,
    pageNumber,
    pageSize,
    totalCount,
    totalPages,
    hasPreviousPage: pageNumber > 1,
    hasNextPage: pageNumber < totalPages,
  };
}

/**
 * The page numbers the pager shows (docs/product.md#user-administration): at most `maxButtons` (5)
 * consecutive pages, the current one centred where possible and the window kept inside
 * 1..totalPages. Empty when there are no pages.
 */
export function pagerWindow(
  currentPage: number,
  totalPages: number,
  maxButtons: number = PAGER_MAX_BUTTONS,
): number[] {
  const count = Math.max(0, Math.min(maxButtons, totalPages));
  const current = Math.min(Math.max(currentPage, 1), Math.max(totalPages, 1));
  const first = Math.min(Math.max(current - Math.floor(count / 2), 1), totalPages - count + 1);
  return Array.from({ length: count }, (_, i) => first + i);
}

/** The columns the admin user list can be sorted by (the OpenAPI document). */
export const USER_SORT_FIELDS = [
  'name',
  'email',
  'userType',
  'isActive',
  'emailConfirmed',
  'createdAt',
  'lastLoginAt',
] as const;
/** One sortable column of the admin user list. */
export type UserSortField = (typeof USER_SORT_FIELDS)[number];

/** A column sorted in one direction; `null` elsewhere means "no sort chosen". */
export interface SortState<C extends string = string> {
  readonly column: C;
  readonly direction: 'descending' | 'ascending';
}

/**
 * The header-click cycle (docs/product.md#user-administration): a new column starts descending;
 * descending becomes ascending; ascending becomes none (null).
 */
export function nextSort<C extends string>(
  current: SortState<C> | null,
  column: C,
): SortState<C> | null {
  if (current?.column !== column) return { column, direction: 'descending' };
  return current.direction === 'descending' ? { column, direction: 'ascending' } : null;
}

/** The `aria-sort` value of a column header for the current sort (docs/product.md#user-administration). */
export function ariaSort(
  current: SortState | null,
  column: string,
): 'descending' | 'ascending' | 'none' {
  return current?.column === column ? current.direction : 'none';
}

/** The user list's order without a header sort (the OpenAPI document): newest first. */
export const DEFAULT_USER_SORT: SortState<UserSortField> = {
  column: 'createdAt',
  direction: 'descending',
};

/** The user list query's sort (the OpenAPI document): none means the default, createdAt descending. */
export function sortToQuery(current: SortState<UserSortField> | null): {
  sortBy: UserSortField;
  descending: boolean;
} {
  const { column, direction } = current ?? DEFAULT_USER_SORT;
  return { sortBy: column, descending: direction === 'descending' };
}
