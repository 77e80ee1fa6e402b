/**
 * Paging of the admin user list (`GET /admin/users`) and the project pipeline list
 * (`GET /projects/pipeline`), the OpenAPI document's `Page` answers: walking every page
 * returns each row exactly once, in exactly the order of one page holding them all (ties
 * broken by id), for each sort key and direction, unfiltered, searched and filtered, with
 * the page numbers and totals of that one page. A page size that does not divide the total
 * puts pages on both sides of the middle (read from the nearer end) and a short last page.
 * PGlite, and PostgreSQL with TEST_DATABASE_URL.
 */
import { PROJECT_SORT_FIELDS, PROJECT_STATUSES, USER_SORT_FIELDS } from '@solar/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { users } from '../src/db/schema.ts';
import { projects } from '../src/projects/schema.ts';
import { ADMIN, databaseKinds, startTestServer, type TestServer } from './harness.ts';
import { call, signIn } from './helpers.ts';

/** A list item: its id and the fields the sorts read. */
type Item = { id: string } & Record<string, unknown>;

/**
 * Every page of `path` (a query string without paging) of `pageSize` rows, checked against
 * the answer's own page fields; returns the items in page order and the total.
 */
async function walk(server: TestServer, token: string, path: string, pageSize: number) {
  const items: Item[] = [];
  let totalPages = 1;
  let totalCount = 0;
  for (let pageNumber = 1; pageNumber <= totalPages; pageNumber++) {
    const separator = path.includes('?') ? '&' : '?';
    const url = `${path}${separator}pageSize=${pageSize}&pageNumber=${pageNumber}`;
    const answer = await call(server, 'GET', url, { token });
    expect(answer.status, JSON.stringify(answer.body)).toBe(200);
    if (pageNumber === 1) {
      totalCount = answer.body.totalCount;
      totalPages = answer.body.totalPages;
    }
    expect(answer.body).toMatchObject({
      pageNumber,
      pageSize,
      totalCount,
      totalPages: Math.ceil(totalCount / pageSize),
      hasPreviousPage: pageNumber > 1,
      hasNextPage: pageNumber < totalPages,
    });
    const expectedLength = pageNumber < totalPages ? pageSize : totalCount - items.length;
    expect(answer.body.items).toHaveLength(expectedLength);
    items.push(...answer.body.items);
  }
  return { items, totalCount };
}

/**
 * Walks `path` page by page and compares the walk with one page of up to 100 rows: the same
 * rows in the same order, each exactly once. Returns the single page's items.
 */
async function expectWalkMatchesOnePage(
  server: TestServer,
  token: string,
  path: string,
  pageSize: number,
) {
  const whole = await walk(server, token, path, 100);
  expect(whole.totalCount).toBeGreaterThan(pageSize * 2);
  expect(whole.items).toHaveLength(whole.totalCount);
  const paged = await walk(server, token, path, pageSize);
  expect(paged.totalCount).toBe(whole.totalCount);
  const ids = paged.items.map((item) => item.id);
  expect(new Set(ids).size).toBe(ids.length);
  expect(ids).toEqual(whole.items.map((item) => item.id));
  return whole.items;
}

/** `items` with equal `key` values are in id order (ascending, or descending when asked). */
function expectTiesById(items: Item[], key: (item: Item) => unknown, descending: boolean) {
  for (let i = 1; i < items.length; i++) {
    const [a, b] = [items[i - 1]!, items[i]!];
    if (key(a) === key(b)) expect(descending ? a.id > b.id : a.id < b.id).toBe(true);
  }
}

/** The sort value of a user list item for `sortBy` (text ignoring case, as the list). */
function userKey(sortBy: (typeof USER_SORT_FIELDS)[number]) {
  return (item: Item) =>
    sortBy === 'name' || sortBy === 'email' ? String(item[sortBy]).toLowerCase() : item[sortBy];
}

const directions = [true, false] as const;

