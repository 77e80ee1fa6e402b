/**
 * The users service called directly (users/service.ts), on PGlite and PostgreSQL: a create
 * writes the row and its audit row and queues the welcome mail; a taken email is 409; an
 * update is audited, revokes a deactivated account's sessions and reaches the account
 * cache; the own-account and last-admin rules hold.
 */
import { eq } from 'drizzle-orm';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { issueRefreshToken } from '../src/auth/session-tokens.ts';
import { auditLog, refreshTokens } from '../src/db/schema.ts';
import { createUsersService, type UsersService } from '../src/users/service.ts';
import { databaseKinds, refusal, serviceWorld, type ServiceWorld } from './service-support.ts';

type UserType = 0 | 1 | 2 | 3 | 4 | 5 | 6;

const input = (email: string, userType: UserType = 4) => ({
  name: 'Service User',
  email,
  password: 'Secret123',
  userType,
  emailConfirmed: true,
  locale: 'es' as const,
});
const update = (email: string, userType: UserType, isActive = true) => ({
  name: 'Service User',
  email,
  userType,
  emailConfirmed: true,
  isActive,
});

describe.each(databaseKinds)('users service on %s', (kind) => {
  let world: ServiceWorld;
  let service: UsersService;
  beforeEach(async () => {
    world = await serviceWorld(kind);
    service = createUsersService({ ...world, db: world.database.db });
  });
  afterEach(() => world.close());
  const by = () => ({ userId: world.admin.id, clientAddress: '203.0.113.9' });

  it('creates a user with an audit row and a welcome mail; a taken email is 409', async () => {
    const created = await service.create(by(), input('New.User@Example.com'));
    expect(created.email).toBe('new.user@example.com');
    const audit = await world.database.db
      .select()
      .from(auditLog)
      .where(eq(auditLog.targetId, created.id));
    expect(audit).toMatchObject([
      { action: 'user.create', actorId: world.admin.id, clientAddress: '203.0.113.9' },
    ]);
    await world.mail.settle();
    expect(world.sent.map((mail) => mail.to)).toEqual(['new.user@example.com']);
    expect(world.sent[0]!.text).toContain('http://x.test/reset-password?token=');
    // In the language the administrator chose for the account.
    expect(world.sent[0]!.subject).toBe('Su cuenta de Solar');
    expect(await refusal(service.create(by(), input('new.user@example.com')))).toEqual({
      status: 409,
      code: 'email_taken',
    });
  });

  it('deactivates with an audit row, revokes the sessions and updates the cache', async () => {
    const user = await service.create(by(), input('gone@example.com'));
    await issueRefreshToken(world.database.db, user.id, 3600);
    expect((await world.accounts.get(user.id))!.isActive).toBe(true);
    const after = await service.update(by(), user.id, update('gone@example.com', 4, false));
    expect(after.isActive).toBe(false);
    expect((await world.accounts.get(user.id))!.isActive).toBe(false);
    const tokens = await world.database.db
      .select()
      .from(refreshTokens)
      .where(eq(refreshTokens.userId, user.id));
    expect(tokens.every((token) => token.revokedAt !== null)).toBe(true);
    const audit = await world.database.db
      .select()
      .from(auditLog)
      .where(eq(auditLog.action, 'user.update'));
    expect(audit).toHaveLength(1);
    expect(
      await refusal(service.update(by(), crypto.randomUUID(), update('x@example.com', 4))),
    ).toEqual({ status: 404, code: 'not_found' });
  });

  it('refuses demoting oneself and the last active admin', async () => {
    const second = await service.create(by(), input('second.admin@example.com', 0));
    const asSecond = { userId: second.id, clientAddress: '203.0.113.9' };
    expect(await refusal(service.update(asSecond, second.id, update(second.email, 4)))).toEqual({
      status: 409,
      code: 'own_account',
    });
    // Two active admins: one may deactivate the other; then the remaining one is the last.
    await service.update(asSecond, world.admin.id, update(world.admin.email, 0, false));
    expect(await refusal(service.update(by(), second.id, update(second.email, 4)))).toEqual({
      status: 409,
      code: 'last_admin',
    });
  });
});
