/**
 * A paged list whose state lives in the URL query (docs/product.md#user-administration and
 * #errors-and-messages; the users list and the projects list): the state read from the query, the
 * page loaded for it, and `update`, which writes a new state into the URL. A failed load raises its
 * toast once per failure ('Failed to load ...', or the connection message); a page past the end
 * (after rows left the filter) goes to the last page.
 */
import type { MessageDescriptor } from '@solar/domain';
import type { UseQueryResult } from '@tanstack/react-query';
import { useEffect, useMemo } from 'react';
import { useLocation, useSearch } from 'wouter';
import { loadFailure } from './load-failure.ts';
import { useNotify } from './notices.tsx';

/** How a list reads and writes its state: the URL query, the API query, "is it narrowed". */
export interface ListCodec<S extends { page: number }, P> {
  parse(search: string): S;
  /** The URL query without '?', '' for the defaults. */
  toSearch(state: S): string;
  toParams(state: S): P;
  isFiltered(state: S): boolean;
}

/** The part of a page answer the list needs. */
interface PageLike {
  readonly items: readonly unknown[];
  readonly totalPages: number;
}

/**
 * The list for the URL's query: `usePage` loads one page for the API query (a TanStack
 * Query hook keeping the previous page as placeholder); `loadFailed` is the list's
 * 'Failed to load ...' message.
 */
export function useUrlList<S extends { page: number }, P, D extends PageLike>(
  codec: ListCodec<S, P>,
  usePage: (params: P) => UseQueryResult<D>,
  loadFailed: MessageDescriptor,
) {
  const notify = useNotify();
  const search = useSearch();
  const [location, navigate] = useLocation();
  const state = useMemo(() => codec.parse(search), [codec, search]);
  const params = useMemo(() => codec.toParams(state), [codec, state]);
  const query = usePage(params);

  /** Writes a new list state into the URL (replace: typing must not flood history). */
  const update = (changes: Partial<S>, replace = false) => {
    const next = codec.toSearch({ ...state, ...changes });
    navigate(next ? `${location}?${next}` : location, { replace });
  };

  const { isError, errorUpdatedAt, error } = query;
  const failure = loadFailure(error, loadFailed);
  useEffect(() => {
    if (isError) notify({ kind: 'error', message: failure });
  }, [isError, errorUpdatedAt, failure, notify]);

  const data = query.data;
  const pastEnd =
    !query.isPlaceholderData && data && data.items.length === 0 && data.totalPages > 0;
  useEffect(() => {
    if (pastEnd) {
      const next = codec.toSearch({ ...state, page: data.totalPages });
      navigate(`${location}?${next}`, { replace: true });
    }
  }, [pastEnd, data, location, navigate, state, codec]);

  const loading = query.isFetching || (query.isPending && !query.isError);
  return {
    search,
    state,
    query,
    data,
    failure,
    filtered: codec.isFiltered(state),
    loading,
    update,
  };
}
