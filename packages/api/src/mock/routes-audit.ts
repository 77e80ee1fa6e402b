/**
 * MSW handlers of the audit log over the fake (the server's apps/server/src/audit/routes.ts
 * and the history routes; docs/product.md#audit-log): the log, its CSV export and the
 * histories of one project or user, in their own `audit` group so a story can fail them
 * alone.
 */
import { http } from 'msw';
import type { FakeBackend } from './fake.ts';
import { authOf as auth, queryOf as query, type Route } from './route.ts';
import type { MockHandlers } from './scenarios.ts';

/** The `audit` group under `base` (e.g. `* /api/v1`). */
export function auditHandlers(
  base: string,
  fake: FakeBackend,
  route: Route,
): Pick<MockHandlers, 'audit'> {
  return {
    audit: [
      http.get(
        `${base}/audit-events`,
        route('audit', (r) => fake.listAuditEvents(auth(r), query(r))),
      ),
      http.get(
        `${base}/audit-events.csv`,
        route('audit', (r) => fake.exportAuditEvents(auth(r), query(r))),
      ),
      http.get(
        `${base}/projects/:id/history`,
        route('audit', (r, p) => fake.projectHistory(auth(r), p.id!, query(r))),
      ),
      http.get(
        `${base}/users/:id/history`,
        route('audit', (r, p) => fake.userHistory(auth(r), p.id!, query(r))),
      ),
    ],
  };
}
