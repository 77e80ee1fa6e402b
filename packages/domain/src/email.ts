/**
 * The one email normalization (issue 20 item 12). Every path that stores or looks up an
 * email (sign-up, sign-in, Google sign-in, forgot, admin create and update, profile update,
 * the first admin, rate-limit keys) goes through {@link normalizeEmail}, and the server
 * compares the stored, normalized text exactly: PostgreSQL's `lower()` depends on the
 * database's locale (PGlite's C locale leaves 'İ' alone, glibc turns it into 'i'), while
 * JavaScript turns it into 'i̇' (i + U+0307), so comparing one with the other lost accounts
 * and let twins in.
 */

/**
 * The canonical form of an email address: trimmed, Unicode NFC, lowercased with
 * JavaScript's locale-independent full case mapping (then NFC again). Idempotent.
 * Example: ' İlkay@Example.COM ' -> 'i̇lkay@example.com'.
 */
export function normalizeEmail(email: string): string {
  return email.trim().normalize('NFC').toLowerCase().normalize('NFC');
}
