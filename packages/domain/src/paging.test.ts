import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  CONVERSATIONS_PAGE_SIZE,
  DEFAULT_PAGE_SIZE,
  PAGER_MAX_BUTTONS,
  PAGE_SIZES,
  SEARCH_DEBOUNCE_MS,
  ariaSort,
  isPageSize,
  nextSort,
  pagerWindow,
  sortToQuery,
  toPage,
  totalPagesOf,
  type SortState,
} from './paging.ts';

describe('list constants', () => {
  it('has the page sizes, default, debounce, pager width and chat page size', () => {
    expect(PAGE_SIZES).toEqual([10, 25, 50, 100]);
    expect(DEFAULT_PAGE_SIZE).toBe(10);
    expect(SEARCH_DEBOUNCE_MS).toBe(800);
    expect(PAGER_MAX_BUTTONS).toBe(5);
    expect(CONVERSATIONS_PAGE_SIZE).toBe(20);
    expect(isPageSize(25)).toBe(true);
    expect(isPageSize(20)).toBe(false);
    expect(isPageSize('10')).toBe(false);
  });
});

describe('page arithmetic', () => {
  it.each([
    [0, 10, 0],
    [1, 10, 1],
    [10, 10, 1],
    [11, 10, 2],
    [100, 25, 4],
    [5, 0, 0],
  ])('%i items at %i per page is %i pages', (count, size, pages) => {
    expect(totalPagesOf(count, size)).toBe(pages);
  });

  it('builds a list response', () => {
    expect(toPage(['a', 'b'], 12, 2, 10)).toEqual({
      items: ['a', 'b'],
      pageNumber: 2,
      pageSize: 10,
      totalCount: 12,
      totalPages: 2,
      hasPreviousPage: true,
      hasNextPage: false,
    });
    expect(toPage([], 0, 1, 10)).toMatchObject({
      totalPages: 0,
      hasPreviousPage: false,
      hasNextPage: false,
    });
    expect(toPage(['a'], 30, 1, 10)).toMatchObject({ hasPreviousPage: false, hasNextPage: true });
  });
});

describe('pagerWindow (at most 5 page buttons)', () => {
  it.each([
    [1, 0, []],
    [1, 1, [1]],
    [2, 3, [1, 2, 3]],
    [1, 5, [1, 2, 3, 4, 5]],
    [1, 10, [1, 2, 3, 4, 5]],
    [3, 10, [1, 2, 3, 4, 5]],
    [4, 10, [2, 3, 4, 5, 6]],
    [5, 10, [3, 4, 5, 6, 7]],
    [8, 10, [6, 7, 8, 9, 10]],
    [10, 10, [6, 7, 8, 9, 10]],
    [99, 10, [6, 7, 8, 9, 10]],
    [0, 10, [1, 2, 3, 4, 5]],
  ])('page %i of %i shows %j', (current, total, pages) => {
    expect(pagerWindow(current, total)).toEqual(pages);
  });

  it('keeps the window consecutive, inside the range, with the current page', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: 500 }),
        fc.integer({ min: 0, max: 500 }),
        fc.integer({ min: 1, max: 9 }),
        (current, total, max) => {
          const pages = pagerWindow(current, total, max);
          expect(pages.length).toBe(Math.min(max, total));
          pages.forEach((page, i) => {
            expect(page).toBeGreaterThanOrEqual(1);
            expect(page).toBeLessThanOrEqual(total);
            if (i > 0) expect(page).toBe(pages[i - 1]! + 1);
          });
          if (current <= total) expect(pages).toContain(current);
        },
      ),
    );
  });
});

describe('sort cycle (descending, ascending, none)', () => {
  it('cycles a column and restarts on another', () => {
    const first = nextSort(null, 'name');
    expect(first).toEqual({ column: 'name', direction: 'descending' });
    const second = nextSort(first, 'name');
    expect(second).toEqual({ column: 'name', direction: 'ascending' });
    expect(nextSort(second, 'name')).toBeNull();
    expect(nextSort(second, 'email')).toEqual({ column: 'email', direction: 'descending' });
  });

  it.each([
    [null, 'name', 'none'],
    [{ column: 'name', direction: 'descending' }, 'name', 'descending'],
    [{ column: 'name', direction: 'ascending' }, 'name', 'ascending'],
    [{ column: 'name', direction: 'ascending' }, 'email', 'none'],
  ] as const)('aria-sort of %j on %s is %s', (state, column, value) => {
    expect(ariaSort(state, column)).toBe(value);
  });

  it('maps to the user list query, none being createdAt descending', () => {
    expect(sortToQuery(null)).toEqual({ sortBy: 'createdAt', descending: true });
    expect(sortToQuery({ column: 'email', direction: 'ascending' })).toEqual({
      sortBy: 'email',
      descending: false,
    });
    const state: SortState<'name'> = { column: 'name', direction: 'descending' };
    expect(sortToQuery(state)).toEqual({ sortBy: 'name', descending: true });
  });
});
