/**
 * Saved views' hooks (docs/product.md#saved-views) on TanStack Query: the caller's views of
 * one list, and saving or deleting one, each of which refreshes that list's views.
 */
import type { SavedViewList, SavedViewRequest } from '@solar/domain';
import {
  queryOptions,
  useMutation,
  useQuery,
  useQueryClient,
  type QueryClient,
} from '@tanstack/react-query';
import type { ApiClient } from '../client.ts';
import { useApiClient } from './provider.tsx';

/** The query key of the caller's views of `list` (`['solar', 'savedViews', list]`). */
export const savedViewsKey = (list: SavedViewList) => ['solar', 'savedViews', list] as const;

/** `GET /saved-views?list=`: the caller's views of `list`, by name. */
export const savedViewsQuery = (api: ApiClient, list: SavedViewList) =>
  queryOptions({
    queryKey: savedViewsKey(list),
    queryFn: () => api.savedViews.list(list),
  });

const refresh = (client: QueryClient, list: SavedViewList) =>
  client.invalidateQueries({ queryKey: savedViewsKey(list) });

/** Tries a failed read once more, unless the server refused it (4xx). */
function retryServerFailure(count: number, error: Error): boolean {
  const status = (error as { status?: number }).status ?? 0;
  return count < 1 && !(status >= 400 && status < 500);
}

/** The caller's saved views of `list` (signed-in users only); a server failure is tried twice. */
export const useSavedViews = (list: SavedViewList) =>
  useQuery({ ...savedViewsQuery(useApiClient(), list), retry: retryServerFailure });

/**
 * `POST /saved-views`: saves (or, for a name already saved for the list, replaces) a view;
 * rejects with ApiError (400 field errors, 409 at the limit). Refreshes the list's views.
 */
export function useSaveView() {
  const api = useApiClient();
  const client = useQueryClient();
  return useMutation({
    mutationFn: (request: SavedViewRequest) => api.savedViews.save(request),
    onSettled: (_data, _error, request) => refresh(client, request.list),
  });
}

/** `DELETE /saved-views/{id}` of a view of `list`; refreshes the list's views, done or not. */
export function useDeleteView(list: SavedViewList) {
  const api = useApiClient();
  const client = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => api.savedViews.remove(id),
    onSettled: () => refresh(client, list),
  });
}
