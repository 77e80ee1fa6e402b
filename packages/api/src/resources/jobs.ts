/**
 * The job queue resource (docs/product.md#dashboard: failed mail and CRM updates are
 * visible to admins): the mails and Pipedrive updates that were given up, and a retry of
 * one. Needs the canManageUsers permission: others get 403 (which raises the
 * 'Authorization Error' event), anonymous callers 401. Rejects with ApiError.
 */
import type { Job, JobList } from '@solar/domain/contract';
import type { Transport } from '../transport.ts';

/** The job queue calls of an administrator. */
export interface JobsResource {
  /**
   * `GET /admin/jobs?state=failed&limit` -> 200 `{items: Job[]}` (mails and CRM updates),
   * newest first (at most `limit`, 1..500, server default 100); 400 for a bad limit; 403.
   */
  failed(limit?: number): Promise<JobList>;
  /**
   * `POST /admin/jobs/{id}/retry` -> 200 Job (pending again, attempts 0, due now; the server
   * runs it at once); 400 for an id that is not a UUID; 404 `not_found` for an unknown or
   * done job; 403.
   */
  retry(id: string): Promise<Job>;
}

/** Creates the job queue resource. */
export function jobsResource(t: Transport): JobsResource {
  return {
    failed: (limit) =>
      t.authed((http) =>
        http
          .get('admin/jobs', {
            searchParams: { state: 'failed', ...(limit === undefined ? {} : { limit }) },
          })
          .json<JobList>(),
      ),
    retry: (id) =>
      t.authed((http) => http.post(`admin/jobs/${encodeURIComponent(id)}/retry`).json<Job>()),
  };
}
