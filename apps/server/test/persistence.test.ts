import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { count } from 'drizzle-orm';
import { verifyPassword } from '../src/auth/password.ts';
import { openDatabase } from '../src/db/database.ts';
import { users } from '../src/db/schema.ts';
import { loadJwtSecret } from '../src/secrets.ts';
import { ensureAdmin } from '../src/users/seed-admin.ts';

describe('a PGlite data directory across restarts', () => {
  const dirs: string[] = [];
  afterAll(async () => Promise.all(dirs.map((d) => rm(d, { recursive: true, force: true }))));

  it('keeps the admin, its password and the JWT secret; migrations re-run harmlessly', async () => {
    const dataDir = await mkdtemp(path.join(os.tmpdir(), 'solar-data-'));
    dirs.push(dataDir);

    const first = await openDatabase({ kind: 'pglite', dataDir });
    const seeded = await ensureAdmin(first.db, { email: undefined, password: undefined });
    const secret = await loadJwtSecret(dataDir, undefined);
    await first.close();
    expect(seeded?.generatedPassword).toMatch(/^[\w-]{16}$/);

    const second = await openDatabase({ kind: 'pglite', dataDir });
    expect(await ensureAdmin(second.db, { email: undefined, password: undefined })).toBeNull();
    const rows = await second.db.select().from(users);
    expect(rows).toHaveLength(1);
    expect(await verifyPassword(rows[0]!.passwordHash, seeded!.generatedPassword!)).toBe(true);
    expect(await loadJwtSecret(dataDir, undefined)).toBe(secret);
    expect((await second.db.select({ n: count() }).from(users))[0]!.n).toBe(1);
    await second.close();
  });
});
