/**
 * The pipeline list's state (issue 22 item 3): the list state from the URL query
 * (list-state.ts), the page of projects, and `update`, which writes a new state into the
 * URL. A failed load raises the 'Failed to load projects' toast once per failure; a page
 * past the end goes to the last page.
 */
import { usePipelineList } from '@solar/api/react';
import { useEffect, useMemo } from 'react';
import { useLocation, useSearch } from 'wouter';
import { loadFailure } from '../../app/load-failure.ts';
import { useNotify } from '../../app/notices.tsx';
import {
  isProjectListFiltered,
  parseProjectListState,
  projectListStateToParams,
  projectListStateToSearch,
  type ProjectListState,
} from './list-state.ts';

const LOAD_FAILED = { id: 'projects.list.loadFailed', defaultMessage: 'Failed to load projects' };

/** The list for the URL's query. */
export function useProjectsList() {
  const notify = useNotify();
  const search = useSearch();
  const [location, navigate] = useLocation();
  const state = useMemo(() => parseProjectListState(search), [search]);
  const params = useMemo(() => projectListStateToParams(state), [state]);
  const query = usePipelineList(params);

  /** Writes a new list state into the URL (replace: typing must not flood history). */
  const update = (changes: Partial<ProjectListState>, replace = false) => {
    const next = projectListStateToSearch({ ...state, ...changes });
    navigate(next ? `${location}?${next}` : location, { replace });
  };

  const { isError, errorUpdatedAt, error } = query;
  const failure = loadFailure(error, LOAD_FAILED);
  useEffect(() => {
    if (isError) notify({ kind: 'error', message: failure });
  }, [isError, errorUpdatedAt, failure, notify]);

  const data = query.data;
  const pastEnd =
    !query.isPlaceholderData && data && data.items.length === 0 && data.totalPages > 0;
  useEffect(() => {
    if (pastEnd) {
      const next = projectListStateToSearch({ ...state, page: data.totalPages });
      navigate(`${location}?${next}`, { replace: true });
    }
  }, [pastEnd, data, location, navigate, state]);

  const loading = query.isFetching || (query.isPending && !query.isError);
  return { state, query, data, failure, filtered: isProjectListFiltered(state), loading, update };
}
