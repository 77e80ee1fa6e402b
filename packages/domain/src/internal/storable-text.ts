/**
 * Which text PostgreSQL stores as it is, without a schema library, so screens that only
 * need the rule (the chat composer) do not load zod. Not exported from the package.
 */

/** A NUL character, or a UTF-16 surrogate that is not half of a pair. */
// eslint-disable-next-line no-control-regex -- NUL is the character this refuses.
const UNSTORABLE = /\u0000|[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/;

/**
 * True when PostgreSQL can store `text` as it is: no NUL character (text and jsonb refuse
 * it) and no lone surrogate (it has no UTF-8 form; jsonb refuses its escape).
 */
export function isStorableText(text: string): boolean {
  return !UNSTORABLE.test(text);
}
