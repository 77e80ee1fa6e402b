/**
 * Saved views (docs/product.md#saved-views): the caller's named filters of a list, kept on
 * the server. Any signed-in user; anonymous callers get 401. Rejects with ApiError.
 */
import type { SavedView, SavedViewList, SavedViewRequest } from '@solar/domain';
import type { Transport } from '../transport.ts';

/** The saved view calls of the signed-in user. */
export interface SavedViewsResource {
  /** `GET /saved-views?list=` -> 200 the caller's views of `list`, by name; 400 bad list. */
  list(list: SavedViewList): Promise<SavedView[]>;
  /**
   * `POST /saved-views {list, name, query}` -> 201 SavedView. A name the caller already
   * has for the list is replaced (same id, new query). 400 `validation_failed` with field
   * errors (name trimmed 1..60, query at most 500 characters without `?`); 409 `conflict`
   * at 20 views of the list.
   */
  save(request: SavedViewRequest): Promise<SavedView>;
  /** `DELETE /saved-views/{id}` -> 204; 404 `not_found` unknown or another user's. */
  remove(id: string): Promise<void>;
}

/** Creates the saved views resource. */
export function savedViewsResource(t: Transport): SavedViewsResource {
  return {
    list: (list) =>
      t.authed((http) => http.get('saved-views', { searchParams: { list } }).json<SavedView[]>()),
    save: (request) =>
      t.authed((http) => http.post('saved-views', { json: request }).json<SavedView>()),
    remove: async (id) => {
      await t.authed((http) => http.delete(`saved-views/${encodeURIComponent(id)}`));
    },
  };
}
