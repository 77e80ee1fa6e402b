/**
 * CRM outbox resource (issue 22 item 4: CRM failures are visible to admins): the Pipedrive
 * calls that were given up, and a retry of one. Needs the canManageUsers permission: others
 * get 403 (which raises the 'Authorization Error' event), anonymous callers 401. Rejects
 * with ApiError.
 */
import type { CrmJob, CrmJobList } from '@solar/domain/contract';
import type { Transport } from '../transport.ts';

/** The CRM outbox calls of an administrator. */
export interface CrmResource {
  /**
   * `GET /admin/crm/jobs?state=failed&limit` -> 200 `{items: CrmJob[]}`, newest first (at
   * most `limit`, 1..500, server default 100); empty while the CRM link is off; 400 for a
   * bad limit; 403.
   */
  failedJobs(limit?: number): Promise<CrmJobList>;
  /**
   * `POST /admin/crm/jobs/{id}/retry` -> 200 CrmJob (pending again, attempts 0, due now);
   * 400 for an id that is not a UUID; 404 `not_found` for an unknown or done job; 403.
   */
  retry(id: string): Promise<CrmJob>;
}

/** Creates the CRM outbox resource. */
export function crmResource(t: Transport): CrmResource {
  return {
    failedJobs: (limit) =>
      t.authed((http) =>
        http
          .get('admin/crm/jobs', {
            searchParams: { state: 'failed', ...(limit === undefined ? {} : { limit }) },
          })
          .json<CrmJobList>(),
      ),
    retry: (id) =>
      t.authed((http) =>
        http.post(`admin/crm/jobs/${encodeURIComponent(id)}/retry`).json<CrmJob>(),
      ),
  };
}
