/**
 * The CRM outbox's hooks (issue 22 item 4: CRM failures are visible to admins) on TanStack
 * Query: the failed Pipedrive calls and the retry of one, which refreshes the list.
 */
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useApiClient } from './provider.tsx';
import { crmFailuresQuery, invalidate } from './queries.ts';

/**
 * `GET /admin/crm/jobs?state=failed` (canManageUsers: render it only for those callers, as
 * the dashboard does, so nothing is requested for others).
 */
export const useCrmFailures = () => useQuery(crmFailuresQuery(useApiClient()));

/**
 * `POST /admin/crm/jobs/{id}/retry` (the variable is the job id); afterwards, done or not
 * (404: the job ran or was retried meanwhile), the failed list is refetched.
 */
export function useRetryCrmJob() {
  const api = useApiClient();
  const client = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => api.crm.retry(id),
    onSettled: () => invalidate.crm(client),
  });
}
