/**
 * The job queue's hooks (docs/product.md#dashboard: failed mail and CRM updates are visible
 * to admins) on TanStack Query: the jobs given up and the retry of one, which refreshes
 * the list.
 */
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useApiClient } from './provider.tsx';
import { failedJobsQuery, invalidate } from './queries.ts';

/**
 * `GET /admin/jobs?state=failed` (canManageUsers: render it only for those callers, as the
 * dashboard does, so nothing is requested for others).
 */
export const useFailedJobs = () => useQuery(failedJobsQuery(useApiClient()));

/**
 * `POST /admin/jobs/{id}/retry` (the variable is the job id); afterwards, done or not
 * (404: the job ran or was retried meanwhile), the failed list is refetched.
 */
export function useRetryJob() {
  const api = useApiClient();
  const client = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => api.jobs.retry(id),
    onSettled: () => invalidate.jobs(client),
  });
}
