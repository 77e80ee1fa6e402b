/**
 * The user list's state (spec sections 2, 3 and 8): page, size, sort, search and filters
 * from the URL query (list-state.ts), the page of users, and `update` which writes a new
 * state into the URL. A failed load raises the 'Failed to load users' toast once per
 * failure; a page past the end goes to the last page.
 */
import { userMessages } from '@solar/domain';
import { useEffect, useMemo } from 'react';
import { useLocation, useSearch } from 'wouter';
import { useNotify } from '../../app/notices.tsx';
import { loadFailure } from '../../app/load-failure.ts';
import { rememberUsersListQuery } from './list-return.ts';
import {
  isFiltered,
  listStateToParams,
  listStateToSearch,
  parseListState,
  type UserListState,
} from './list-state.ts';
import { useUserList } from './user-queries.ts';

/** The list for the URL's query. */
export function useUsersList() {
  const notify = useNotify();
  const search = useSearch();
  // Create, view and edit come back to the list as it is now (search, filters, sort, page).
  useEffect(() => rememberUsersListQuery(search), [search]);
  const [location, navigate] = useLocation();
  const state = useMemo(() => parseListState(search), [search]);
  const params = useMemo(() => listStateToParams(state), [state]);
  const query = useUserList(params);
  const filtered = isFiltered(state);

  /** Writes a new list state into the URL (replace: typing must not flood history). */
  const update = (changes: Partial<UserListState>, replace = false) => {
    const next = listStateToSearch({ ...state, ...changes });
    navigate(next ? `${location}?${next}` : location, { replace });
  };

  // Spec section 8: 'Failed to load users' (or, when the server cannot be reached, 'Unable
  // to connect...'), once per failure.
  const { isError, errorUpdatedAt, error } = query;
  const failure = loadFailure(error, userMessages.loadFailed);
  useEffect(() => {
    if (isError) notify({ kind: 'error', message: failure });
  }, [isError, errorUpdatedAt, failure, notify]);

  // A page past the end (e.g. after users left the filter): go to the last page.
  const data = query.data;
  const pastEnd =
    !query.isPlaceholderData && data && data.items.length === 0 && data.totalPages > 0;
  useEffect(() => {
    if (pastEnd) {
      navigate(`${location}?${listStateToSearch({ ...state, page: data.totalPages })}`, {
        replace: true,
      });
    }
  }, [pastEnd, data, location, navigate, state]);

  const loading = query.isFetching || (query.isPending && !query.isError);
  return { state, query, data, failure, filtered, loading, update };
}
