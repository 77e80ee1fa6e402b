/**
 * The fake's saved views (docs/product.md#saved-views; the server's
 * apps/server/src/saved-views/routes.ts): each signed-in user's named filters per list, in
 * memory for the life of the fake. Same rules as the server: own views only (another
 * user's is 404), by name, a name saved again replaces its query, at most 20 per list
 * (409 `conflict`), bad input 400 with field errors.
 */
import {
  compareSavedViews,
  formatMessage,
  SAVED_VIEW_LIMIT,
  savedViewListQuerySchema,
  savedViewMessages,
  savedViewRequestSchema,
  type SavedView,
} from '@solar/domain';
import { noContent, ok, parse, refuse, reply, type FakeReply } from './reply.ts';
import type { FakeStore } from './store.ts';

/** The saved view calls of the fake; `auth` is the Authorization header. */
export interface FakeSavedViews {
  /** `GET /saved-views?list=`: 200 the caller's views of the list by name; 400; 401. */
  listSavedViews(auth: string | null, query: Record<string, string>): FakeReply;
  /** `POST /saved-views`: 201 the view (a known name replaced); 400; 401; 409 at the limit. */
  saveSavedView(auth: string | null, body: unknown): FakeReply;
  /** `DELETE /saved-views/{id}`: 204; 404 unknown or another user's; 401. */
  deleteSavedView(auth: string | null, id: string): FakeReply;
}

/** The saved view calls over `store` (views kept with the fake). */
export function fakeSavedViews(store: FakeStore): FakeSavedViews {
  type Stored = { -readonly [K in keyof SavedView]: SavedView[K] } & { userId: string };
  const views: Stored[] = [];
  const strip = ({ userId: _, ...view }: Stored): SavedView => view;
  return {
    listSavedViews: (auth, query) =>
      reply(() => {
        const user = store.authenticate(auth);
        const { list } = parse(savedViewListQuerySchema, query);
        return ok(
          views
            .filter((v) => v.userId === user.id && v.list === list)
            .map(strip)
            .sort(compareSavedViews),
        );
      }),
    saveSavedView: (auth, body) =>
      reply(() => {
        const user = store.authenticate(auth);
        const request = parse(savedViewRequestSchema, body);
        const mine = views.filter((v) => v.userId === user.id && v.list === request.list);
        const existing = mine.find((v) => v.name === request.name);
        if (existing) {
          existing.query = request.query;
          return ok(strip(existing), 201);
        }
        if (mine.length >= SAVED_VIEW_LIMIT) {
          refuse(409, 'conflict', formatMessage(savedViewMessages.limit));
        }
        const view = { ...request, id: store.newId(), createdAt: store.iso(), userId: user.id };
        views.push(view);
        return ok(strip(view), 201);
      }),
    deleteSavedView: (auth, id) =>
      reply(() => {
        const user = store.authenticate(auth);
        const index = views.findIndex((v) => v.id === id && v.userId === user.id);
        if (index < 0) refuse(404, 'not_found', formatMessage(savedViewMessages.notFound));
        views.splice(index, 1);
        return noContent;
      }),
  };
}
