/**
 * External sign-in's authorization requests in flight (the `oidc_transactions` table,
 * schema.ts): kept in the database, not in one process, so that the server process that
 * finishes a sign-in need not be the one that started it. Each is single use and lives
 * {@link OIDC_TRANSACTION_TTL_SECONDS}; `state` is stored only as its SHA-256.
 */
import { eq, lt } from 'drizzle-orm';
import type { Db } from '../db/database.ts';
import { oidcTransactions } from './schema.ts';
import { hashToken } from './session-tokens.ts';

/** Seconds a user may take at the provider between start and callback. */
export const OIDC_TRANSACTION_TTL_SECONDS = 600;

/** What the callback must check (see schema.ts). */
export interface OidcTransaction {
  state: string;
  nonce: string;
  codeVerifier: string;
  redirectUri: string;
}

/**
 * Stores a new transaction that expires {@link OIDC_TRANSACTION_TTL_SECONDS} after `now`,
 * and deletes the expired ones (so abandoned sign-ins do not pile up). Resolves to the
 * expiry.
 */
export async function saveOidcTransaction(
  db: Db,
  transaction: OidcTransaction,
  now: Date,
): Promise<Date> {
  const expiresAt = new Date(now.getTime() + OIDC_TRANSACTION_TTL_SECONDS * 1000);
  await db.transaction(async (tx) => {
    await tx.delete(oidcTransactions).where(lt(oidcTransactions.expiresAt, now));
    await tx.insert(oidcTransactions).values({
      stateHash: hashToken(transaction.state),
      nonce: transaction.nonce,
      codeVerifier: transaction.codeVerifier,
      redirectUri: transaction.redirectUri,
      expiresAt,
    });
  });
  return expiresAt;
}

/**
 * Takes the transaction of `state`: deletes it (a second call, or another process, finds
 * nothing) and resolves to it, or to undefined when unknown, used or expired at `now`.
 */
export async function takeOidcTransaction(
  db: Db,
  state: string,
  now: Date,
): Promise<OidcTransaction | undefined> {
  const [row] = await db
    .delete(oidcTransactions)
    .where(eq(oidcTransactions.stateHash, hashToken(state)))
    .returning();
  if (!row || row.expiresAt <= now) return undefined;
  return { state, nonce: row.nonce, codeVerifier: row.codeVerifier, redirectUri: row.redirectUri };
}
