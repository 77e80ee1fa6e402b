/**
 * The auth service called directly (auth/service.ts, account-service.ts), on PGlite and
 * PostgreSQL: sign-up stores an unconfirmed account and queues its verification link; a
 * taken email is 409; sign-in refuses a wrong password (401) and an inactive account
 * (403); refresh rotates and sign-out ends it; a password change checks the current one
 * (counted first: over the account's limit nothing is compared or changed), replaces it
 * and tells the user; a bad verification token is 400.
 */
import { eq } from 'drizzle-orm';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { pino } from 'pino';
import { createAuthService, type AuthService } from '../src/auth/service.ts';
import { createTokenService } from '../src/auth/tokens.ts';
import { loadConfig } from '../src/config.ts';
import { users } from '../src/db/schema.ts';
import { HttpError } from '../src/http-errors.ts';
import {
  ADMIN,
  databaseKinds,
  refusal,
  serviceWorld,
  type ServiceWorld,
} from './service-support.ts';

const log = pino({ level: 'silent' });
const person = {
  name: 'Ana',
  email: 'Ana@Example.com',
  password: 'Secret123',
  locale: 'es' as const,
};

describe.each(databaseKinds)('auth service on %s', (kind) => {
  let world: ServiceWorld;
  let service: AuthService;
  beforeEach(async () => {
    world = await serviceWorld(kind);
    const secret = 'a'.repeat(64);
    service = createAuthService({
      ...world,
      db: world.database.db,
      tokens: createTokenService(secret, 900),
      config: loadConfig({ DATA_DIR: '/tmp/unused', PUBLIC_URL: 'http://x.test' }),
      oidc: undefined,
      refreshSecret: secret,
    });
  });
  afterEach(() => world.close());

  it('signs up unconfirmed with a verification link; a taken email is 409', async () => {
    const session = await service.signUp(person);
    expect(session.user).toMatchObject({ email: 'ana@example.com', role: 'client_residential' });
    const [row] = await world.database.db.select().from(users).where(eq(users.id, session.user.id));
    expect(row).toMatchObject({ emailConfirmed: false, locale: 'es' });
    await world.mail.settle();
    expect(world.sent[0]!.text).toContain('http://x.test/verify-email?token=');
    expect(await refusal(service.signUp(person))).toEqual({ status: 409, code: 'email_taken' });
  });

  it('signs in, refreshes, signs out; a wrong password is 401, an inactive account 403', async () => {
    expect(await refusal(service.signIn(ADMIN.email, 'wrong-password'))).toEqual({
      status: 401,
      code: 'invalid_credentials',
    });
    const session = await service.signIn(ADMIN.email.toUpperCase(), ADMIN.password);
    const rotated = await service.refresh(session.refreshToken, log);
    expect(rotated.refreshToken).not.toBe(session.refreshToken);
    await service.signOut(rotated.refreshToken);
    expect(await refusal(service.refresh(rotated.refreshToken, log))).toEqual({
      status: 401,
      code: 'unauthenticated',
    });
    await world.database.db
      .update(users)
      .set({ isActive: false })
      .where(eq(users.id, world.admin.id));
    expect(await refusal(service.signIn(ADMIN.email, ADMIN.password))).toEqual({
      status: 403,
      code: 'account_inactive',
    });
  });

  it('refuses a password check over the account limit before comparing, changing nothing', async () => {
    const limited = () =>
      Promise.reject(
        new HttpError(429, 'rate_limited', 'Too many requests. Please try again later.'),
      );
    const right = { currentPassword: ADMIN.password, password: 'Newpass123' };
    expect(await refusal(service.changePassword(world.admin.id, right, limited))).toEqual({
      status: 429,
      code: 'rate_limited',
    });
    await service.signIn(ADMIN.email, ADMIN.password);
    const moving = { name: 'Admin', email: 'moved@example.com', currentPassword: ADMIN.password };
    expect(await refusal(service.updateProfile(world.admin.id, moving, limited))).toEqual({
      status: 429,
      code: 'rate_limited',
    });
    const [row] = await world.database.db.select().from(users).where(eq(users.id, world.admin.id));
    expect(row!.email).toBe(ADMIN.email);
  });

  it('changes the password after checking the current one, and mails the user', async () => {
    const wrong = { currentPassword: 'not-it-123', password: 'Newpass123' };
    let checks = 0;
    const count = async () => {
      checks += 1;
    };
    expect(await refusal(service.changePassword(world.admin.id, wrong, count))).toEqual({
      status: 400,
      code: 'validation_failed',
    });
    const right = { ...wrong, currentPassword: ADMIN.password };
    await service.changePassword(world.admin.id, right, count);
    // Every check is counted, the right one too, before the password is compared.
    expect(checks).toBe(2);
    expect(await refusal(service.signIn(ADMIN.email, ADMIN.password))).toMatchObject({
      status: 401,
    });
    await service.signIn(ADMIN.email, 'Newpass123');
    await world.mail.settle();
    expect(world.sent.map((mail) => mail.to)).toEqual([ADMIN.email]);
    expect(await refusal(service.verifyEmail('no-such-token'))).toEqual({
      status: 400,
      code: 'invalid_token',
    });
  });
});