describe.each(databaseKinds)('list paging on %s', (kind) => {
  let server: TestServer;
  let token: string;
  let ownerIds: string[] = [];

  beforeAll(async () => {
    server = await startTestServer(kind);
    token = (await signIn(server, ADMIN)).token;
    // 47 users (48 with the administrator) with many equal values: names equal but for
    // case, a few creation and sign-in instants, nulls; only the id keeps them apart.
    const base = Date.UTC(2026, 2, 1);
    const rows = Array.from({ length: 47 }, (_, i) => ({
      name: `${['Aibek', 'aibek', 'AIBEK', 'Bermet', 'Zhyldyz'][i % 5]} Pager`,
      email: `pager.${String(i % 40).padStart(2, '0')}.${i}@example.com`,
      userType: i % 7,
      isActive: i % 3 !== 0,
      emailConfirmed: i % 2 === 0,
      createdAt: new Date(base + (i % 3) * 1000),
      lastLoginAt: i % 4 === 0 ? null : new Date(base + (i % 2) * 1000),
    }));
    const inserted = await server.database.db
      .insert(users)
      .values(rows)
      .returning({ id: users.id });
    ownerIds = inserted.map((row) => row.id);
    // 29 projects of a few owners, a few addresses, statuses and instants.
    await server.database.db.insert(projects).values(
      Array.from({ length: 29 }, (_, i) => ({
        userId: ownerIds[i % 6]!,
        location: {
          address: `${['Manas', 'manas', 'Chui'][i % 3]} ${i % 2}, Bishkek`,
          latitude: null,
          longitude: null,
        },
        status: PROJECT_STATUSES[i % 4]!,
        createdAt: new Date(base + (i % 2) * 1000),
        updatedAt: new Date(base + (i % 3) * 1000),
      })),
    );
  });
  afterAll(async () => {
    await server?.close();
  });

  describe('GET /admin/users', () => {
    it.each(USER_SORT_FIELDS.flatMap((sortBy) => directions.map((d) => [sortBy, d] as const)))(
      'walks every user once in the one-page order, sorted by %s (descending %s)',
      async (sortBy, descending) => {
        const items = await expectWalkMatchesOnePage(
          server,
          token,
          `/admin/users?sortBy=${sortBy}&descending=${descending}`,
          7,
        );
        expect(items).toHaveLength(48);
        expectTiesById(items, userKey(sortBy), descending);
      },
    );

    it.each(['createdAt', 'name'] as const)(
      'walks a search and a filter once each, sorted by %s',
      async (sortBy) => {
        const searched = await expectWalkMatchesOnePage(
          server,
          token,
          `/admin/users?searchTerm=PAGER&sortBy=${sortBy}`,
          6,
        );
        expect(searched).toHaveLength(47);
        expectTiesById(searched, userKey(sortBy), true);
        const filtered = await expectWalkMatchesOnePage(
          server,
          token,
          `/admin/users?isEmailConfirmed=true&sortBy=${sortBy}&descending=false`,
          5,
        );
        expect(filtered.every((item) => item.emailConfirmed === true)).toBe(true);
        expectTiesById(filtered, userKey(sortBy), false);
      },
    );

    it('answers an empty page past the end with the same totals', async () => {
      const answer = await call(server, 'GET', '/admin/users?pageSize=7&pageNumber=8', {
        token,
      });
      expect(answer.body).toMatchObject({
        items: [],
        totalCount: 48,
        totalPages: 7,
        hasNextPage: false,
      });
    });
  });

  describe('GET /projects/pipeline', () => {
    it.each(PROJECT_SORT_FIELDS.flatMap((sortBy) => directions.map((d) => [sortBy, d] as const)))(
      'walks every project once in the one-page order, sorted by %s (descending %s)',
      async (sortBy, descending) => {
        const items = await expectWalkMatchesOnePage(
          server,
          token,
          `/projects/pipeline?sortBy=${sortBy}&descending=${descending}`,
          4,
        );
        expect(items).toHaveLength(29);
        if (sortBy === 'updatedAt' || sortBy === 'createdAt') {
          expectTiesById(items, (item) => item[sortBy], descending);
        }
      },
    );

    it('walks a search, a status filter and assigned-first once each', async () => {
      const searched = await expectWalkMatchesOnePage(
        server,
        token,
        '/projects/pipeline?searchTerm=MANAS&sortBy=ownerName',
        3,
      );
      expect(searched).toHaveLength(20);
      await expectWalkMatchesOnePage(
        server,
        token,
        `/projects/pipeline?status=${PROJECT_STATUSES[1]}&sortBy=address&descending=false`,
        2,
      );
      await expectWalkMatchesOnePage(server, token, '/projects/pipeline?assignedTo=me', 4);
    });
  });
});
