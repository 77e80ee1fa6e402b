import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase, type Database } from '../db/database.ts';
import { users } from '../db/schema.ts';
import { createAccountCache } from './account-cache.ts';

let database: Database;
let id: string;

beforeAll(async () => {
  database = await openDatabase({ kind: 'memory' });
  const [row] = await database.db
    .insert(users)
    .values({ name: 'Aida', email: 'aida@example.kg', userType: 5 })
    .returning();
  id = row!.id;
});
afterAll(() => database.close());

const setName = (name: string) => database.db.update(users).set({ name }).where(eq(users.id, id));

describe('account cache', () => {
  it('serves a fresh row from memory and reads again once ttl has passed', async () => {
    let clock = 0;
    const cache = createAccountCache(database.db, { ttlMs: 1000, now: () => clock });
    await setName('Aida');
    expect((await cache.get(id))?.name).toBe('Aida');
    await setName('Written elsewhere');
    clock = 999;
    expect((await cache.get(id))?.name).toBe('Aida');
    clock = 1000;
    expect((await cache.get(id))?.name).toBe('Written elsewhere');
  });

  it('offers a fresh row without waiting only until ttl passes or it is forgotten', async () => {
    let clock = 0;
    const cache = createAccountCache(database.db, { ttlMs: 1000, now: () => clock });
    await setName('Aida');
    expect(cache.peek(id)).toBeUndefined();
    await cache.get(id);
    expect(cache.peek(id)?.row?.name).toBe('Aida');
    clock = 1000;
    expect(cache.peek(id)).toBeUndefined();
    await cache.get(id);
    cache.forget(id);
    expect(cache.peek(id)).toBeUndefined();
  });

  it('reads the stored row again right after forget', async () => {
    const cache = createAccountCache(database.db, { now: () => 0 });
    await setName('Before');
    expect((await cache.get(id))?.name).toBe('Before');
    await setName('After');
    cache.forget(id);
    expect((await cache.get(id))?.name).toBe('After');
    await setName('Cleared');
    cache.clear();
    expect((await cache.get(id))?.name).toBe('Cleared');
  });

  it('does not keep a row whose read began before a forget', async () => {
    const cache = createAccountCache(database.db, { now: () => 0 });
    await setName('Old');
    const racing = cache.get(id);
    cache.forget(id);
    await racing;
    await setName('New');
    expect((await cache.get(id))?.name).toBe('New');
  });

  it('shares one database read between concurrent requests for the same account', async () => {
    const cache = createAccountCache(database.db, { now: () => 0 });
    const [a, b] = [cache.get(id), cache.get(id)];
    expect(a).toBe(b);
    expect(await a).toEqual(await b);
  });

  it('answers undefined for an unknown account and keeps at most max rows', async () => {
    const cache = createAccountCache(database.db, { max: 1, now: () => 0 });
    const unknown = '00000000-0000-4000-8000-000000000000';
    expect(await cache.get(unknown)).toBeUndefined();
    await setName('Kept');
    await cache.get(id); // evicts the unknown id's entry
    await setName('Evicted');
    expect((await cache.get(id))?.name).toBe('Kept');
    await cache.get(unknown); // evicts the account's entry
    expect((await cache.get(id))?.name).toBe('Evicted');
  });

  it('hands out frozen rows that no request can edit in place', async () => {
    const cache = createAccountCache(database.db, { now: () => 0 });
    await setName('Frozen');
    const row = (await cache.get(id))!;
    expect(Object.isFrozen(row)).toBe(true);
    expect(() => {
      (row as { name: string }).name = 'Edited in place';
    }).toThrow(TypeError);

    // After a change the account has a new row.
    await setName('Renamed');
    cache.forget(id);
    expect((await cache.get(id))!.name).toBe('Renamed');
  });
});
