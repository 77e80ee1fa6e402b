/** The demo-data command's generator: a few hundred accounts, every role, rerunnable. */
import { count, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { verifyPassword } from '../src/auth/password.ts';
import { users } from '../src/db/schema.ts';
import { seedDemoUsers } from '../src/users/demo-data.ts';
import { ADMIN, startTestServer, type TestServer } from './harness.ts';
import { call, signIn } from './helpers.ts';

describe('seedDemoUsers', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer('pglite');
  });
  afterAll(async () => {
    await server?.close();
  });

  it('adds 300 accounts across all seven roles, and nothing on a second run', async () => {
    expect(await seedDemoUsers(server.database.db, { password: 'Demo12345' })).toBe(300);
    expect(await seedDemoUsers(server.database.db, { password: 'Demo12345' })).toBe(0);
    const byType = await server.database.db
      .select({ userType: users.userType, n: count() })
      .from(users)
      .where(sql`${users.email} like '%@demo.solar.local'`)
      .groupBy(users.userType);
    expect(byType.map((r) => r.userType).sort()).toEqual([0, 1, 2, 3, 4, 5, 6]);
    expect(byType.reduce((sum, r) => sum + r.n, 0)).toBe(300);
    const [sample] = await server.database.db
      .select()
      .from(users)
      .where(sql`${users.email} like '%@demo.solar.local'`)
      .limit(1);
    expect(await verifyPassword(sample!.passwordHash, 'Demo12345')).toBe(true);
    const admin = await signIn(server, ADMIN);
    const list = await call(
      server,
      'GET',
      '/admin/users?searchTerm=demo.solar.local&pageSize=100',
      { token: admin.token },
    );
    expect(list.body.totalCount).toBe(300);
    expect(list.body.totalPages).toBe(3);
  });
});
