/**
 * The request schemas of saved views (docs/product.md#saved-views; the OpenAPI document):
 * `GET /saved-views?list=` and `POST /saved-views`. Each issue's message is a message id of
 * messages.ts. Apart from saved-views.ts so that module stays free of zod.
 */
import { isPlainName, text } from './internal/fields.ts';
import { z } from './internal/zod.ts';
import { savedViewMessages, validationMessages } from './messages.ts';
import { SAVED_VIEW_LISTS, SAVED_VIEW_NAME_MAX, SAVED_VIEW_QUERY_MAX } from './saved-views.ts';

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
