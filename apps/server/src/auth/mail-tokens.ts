/**
 * Single-use mail tokens (docs/decisions/005-token-strategy.md): password reset (1 h),
 * email verification and the welcome mail's set-password link (7 days), and an email
 * change's confirmation link to the new address (24 h) and cancel link to the old one
 * (7 days; docs/decisions/034-secure-email-change.md). Opaque 256-bit random strings
 * handed out once, stored only as SHA-256 hashes (session-tokens.ts), and consumed once.
 */
import { and, eq, gt, inArray, isNotNull, isNull } from 'drizzle-orm';
import type { Db } from '../db/database.ts';
import { oneTimeTokens } from '../db/schema.ts';
import { hashToken, newOpaqueToken } from './session-tokens.ts';

/** Password-reset links live 1 hour (docs/product.md#accounts-and-sessions). */
export const RESET_TOKEN_TTL_SECONDS = 3600;
/** Verification links live 7 days. */
export const VERIFY_TOKEN_TTL_SECONDS = 7 * 24 * 3600;
/** The set-password link of an admin-created account's welcome mail lives 7 days. */
export const WELCOME_TOKEN_TTL_SECONDS = 7 * 24 * 3600;
/** An email change's confirmation link (to the new address) lives 24 hours. */
export const EMAIL_CHANGE_TOKEN_TTL_SECONDS = 24 * 3600;
/** An email change's cancel link (to the old address) lives 7 days. */
export const EMAIL_CHANGE_CANCEL_TOKEN_TTL_SECONDS = 7 * 24 * 3600;

/** The purposes of mail tokens. */
export type OneTimePurpose =
  'password_reset' | 'email_verification' | 'email_change' | 'email_change_cancel';

/** The default lifetime of each purpose's tokens, seconds. */
const TTL_SECONDS: Record<OneTimePurpose, number> = {
  password_reset: RESET_TOKEN_TTL_SECONDS,
  email_verification: VERIFY_TOKEN_TTL_SECONDS,
  email_change: EMAIL_CHANGE_TOKEN_TTL_SECONDS,
  email_change_cancel: EMAIL_CHANGE_CANCEL_TOKEN_TTL_SECONDS,
};

/**
 * Issues a single-use mail token for `userId`, living `ttlSeconds` (default: the
 * purpose's, see the constants above); earlier unused tokens of the same purpose are spent
 * so that only the newest link works. Resolves to the token in clear. `db` may be a
 * transaction: the token is written (or not) with it.
 */
export async function issueOneTimeToken(
  db: Db,
  userId: string,
  purpose: OneTimePurpose,
  ttlSeconds?: number,
): Promise<string> {
  const token = newOpaqueToken();
  const ttl = ttlSeconds ?? TTL_SECONDS[purpose];
  await db.transaction(async (tx) => {
    await spendOneTimeTokens(tx, userId, [purpose]);
    await tx.insert(oneTimeTokens).values({
      userId,
      purpose,
      tokenHash: hashToken(token),
      expiresAt: new Date(Date.now() + ttl * 1000),
    });
  });
  return token;
}

/**
 * Spends a mail token of `purpose` inside the caller's transaction: resolves to its user
 * id, or undefined when it is unknown, of another purpose, used or expired.
 */
export async function consumeOneTimeToken(
  tx: Db,
  token: string,
  purpose: OneTimePurpose,
): Promise<string | undefined> {
  const now = new Date();
  const [row] = await tx
    .update(oneTimeTokens)
    .set({ usedAt: now })
    .where(
      and(
        eq(oneTimeTokens.tokenHash, hashToken(token)),
        eq(oneTimeTokens.purpose, purpose),
        isNull(oneTimeTokens.usedAt),
        gt(oneTimeTokens.expiresAt, now),
      ),
    )
    .returning({ userId: oneTimeTokens.userId });
  return row?.userId;
}

/**
 * The user of a mail token of `purpose` that was already spent (its `usedAt` is set), or
 * undefined when it is unknown, of another purpose or never used. Lets the verify route
 * tell a link clicked twice from a wrong one.
 */
export async function spentOneTimeTokenUser(
  db: Db,
  token: string,
  purpose: OneTimePurpose,
): Promise<string | undefined> {
  const [row] = await db
    .select({ userId: oneTimeTokens.userId })
    .from(oneTimeTokens)
    .where(
      and(
        eq(oneTimeTokens.tokenHash, hashToken(token)),
        eq(oneTimeTokens.purpose, purpose),
        isNotNull(oneTimeTokens.usedAt),
      ),
    )
    .limit(1);
  return row?.userId;
}

/**
 * Spends every unused mail token of `userId` of the given purposes inside the caller's
 * transaction (their links stop working), e.g. a cancelled email change's links.
 */
export async function spendOneTimeTokens(
  tx: Db,
  userId: string,
  purposes: readonly OneTimePurpose[],
): Promise<void> {
  await tx
    .update(oneTimeTokens)
    .set({ usedAt: new Date() })
    .where(
      and(
        eq(oneTimeTokens.userId, userId),
        inArray(oneTimeTokens.purpose, [...purposes]),
        isNull(oneTimeTokens.usedAt),
      ),
    );
}
