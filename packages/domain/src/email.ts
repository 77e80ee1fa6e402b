/**
 * The one email normalization. Every path that stores or looks up an
 * email (sign-up, sign-in, Google sign-in, forgot, admin create and update, profile update,
 * the first admin, rate-limit keys) goes through {@link normalizeEmail}, and the server
 * compares the stored, normalized text exactly: PostgreSQL's `lower()` depends on the
 * database's locale (PGlite's C locale leaves 'İ' alone, glibc turns it into 'i'), while
 * JavaScript turns it into 'i̇' (i + U+0307), so comparing one with the other lost accounts
 * and let twins in.
 */

/**
 * The canonical form of an email address: trimmed, Unicode NFKC (compatibility forms fold
 * into their plain letters: full-width 'ＣＬＩＥＮＴ' is 'CLIENT', the ligature 'ﬁ' is 'fi'),
 * lowercased with JavaScript's locale-independent full case mapping, then NFKC again.
 * Idempotent. Examples: ' İlkay@Example.COM ' -> 'i̇lkay@example.com';
 * 'ＣＬＩＥＮＴ@x.test' -> 'client@x.test' (docs/decisions/025-email-normalization.md).
 */
export function normalizeEmail(email: string): string {
  return email.trim().normalize('NFKC').toLowerCase().normalize('NFKC');
}
