/**
 * The way back to the user list as the admin left it (docs/product.md#user-administration: search,
 * filters, sort and page live in the list's URL query). The list remembers its query for this tab
 * (sessionStorage); create, view and edit return to `/users` with it, so saving a user does
 * not drop the search and filters.
 */
import { ROUTES } from '@solar/domain';

const KEY = 'solar.usersListQuery';

/** Called by the list with its current query string (without '?'; '' for the defaults). */
export function rememberUsersListQuery(query: string): void {
  try {
    globalThis.sessionStorage?.setItem(KEY, query);
  } catch {
    // Storage may be unavailable (private mode quotas): the way back is plain /users.
  }
}

/** `/users` with the query the list last had in this tab. */
export function usersListPath(): string {
  let query: string | null = null;
  try {
    query = globalThis.sessionStorage?.getItem(KEY) ?? null;
  } catch {
    query = null;
  }
  return query ? `${ROUTES.users}?${query}` : ROUTES.users;
}
