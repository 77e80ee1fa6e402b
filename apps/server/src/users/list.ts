/**
 * The admin user list (the OpenAPI document): search, filters, sort and paging. A page is
 * found from whichever end of the order is nearer, by a deferred join: the page's ids are
 * skipped to through an ordered index alone, then only its rows are read
 * (docs/decisions/037-deferred-join-paging.md).
 */
import type { AdminUserListItem, adminUserListQuerySchema } from '@solar/domain/contract';
import { toPage } from '@solar/domain/paging';
import { and, asc, count, desc, eq, getTableColumns, sql, type SQL } from 'drizzle-orm';
import type { z } from 'zod';
import type { Db } from '../db/database.ts';
import { userCount, users } from '../db/schema.ts';
import { toListItem, type UserRow } from './repository.ts';

/** A validated list query. */
export type UserListQuery = z.output<typeof adminUserListQuerySchema>;

/** The ORDER BY expression of each sortable column; text sorts ignore case. */
const sortColumns = {
  name: sql`lower(${users.name})`,
  email: sql`lower(${users.email})`,
  userType: sql`${users.userType}`,
  isActive: sql`${users.isActive}`,
  emailConfirmed: sql`${users.emailConfirmed}`,
  createdAt: sql`${users.createdAt}`,
  lastLoginAt: sql`${users.lastLoginAt}`,
} as const;

/**
 * Where page `pageNumber` (1-based, `pageSize` rows) of `total` rows lies: `offset` and
 * `limit` in the list's order, or, for a page past the middle, in the reverse order
 * (`reversed`, rows to be reversed back). Undefined for a page past the end.
 */
export function pageWindow(
  total: number,
  pageNumber: number,
  pageSize: number,
): { offset: number; limit: number; reversed: boolean } | undefined {
  const start = (pageNumber - 1) * pageSize;
  if (start >= total) return undefined;
  const limit = Math.min(pageSize, total - start);
  const fromEnd = total - start - limit;
  return fromEnd < start
    ? { offset: fromEnd, limit, reversed: true }
    : { offset: start, limit, reversed: false };
}

/**
 * One page of users for `q`: a case-insensitive substring of name or email, filters, the
 * sort with ties broken by id (pages never overlap). Unfiltered, the total is the
 * trigger-kept `user_count` row.
 */
export async function listUsers(db: Db, q: UserListQuery) {
  const filters: SQL[] = [];
  if (q.searchTerm) {
    // LIKE with %, _ and \ taken literally, so the trigram indexes serve it.
    const pattern = `%${q.searchTerm.toLowerCase().replace(/[\\%_]/g, '\\$&')}%`;
    filters.push(
      sql`(lower(${users.name}) like ${pattern} or lower(${users.email}) like ${pattern})`,
    );
  }
  if (q.userType !== undefined) filters.push(eq(users.userType, q.userType));
  if (q.isEmailConfirmed !== undefined) {
    filters.push(eq(users.emailConfirmed, q.isEmailConfirmed));
  }
  const where = filters.length > 0 ? and(...filters) : undefined;
  // Unfiltered, the total is the trigger-kept user_count row, not a count of every row.
  const [total] = where
    ? await db.select({ n: count() }).from(users).where(where)
    : await db.select({ n: userCount.n }).from(userCount);
  const totalCount = total?.n ?? 0;
  const window = pageWindow(totalCount, q.pageNumber, q.pageSize);
  let rows: UserRow[] = [];
  if (window) {
    // A page past the middle is read from the other end (the exact reverse order), so at
    // most half the rows are skipped; and they are skipped as (sort key, id) entries of an
    // ordered index (an index-only scan), the full rows read for the page alone: the
    // middle page is nearly as quick as the first (docs/decisions/037-deferred-join-paging.md).
    const direction = q.descending !== window.reversed ? desc : asc;
    const order = [direction(sortColumns[q.sortBy]), direction(users.id)];
    const page = db
      .select({ id: users.id })
      .from(users)
      .where(where)
      .orderBy(...order)
      .limit(window.limit)
      .offset(window.offset)
      .as('page');
    rows = await db
      .select(getTableColumns(users))
      .from(users)
      .innerJoin(page, eq(users.id, page.id))
      .orderBy(...order);
    if (window.reversed) rows.reverse();
  }
  return toPage<AdminUserListItem>(rows.map(toListItem), totalCount, q.pageNumber, q.pageSize);
}
