/**
 * MSW handlers of the CRM outbox over the fake (issue 22 item 4; the server's
 * apps/server/src/crm/routes.ts): the failed or pending Pipedrive calls and the retry of
 * one, in their own `crm` group so a story can fail them alone.
 */
import { http } from 'msw';
import type { FakeBackend } from './fake.ts';
import { authOf as auth, queryOf as query, type Route } from './route.ts';
import type { MockHandlers } from './scenarios.ts';

/** The `crm` group under `base` (e.g. `* /api/v1`). */
export function crmHandlers(
  base: string,
  fake: FakeBackend,
  route: Route,
): Pick<MockHandlers, 'crm'> {
  return {
    crm: [
      http.get(
        `${base}/admin/crm/jobs`,
        route('crm', (r) => fake.listCrmJobs(auth(r), query(r))),
      ),
      http.post(
        `${base}/admin/crm/jobs/:id/retry`,
        route('crm', (r, p) => fake.retryCrmJob(auth(r), p.id!)),
      ),
    ],
  };
}
