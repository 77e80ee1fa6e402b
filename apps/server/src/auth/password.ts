/**
 * Password hashing with argon2id at OWASP's recommended cost (19 MiB, 2 passes, 1 lane).
 * Hashes are PHC strings ($argon2id$v=19$...), so parameters can change without migration.
 */
import { hash, verify } from '@node-rs/argon2';

const ARGON2ID = 2;
const options = { algorithm: ARGON2ID, memoryCost: 19456, timeCost: 2, parallelism: 1 } as const;

/** Hashes a password; resolves to a PHC string. */
export function hashPassword(password: string): Promise<string> {
  return hash(password, options);
}

/** A hash of a random password, verified against when the email is unknown so that sign-in
 * spends the same work whether or not the account exists. */
let decoyHash: Promise<string> | undefined;

/**
 * Verifies a password against a stored PHC hash. With no stored hash it still spends one
 * verification (against a decoy) and resolves false.
 */
export async function verifyPassword(
  stored: string | null | undefined,
  password: string,
): Promise<boolean> {
  if (!stored) {
    decoyHash ??= hashPassword(crypto.randomUUID());
    await verify(await decoyHash, password).catch(() => false);
    return false;
  }
  return verify(stored, password).catch(() => false);
}
