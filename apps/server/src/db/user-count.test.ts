import { count, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase, type Database } from './database.ts';
import { userCount, users } from './schema.ts';

let database: Database;
beforeAll(async () => {
  database = await openDatabase({ kind: 'memory' });
});
afterAll(() => database.close());

const kept = async () => (await database.db.select({ n: userCount.n }).from(userCount))[0]!.n;
const counted = async () => (await database.db.select({ n: count() }).from(users))[0]!.n;

describe('user_count (migration 0004)', () => {
  it('follows bulk inserts, deletes and truncate', async () => {
    expect(await kept()).toBe(await counted());
    await database.db.execute(
      sql`insert into users (name, email, user_type)
          select 'User ' || i, 'user' || i || '@example.com', 4 from generate_series(1, 500) i`,
    );
    expect(await kept()).toBe(500);
    await database.db.execute(sql`delete from users where email like 'user1%'`);
    expect(await kept()).toBe(await counted());
    await database.db.execute(sql`truncate users cascade`);
    expect(await kept()).toBe(0);
  });

  it('has exactly one row', async () => {
    await expect(database.db.insert(userCount).values({ id: false, n: 1 })).rejects.toThrow();
    expect(await database.db.select().from(userCount)).toHaveLength(1);
  });
});
