/**
 * How an interface language's catalog is built (docs/product.md#languages-and-formats). Each
 * language has a core catalog, loaded before the first render: the domain's messages
 * (domain.<locale>.json) and the shell's own (app.<locale>.json). Each feature folder has its own
 * `features/<name>/messages.<locale>.json`, loaded with the feature's screens
 * (i18n/locales.ts). All are merged into one id -> ICU message map; no two files share an
 * id (the catalog tests check it).
 */

/** One locale's messages: message id -> ICU message text. */
export type Messages = Record<string, string>;

/** Merges message files of one locale into one map (later files win on a shared id). */
export function mergeCatalog(...files: Messages[]): Messages {
  return Object.assign({}, ...files) as Messages;
}
