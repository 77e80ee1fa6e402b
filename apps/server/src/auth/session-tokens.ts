/**
 * Refresh tokens (the OpenAPI document; docs/decisions/005-token-strategy.md): opaque
 * 256-bit random strings handed out once and stored only as SHA-256 hashes (as are the
 * single-use mail tokens of mail-tokens.ts).
 *
 * Each sign-in starts a family; each refresh retires the presented token and issues the
 * next one in the family; presenting a retired token again revokes the whole family (reuse
 * detection), except within a short grace after the rotation, when it answers the same
 * successor (docs/decisions/024-refresh-grace-and-cross-tab-refresh.md).
 */
import { createHash, createHmac, randomBytes, randomUUID } from 'node:crypto';
import { and, eq, isNull, ne } from 'drizzle-orm';
import type { Db } from '../db/database.ts';
import { refreshTokens, users } from '../db/schema.ts';

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
 * expires `ttlSeconds` after `now`. Resolves to the token in clear (never stored); `token`
 * is the successor chosen by a rotation, else a new random one.
 */
export async function issueRefreshToken(
  db: Db,
  userId: string,
  ttlSeconds: number,
  familyId: string = randomUUID(),
  { token = newOpaqueToken(), now = new Date() }: { token?: string; now?: Date } = {},
): Promise<string> {
  await db.insert(refreshTokens).values({
    userId,
    familyId,
    tokenHash: hashToken(token),
    expiresAt: new Date(now.getTime() + ttlSeconds * 1000),
  });
  return token;
}

/**
 * The successor of a refresh token: HMAC-SHA256 of it under the server's secret, base64url
 * (43 characters). Derived rather than random, so that a replay within the grace interval
 * can be answered with the same successor without keeping any token in clear.
 */
export function successorToken(secret: string, token: string): string {
  return createHmac('sha256', secret).update(`refresh-successor\0${token}`).digest('base64url');
}

/** Why a refresh was refused. */
export type RefreshFailure = 'unknown' | 'revoked' | 'reused' | 'expired' | 'inactive';

/** Settings of {@link rotateRefreshToken}. */
export interface RotateOptions {
  /** Lifetime of the successor, seconds (sliding). */
  ttlSeconds: number;
  /** Seconds after a rotation during which the retired token still answers its successor. */
  graceSeconds: number;
  /** The server's secret for {@link successorToken}. */
  secret: string;
  /** The time of the refresh. */
  now: Date;
}

/**
 * Exchanges a refresh token for the next one of its family, in one transaction.
 * Resolves to the user id and the new token, or to the reason of a refusal.
 *
 * A token retired less than `graceSeconds` ago (another tab refreshed with it a moment
 * before, or a concurrent request did) answers the same successor, as long as that
 * successor is still unused and valid: no new branch of the family. Any other retired
 * token is a reuse and revokes the family, as does a user who is no longer active.
 */
export async function rotateRefreshToken(
  db: Db,
  token: string,
  { ttlSeconds, graceSeconds, secret, now }: RotateOptions,
): Promise<
  { ok: true; userId: string; refreshToken: string } | { ok: false; reason: RefreshFailure }
> {
  return db.transaction(async (tx) => {
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
    const successor = successorToken(secret, token);
    /** The successor for a replay within the grace, or the reuse refusal. */
    const replay = async () => {
      const [retired] = await tx
        .select({ retiredAt: refreshTokens.retiredAt })
        .from(refreshTokens)
        .where(eq(refreshTokens.id, row.id));
      const retiredAt = retired?.retiredAt;
      if (retiredAt && now.getTime() - retiredAt.getTime() < graceSeconds * 1000) {
        const [next] = await tx
          .select()
          .from(refreshTokens)
          .where(eq(refreshTokens.tokenHash, hashToken(successor)))
          .limit(1);
        if (
          next &&
          next.familyId === row.familyId &&
          !next.retiredAt &&
          !next.revokedAt &&
          next.expiresAt > now
        ) {
          const [user] = await tx
            .select({ isActive: users.isActive })
            .from(users)
            .where(eq(users.id, row.userId));
          if (user?.isActive) {
            return { ok: true, userId: row.userId, refreshToken: successor } as const;
          }
        }
      }
      await revokeFamily();
      return { ok: false, reason: 'reused' } as const;
    };
    if (row.retiredAt) return replay();
    if (row.expiresAt <= now) return { ok: false, reason: 'expired' } as const;
    // Retire it only if nobody else did in the meantime; a concurrent refresh with the same
    // token that got there first is a replay (the grace rule above).
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
    if (retired.length === 0) return replay();
    const [user] = await tx
      .select({ isActive: users.isActive })
      .from(users)
      .where(eq(users.id, row.userId));
    if (!user?.isActive) {
      await revokeFamily();
      return { ok: false, reason: 'inactive' } as const;
    }
    const refreshToken = await issueRefreshToken(tx, row.userId, ttlSeconds, row.familyId, {
      token: successor,
      now,
    });
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

/**
 * Revokes every refresh token of a user except the family of `keepToken` when it is one of
 * the user's (change password: the current session stays signed in).
 */
export async function revokeOtherRefreshFamilies(
  db: Db,
  userId: string,
  keepToken: string | undefined,
): Promise<void> {
  const [kept] = keepToken
    ? await db
        .select({ familyId: refreshTokens.familyId })
        .from(refreshTokens)
        .where(
          and(eq(refreshTokens.tokenHash, hashToken(keepToken)), eq(refreshTokens.userId, userId)),
        )
        .limit(1)
    : [];
  await db
    .update(refreshTokens)
    .set({ revokedAt: new Date() })
    .where(
      and(
        eq(refreshTokens.userId, userId),
        isNull(refreshTokens.revokedAt),
        ...(kept ? [ne(refreshTokens.familyId, kept.familyId)] : []),
      ),
    );
}

/** Revokes every refresh token of a user (password reset, deactivation). */
export async function revokeAllRefreshTokens(db: Db, userId: string): Promise<void> {
  await db
    .update(refreshTokens)
    .set({ revokedAt: new Date() })
    .where(and(eq(refreshTokens.userId, userId), isNull(refreshTokens.revokedAt)));
}
