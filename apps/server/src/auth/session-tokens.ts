/**
 * Refresh tokens and single-use mail tokens (API-CONTRACT.md, Auth;
 * docs/decisions/005-token-strategy.md). Both are opaque 256-bit random strings handed out
 * once and stored only as SHA-256 hashes.
 *
 * Refresh: each sign-in starts a family; each refresh retires the presented token and
 * issues the next one in the family; presenting a retired token again revokes the whole
 * family (reuse detection). Mail tokens (password reset 1 h, email verification 7 days)
 * are consumed once.
 */
import { createHash, randomBytes, randomUUID } from 'node:crypto';
import { and, eq, gt, isNull } from 'drizzle-orm';
import type { Db } from '../db/database.ts';
import { oneTimeTokens, refreshTokens, users } from '../db/schema.ts';

/** Password-reset links live 1 hour (API-CONTRACT.md, forgot). */
export const RESET_TOKEN_TTL_SECONDS = 3600;
/** Verification links live 7 days. */
export const VERIFY_TOKEN_TTL_SECONDS = 7 * 24 * 3600;

/** A new opaque token: 32 random bytes, base64url (43 characters). */
export function newOpaqueToken(): string {
  return randomBytes(32).toString('base64url');
}

/** The stored form of a token: SHA-256, base64url. */
export function hashToken(token: string): string {
  return createHash('sha256').update(token).digest('base64url');
}

/**
 * Issues a refresh token for `userId` in `familyId` (a new family when omitted) that
 * expires `ttlSeconds` from now. Resolves to the token in clear (never stored).
 */
export async function issueRefreshToken(
  db: Db,
  userId: string,
  ttlSeconds: number,
  familyId: string = randomUUID(),
): Promise<string> {
  const token = newOpaqueToken();
  await db.insert(refreshTokens).values({
    userId,
    familyId,
    tokenHash: hashToken(token),
    expiresAt: new Date(Date.now() + ttlSeconds * 1000),
  });
  return token;
}

/** Why a refresh was refused. */
export type RefreshFailure = 'unknown' | 'revoked' | 'reused' | 'expired' | 'inactive';

/**
 * Exchanges a refresh token for the next one of its family, in one transaction.
 * Resolves to the user id and the new token, or to the reason of a refusal; a reused
 * (already retired) token, or a user who is no longer active, revokes the family.
 */
export async function rotateRefreshToken(
  db: Db,
  token: string,
  ttlSeconds: number,
): Promise<
  { ok: true; userId: string; refreshToken: string } | { ok: false; reason: RefreshFailure }
> {
  return db.transaction(async (tx) => {
    const now = new Date();
    const [row] = await tx
      .select()
      .from(refreshTokens)
      .where(eq(refreshTokens.tokenHash, hashToken(token)))
      .limit(1);
    if (!row) return { ok: false, reason: 'unknown' } as const;
    if (row.revokedAt) return { ok: false, reason: 'revoked' } as const;
    const revokeFamily = () =>
      tx
        .update(refreshTokens)
        .set({ revokedAt: now })
        .where(and(eq(refreshTokens.familyId, row.familyId), isNull(refreshTokens.revokedAt)));
    if (row.retiredAt) {
      await revokeFamily();
      return { ok: false, reason: 'reused' } as const;
    }
    if (row.expiresAt <= now) return { ok: false, reason: 'expired' } as const;
    // Retire it only if nobody else did in the meantime: two concurrent refreshes with the
    // same token are a reuse.
    const retired = await tx
      .update(refreshTokens)
      .set({ retiredAt: now })
      .where(
        and(
          eq(refreshTokens.id, row.id),
          isNull(refreshTokens.retiredAt),
          isNull(refreshTokens.revokedAt),
        ),
      )
      .returning({ id: refreshTokens.id });
    if (retired.length === 0) {
      await revokeFamily();
      return { ok: false, reason: 'reused' } as const;
    }
    const [user] = await tx
      .select({ isActive: users.isActive })
      .from(users)
      .where(eq(users.id, row.userId));
    if (!user?.isActive) {
      await revokeFamily();
      return { ok: false, reason: 'inactive' } as const;
    }
    const refreshToken = await issueRefreshToken(tx, row.userId, ttlSeconds, row.familyId);
    return { ok: true, userId: row.userId, refreshToken } as const;
  });
}

/** Revokes the family of `token` (sign-out). Unknown tokens are ignored. */
export async function revokeRefreshFamily(db: Db, token: string): Promise<void> {
  const [row] = await db
    .select({ familyId: refreshTokens.familyId })
    .from(refreshTokens)
    .where(eq(refreshTokens.tokenHash, hashToken(token)))
    .limit(1);
  if (!row) return;
  await db
    .update(refreshTokens)
    .set({ revokedAt: new Date() })
    .where(and(eq(refreshTokens.familyId, row.familyId), isNull(refreshTokens.revokedAt)));
}

/** Revokes every refresh token of a user (password reset, deactivation). */
export async function revokeAllRefreshTokens(db: Db, userId: string): Promise<void> {
  await db
    .update(refreshTokens)
    .set({ revokedAt: new Date() })
    .where(and(eq(refreshTokens.userId, userId), isNull(refreshTokens.revokedAt)));
}

/** The purposes of mail tokens. */
export type OneTimePurpose = 'password_reset' | 'email_verification';

/**
 * Issues a single-use mail token for `userId`; earlier unused tokens of the same purpose
 * are spent so that only the newest link works. Resolves to the token in clear.
 */
export async function issueOneTimeToken(
  db: Db,
  userId: string,
  purpose: OneTimePurpose,
): Promise<string> {
  const token = newOpaqueToken();
  const ttl = purpose === 'password_reset' ? RESET_TOKEN_TTL_SECONDS : VERIFY_TOKEN_TTL_SECONDS;
  await db.transaction(async (tx) => {
    await tx
      .update(oneTimeTokens)
      .set({ usedAt: new Date() })
      .where(
        and(
          eq(oneTimeTokens.userId, userId),
          eq(oneTimeTokens.purpose, purpose),
          isNull(oneTimeTokens.usedAt),
        ),
      );
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
