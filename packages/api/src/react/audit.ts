/**
 * The audit log's queries and hooks (docs/product.md#audit-log) on TanStack Query. Keys
 * follow queries.ts (`['solar', resource, ...]`): the log under `['solar', 'audit']`, a
 * project's history under `['solar', 'projects', 'history', id]` and a user's under
 * `['solar', 'adminUsers', 'history', id]`, so the invalidation after a project or user
 * change (queries.ts `invalidate`) refreshes the history shown beside it.
 */
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { ApiClient } from '../client.ts';
import type { AuditEventPage, AuditEventParams, AuditHistoryParams } from '../resources/audit.ts';
import { useApiClient } from './provider.tsx';

/** Query keys of the audit log and the histories. */
export const auditQueryKeys = {
  all: () => ['solar', 'audit'] as const,
  list: (params: AuditEventParams) => ['solar', 'audit', 'list', params] as const,
  projectHistory: (id: string, params: AuditHistoryParams) =>
    ['solar', 'projects', 'history', id, params] as const,
  userHistory: (id: string, params: AuditHistoryParams) =>
    ['solar', 'adminUsers', 'history', id, params] as const,
};

/** A refusal (4xx) is final; anything else (network, 5xx) is tried once more. */
const retryServerFailures = (count: number, error: Error): boolean => {
  const status = (error as { status?: number }).status ?? 0;
  return count < 1 && !(status >= 400 && status < 500);
};

/** `GET /audit-events` page; the previous page stays shown while the next loads. */
export const auditEventsQuery = (api: ApiClient, params: AuditEventParams) =>
  queryOptions({
    queryKey: auditQueryKeys.list(params),
    queryFn: () => api.audit.list(params),
    placeholderData: keepPreviousData,
    retry: retryServerFailures,
  });

/** `GET /projects/{id}/history` page. */
export const projectHistoryQuery = (api: ApiClient, id: string, params: AuditHistoryParams = {}) =>
  queryOptions({
    queryKey: auditQueryKeys.projectHistory(id, params),
    queryFn: () => api.audit.projectHistory(id, params),
    retry: retryServerFailures,
  });

/** `GET /users/{id}/history` page. */
export const userHistoryQuery = (api: ApiClient, id: string, params: AuditHistoryParams = {}) =>
  queryOptions({
    queryKey: auditQueryKeys.userHistory(id, params),
    queryFn: () => api.audit.userHistory(id, params),
    retry: retryServerFailures,
  });

/** One page of the audit log (canViewAuditLog: render it only for those callers). */
export const useAuditEvents = (params: AuditEventParams) =>
  useQuery(auditEventsQuery(useApiClient(), params));

/**
 * One page of a target's history: a project's (whoever sees the project) or a user's
 * (canViewAuditLog).
 */
export function useTargetHistory(
  target: { type: 'project' | 'user'; id: string },
  params: AuditHistoryParams = {},
) {
  const api = useApiClient();
  const isProject = target.type === 'project';
  return useQuery<AuditEventPage>({
    queryKey: isProject
      ? auditQueryKeys.projectHistory(target.id, params)
      : auditQueryKeys.userHistory(target.id, params),
    queryFn: () =>
      isProject
        ? api.audit.projectHistory(target.id, params)
        : api.audit.userHistory(target.id, params),
    retry: retryServerFailures,
  });
}
