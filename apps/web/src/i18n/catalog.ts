/**
 * Builds one interface language's catalog (spec section 1): the domain's messages, the
 * shell's own (app.<locale>.json) and every feature's `features/<name>/messages.<locale>.json`,
 * merged into one id -> ICU message map. Later sources win on a shared id (none share one:
 * the catalog tests check it).
 */

/** One locale's messages: message id -> ICU message text. */
export type Messages = Record<string, string>;

/** Merges the domain, app and feature files of one locale (feature files keyed by path). */
export function mergeCatalog(
  domain: Messages,
  app: Messages,
  featureFiles: Record<string, Messages>,
): Messages {
  return Object.assign({}, domain, app, ...Object.values(featureFiles)) as Messages;
}
