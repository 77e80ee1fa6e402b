/**
 * Saved views (docs/product.md#saved-views): a named filter of a list, kept on the server per
 * user so it follows the person to every device. A view is the list's URL search string
 * (e.g. `status=active&sortBy=name`, without the leading `?`); applying it opens the list
 * with that query. Names are unique per user and list (saving a name again replaces its
 * query); a user keeps at most {@link SAVED_VIEW_LIMIT} views per list. No schema library
 * here, so screens can show views without downloading zod; the request schemas are in
 * saved-view-requests.ts.
 */
import { savedViewMessages } from './messages.ts';

/** The lists a view can be saved for: users, projects and the audit log. */
export const SAVED_VIEW_LISTS = ['users', 'projects', 'auditEvents'] as const;
/** A list a view can be saved for. */
export type SavedViewList = (typeof SAVED_VIEW_LISTS)[number];

/** Longest view name, in characters after trimming. */
export const SAVED_VIEW_NAME_MAX = 60;
/** Longest query string, in characters. */
export const SAVED_VIEW_QUERY_MAX = 500;
/** Views one user keeps per list. */
export const SAVED_VIEW_LIMIT = 20;

/** Field and rule messages of saved views (defined with the catalogue in messages.ts). */
export { savedViewMessages };

/** A saved view as the server answers it; `createdAt` is an ISO 8601 instant (UTC). */
export interface SavedView {
  readonly id: string;
  readonly list: SavedViewList;
  readonly name: string;
  readonly query: string;
  readonly createdAt: string;
}

/** Orders views by name, case-insensitively (the order of `GET /saved-views`). */
export function compareSavedViews(a: SavedView, b: SavedView): number {
  return a.name.localeCompare(b.name, 'en', { sensitivity: 'base' }) || a.id.localeCompare(b.id);
}
