/**
 * The user list's URL state (docs/product.md#user-administration: reload and back keep search,
 * filters, sort, page size and page) and its `GET /admin/users` query (the OpenAPI document).
 */
import { describe, expect, it } from 'vitest';
import { crmPersonUrl } from './crm.ts';
import {
  DEFAULT_LIST_STATE,
  isFiltered,
  listStateToParams,
  listStateToSearch,
  parseListState,
} from './list-state.ts';
import { relativeParts } from './user-format.ts';

describe('user list state in the URL', () => {
  it('leaves the defaults out and round-trips every choice', () => {
    expect(listStateToSearch(DEFAULT_LIST_STATE)).toBe('');
    expect(parseListState('')).toEqual(DEFAULT_LIST_STATE);
    const search = 'page=3&size=50&sort=lastLoginAt&dir=asc&q=ada+l&type=supplier&verified=no';
    const state = parseListState(`?${search}`);
    expect(state).toEqual({
      page: 3,
      size: 50,
      sort: { column: 'lastLoginAt', direction: 'ascending' },
      search: 'ada l',
      role: 'supplier',
      verified: false,
    });
    expect(listStateToSearch(state)).toBe(search);
  });

  it('falls back to the default for a malformed value', () => {
    expect(parseListState('page=0&size=30&sort=password&type=Admin&verified=maybe&dir=up')).toEqual(
      DEFAULT_LIST_STATE,
    );
    expect(parseListState('page=2.5').page).toBe(1);
    expect(parseListState('sort=name').sort).toEqual({ column: 'name', direction: 'descending' });
  });

  it('sends the server default sort when no header is chosen, and trims the search', () => {
    expect(listStateToParams(DEFAULT_LIST_STATE)).toEqual({
      pageNumber: 1,
      pageSize: 10,
      sortBy: 'createdAt',
      descending: true,
    });
    expect(
      listStateToParams({
        ...DEFAULT_LIST_STATE,
        search: '  kanat ',
        role: 'installer',
        verified: true,
        sort: { column: 'email', direction: 'ascending' },
      }),
    ).toEqual({
      pageNumber: 1,
      pageSize: 10,
      sortBy: 'email',
      descending: false,
      searchTerm: 'kanat',
      userType: 2,
      isEmailConfirmed: true,
    });
  });

  it('counts a search or a filter as filtered, a blank search not', () => {
    expect(isFiltered(DEFAULT_LIST_STATE)).toBe(false);
    expect(isFiltered({ ...DEFAULT_LIST_STATE, search: '   ' })).toBe(false);
    expect(isFiltered({ ...DEFAULT_LIST_STATE, search: 'a' })).toBe(true);
    expect(isFiltered({ ...DEFAULT_LIST_STATE, role: 'admin' })).toBe(true);
    expect(isFiltered({ ...DEFAULT_LIST_STATE, verified: false })).toBe(true);
  });
});

describe('relative last login and CRM link', () => {
  const now = Date.parse('2026-03-14T10:30:00Z');
  it.each([
    [now - 5 * 60_000, -5, 'minute'],
    [now - 3 * 3_600_000, -3, 'hour'],
    [now - 4 * 86_400_000, -4, 'day'],
    [now - 70 * 86_400_000, -2, 'month'],
    [now - 800 * 86_400_000, -2, 'year'],
  ] as const)('%i is %i %s from now', (then, value, unit) => {
    expect(relativeParts(then, now)).toEqual({ value, unit });
  });

  it('builds the CRM person page address', () => {
    expect(crmPersonUrl(42)).toBe('https://app.pipedrive.com/person/42');
    expect(crmPersonUrl(7, 'https://crm.example/p/{id}/view')).toBe('https://crm.example/p/7/view');
  });
});
