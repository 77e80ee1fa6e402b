/**
 * Saved views (docs/product.md#saved-views): each user's named filters of a list, the list's
 * URL search string. One name per user and list; at most SAVED_VIEW_LIMIT views per list.
 * Every function acts on the caller's own views only: another user's view is not found.
 */
import {
  compareSavedViews,
  messageText,
  SAVED_VIEW_LIMIT,
  savedViewMessages,
  type SavedView,
  type SavedViewList,
  type SavedViewRequest,
} from '@solar/domain';
import { and, count, eq } from 'drizzle-orm';
import type { Db } from '../db/database.ts';
import { savedViews, users } from '../db/schema.ts';
import { HttpError } from '../http-errors.ts';
import { isUuid } from '../users/repository.ts';

type Row = typeof savedViews.$inferSelect;

function toView(row: Row): SavedView {
  return {
    id: row.id,
    list: row.list as SavedViewList,
    name: row.name,
    query: row.query,
    createdAt: row.createdAt.toISOString(),
  };
}

/** 404 `not_found`: no such view of the caller. */
export function savedViewNotFound(): HttpError {
  return new HttpError(404, 'not_found', messageText(savedViewMessages.notFound.id));
}

/** The views of `userId` for `list`, by name (case-insensitive). */
export async function listSavedViews(
  db: Db,
  userId: string,
  list: SavedViewList,
): Promise<SavedView[]> {
  const rows = await db
    .select()
    .from(savedViews)
    .where(and(eq(savedViews.userId, userId), eq(savedViews.list, list)));
  return rows.map(toView).sort(compareSavedViews);
}

/**
 * Saves `request` (already parsed: name trimmed) as a view of `userId`. A name the user
 * already has for that list keeps its id and creation time and takes the new query
 * (`replaced: true`). A new name past SAVED_VIEW_LIMIT views of the list is refused with
 * 409 `conflict` and the limit message. The user's row is locked for the check, so two
 * saves at the same moment cannot both pass the limit.
 */
export async function saveView(
  db: Db,
  userId: string,
  request: SavedViewRequest,
): Promise<{ view: SavedView; replaced: boolean }> {
  return db.transaction(async (tx) => {
    await tx.select({ id: users.id }).from(users).where(eq(users.id, userId)).for('update');
    const mine = and(eq(savedViews.userId, userId), eq(savedViews.list, request.list));
    const [existing] = await tx
      .select()
      .from(savedViews)
      .where(and(mine, eq(savedViews.name, request.name)));
    if (existing) {
      const [row] = await tx
        .update(savedViews)
        .set({ query: request.query })
        .where(eq(savedViews.id, existing.id))
        .returning();
      return { view: toView(row!), replaced: true };
    }
    const [{ total } = { total: 0 }] = await tx
      .select({ total: count() })
      .from(savedViews)
      .where(mine);
    if (total >= SAVED_VIEW_LIMIT) {
      throw new HttpError(409, 'conflict', messageText(savedViewMessages.limit.id));
    }
    const [row] = await tx
      .insert(savedViews)
      .values({ userId, list: request.list, name: request.name, query: request.query })
      .returning();
    return { view: toView(row!), replaced: false };
  });
}

/** Deletes view `id` of `userId`; 404 `not_found` when unknown, not a UUID or another user's. */
export async function deleteView(db: Db, userId: string, id: string): Promise<void> {
  if (!isUuid(id)) throw savedViewNotFound();
  const deleted = await db
    .delete(savedViews)
    .where(and(eq(savedViews.id, id), eq(savedViews.userId, userId)))
    .returning({ id: savedViews.id });
  if (deleted.length === 0) throw savedViewNotFound();
}
