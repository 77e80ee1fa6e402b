/**
 * MSW handlers of the job queue over the fake (the server's apps/server/src/jobs/routes.ts):
 * the failed or pending mails and Pipedrive updates and the retry of one, in their own
 * `jobs` group so a story can fail them alone.
 */
import { http } from 'msw';
import type { FakeBackend } from './fake.ts';
import { authOf as auth, queryOf as query, type Route } from './route.ts';
import type { MockHandlers } from './scenarios.ts';

/** The `jobs` group under `base` (e.g. `* /api/v1`). */
export function jobsHandlers(
  base: string,
  fake: FakeBackend,
  route: Route,
): Pick<MockHandlers, 'jobs'> {
  return {
    jobs: [
      http.get(
        `${base}/admin/jobs`,
        route('jobs', (r) => fake.listJobs(auth(r), query(r))),
      ),
      http.post(
        `${base}/admin/jobs/:id/retry`,
        route('jobs', (r, p) => fake.retryJob(auth(r), p.id!)),
      ),
    ],
  };
}
