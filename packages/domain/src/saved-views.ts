/**
 * Saved views (docs/product.md#saved-views): a named filter of a list, kept on the server per
 * user so it follows the person to every device. A view is the list's URL search string
 * (e.g. `status=active&sortBy=name`, without the leading `?`); applying it opens the list
 * with that query. Names are unique per user and list (saving a name again replaces its
 * query); a user keeps at most {@link SAVED_VIEW_LIMIT} views per list.
 */
import { isPlainName, text } from './internal/fields.ts';
import { z } from './internal/zod.ts';
import { savedViewMessages, validationMessages } from './messages.ts';

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

const m = savedViewMessages;
const list = z.enum(SAVED_VIEW_LISTS, { error: m.list.id });

/** `GET /saved-views?list=` query. */
export const savedViewListQuerySchema = z.object({ list });
/** The query of `GET /saved-views`. */
export type SavedViewListQuery = z.infer<typeof savedViewListQuerySchema>;

/**
 * `POST /saved-views` body: `list`, `name` (trimmed, 1..60 characters, no line breaks or
 * control characters) and `query` (the list's URL search string without `?`, spaces, `#`
 * or control characters, at most 500 characters; may be empty). Strict.
 */
export const savedViewRequestSchema = z.strictObject({
  list,
  name: text(m.nameRequired.id)
    .trim()
    .min(1, m.nameRequired.id)
    .max(SAVED_VIEW_NAME_MAX, m.nameTooLong.id)
    .refine(isPlainName, validationMessages.nameControlCharacters.id),
  query: text(m.query.id)
    .max(SAVED_VIEW_QUERY_MAX, m.queryTooLong.id)
    .refine((query) => !query.startsWith('?') && !/[\s#\p{Cc}]/u.test(query), m.query.id),
});
/** The body of `POST /saved-views`. */
export type SavedViewRequest = z.input<typeof savedViewRequestSchema>;

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
