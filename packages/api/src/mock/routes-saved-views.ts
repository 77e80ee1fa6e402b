/**
 * MSW handlers of saved views over the fake (the server's
 * apps/server/src/saved-views/routes.ts), in their own `savedViews` group so a story can
 * fail or delay them alone.
 */
import { http } from 'msw';
import type { FakeBackend } from './fake.ts';
import { authOf as auth, queryOf as query, withBody, type Route } from './route.ts';
import type { MockHandlers } from './scenarios.ts';

/** The `savedViews` group under `base` (e.g. `* /api/v1`). */
export function savedViewsHandlers(
  base: string,
  fake: FakeBackend,
  route: Route,
): Pick<MockHandlers, 'savedViews'> {
  return {
    savedViews: [
      http.get(
        `${base}/saved-views`,
        route('savedViews', (r) => fake.listSavedViews(auth(r), query(r))),
      ),
      http.post(
        `${base}/saved-views`,
        route('savedViews', (r) => withBody((b) => fake.saveSavedView(auth(r), b))(r)),
      ),
      http.delete(
        `${base}/saved-views/:id`,
        route('savedViews', (r, p) => fake.deleteSavedView(auth(r), p.id!)),
      ),
    ],
  };
}
