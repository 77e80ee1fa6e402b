/**
 * Credentials: sign-in rate limiting and its reset after the window, refresh
 * reuse detection (with the refresh grace interval), sign-out revocation, single-use
 * and expiring reset tokens, no account enumeration through forgot-password (same status
 * and body; median time difference under a stated bound) or sign-in, and no password hash
 * in any answer.
 */
import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { decodeMail } from '../../apps/server/test/helpers.ts';
import {
  ADMIN,
  USER_PASSWORD,
  startSecurityServer,
  uniqueEmail,
  type SecurityServer,
} from './support/server.ts';

/** The names of the mails in the server's outbox so far. */
async function outboxNames(server: SecurityServer): Promise<string[]> {
  return readdir(path.join(server.config.dataDir, 'outbox')).catch(() => [] as string[]);
}

/**
 * The password-reset token of the newest mail to `email` in the outbox of DATA_DIR, leaving
 * out the mails named in `after` (those already there before a request).
 */
async function resetToken(
  server: SecurityServer,
  email: string,
  after: ReadonlySet<string> = new Set(),
): Promise<string> {
  return vi.waitFor(
    async () => {
      const names = (await outboxNames(server)).sort().reverse();
      for (const name of names) {
        if (after.has(name)) continue;
        const raw = await readFile(path.join(server.config.dataDir, 'outbox', name), 'utf8');
        if (!raw.includes(`To: ${email}`)) continue;
        const text = decodeMail(raw);
        // Not the welcome mail of an admin-created user, whose set-password link is spent.
        if (!text.includes('asked to reset the password')) continue;
        const match = /\/reset-password\?token=([\w-]+)/.exec(text);
        if (match) return match[1]!;
      }
      throw new Error(`no reset mail to ${email}`);
    },
    { timeout: 5000, interval: 25 },
  );
}

const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)]!;
};

describe('sign-in rate limit (AUTH_RATE_LIMIT=3 per minute per address and email)', () => {
  let server: SecurityServer;
  beforeAll(async () => {
    server = await startSecurityServer({ AUTH_RATE_LIMIT: '3' });
  });
  afterAll(async () => {
    await server?.close();
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it('refuses even the right password once exceeded, and lets it in after the window', async () => {
    vi.useFakeTimers({ toFake: ['Date'], now: Date.now() });
    const user = await server.createUser('client_residential');
    const attempt = (password: string) =>
      server.call('POST', '/auth/email/signin', { body: { email: user.email, password } });
    // createUser signed in once: two more attempts fill the budget of three.
    expect((await attempt('Wrong1234')).status).toBe(401);
    expect((await attempt('Wrong1234')).status).toBe(401);
    const limited = await attempt(USER_PASSWORD);
    expect(limited.status).toBe(429);
    expect(limited.body.code).toBe('rate_limited');
    const retryAfter = Number(limited.headers['retry-after']);
    expect(retryAfter).toBeGreaterThan(0);
    expect(retryAfter).toBeLessThanOrEqual(60);
    // Still limited just before the window ends.
    vi.setSystemTime(Date.now() + (retryAfter - 2) * 1000);
    expect((await attempt(USER_PASSWORD)).status).toBe(429);
    // The window is over: the counter starts again.
    vi.setSystemTime(Date.now() + 61_000);
    expect((await attempt(USER_PASSWORD)).status).toBe(200);
  });
});

describe('sessions and reset links', () => {
  let server: SecurityServer;
  beforeAll(async () => {
    server = await startSecurityServer();
  });
  afterAll(async () => {
    await server?.close();
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  const refresh = (refreshToken: string) =>
    server.call('POST', '/auth/refresh', { body: { refreshToken } });

  it('detects refresh reuse: the retired token and its whole family stop working', async () => {
    const user = await server.createUser('client_residential');
    const first = await refresh(user.refreshToken);
    expect(first.status).toBe(200);
    // Within the grace interval a replay answers the same successor (tabs at once)...
    const replay = await refresh(user.refreshToken);
    expect(replay.status).toBe(200);
    expect(replay.body.refreshToken).toBe(first.body.refreshToken);
    // ...but once that successor was used, the old token is a reuse (past the grace too:
    // apps/server/test/refresh-grace.test.ts).
    const second = await refresh(first.body.refreshToken);
    expect(second.status).toBe(200);
    const reused = await refresh(user.refreshToken);
    expect(reused.status).toBe(401);
    expect(reused.body.code).toBe('unauthenticated');
    // The token the legitimate client got is revoked with the family.
    expect((await refresh(second.body.refreshToken)).status).toBe(401);
  });

  it('two concurrent refreshes with one token get the same successor, not two branches', async () => {
    const user = await server.createUser('client_residential');
    const answers = await Promise.all([refresh(user.refreshToken), refresh(user.refreshToken)]);
    expect(answers.map((a) => a.status)).toEqual([200, 200]);
    expect(new Set(answers.map((a) => a.body.refreshToken)).size).toBe(1);
  });

  it('sign-out revokes that session only', async () => {
    const user = await server.createUser('client_residential');
    const other = await server.signIn(user.email, USER_PASSWORD);
    const rotated = await refresh(user.refreshToken);
    expect(rotated.status).toBe(200);
    // Signing out with the newest token ends the family, including its retired ancestors.
    expect(
      (
        await server.call('POST', '/auth/signout', {
          body: { refreshToken: rotated.body.refreshToken },
        })
      ).status,
    ).toBe(204);
    expect((await refresh(rotated.body.refreshToken)).status).toBe(401);
    expect((await refresh(user.refreshToken)).status).toBe(401);
    expect((await refresh(other.refreshToken)).status).toBe(200);
    // An unknown token is 204 too: sign-out says nothing about what exists.
    expect(
      (await server.call('POST', '/auth/signout', { body: { refreshToken: 'nothing-like-it' } }))
        .status,
    ).toBe(204);
  });

  it('a reset link works once, revokes every session and replaces the password', async () => {
    const user = await server.createUser('client_residential');
    const second = await server.signIn(user.email, USER_PASSWORD);
    await server.call('POST', '/auth/password/forgot', { body: { email: user.email } });
    const token = await resetToken(server, user.email);
    const body = { token, password: 'Newpass123', confirmPassword: 'Newpass123' };
    expect((await server.call('POST', '/auth/password/reset', { body })).status).toBe(204);
    const again = await server.call('POST', '/auth/password/reset', {
      body: { ...body, password: 'Other1234', confirmPassword: 'Other1234' },
    });
    expect(again.status).toBe(400);
    expect(again.body.code).toBe('invalid_token');
    expect((await refresh(user.refreshToken)).status).toBe(401);
    expect((await refresh(second.refreshToken)).status).toBe(401);
    const old = await server.call('POST', '/auth/email/signin', {
      body: { email: user.email, password: USER_PASSWORD },
    });
    expect(old.status).toBe(401);
    expect((await server.signIn(user.email, 'Newpass123')).id).toBe(user.id);
  });

  it('a reset link expires after one hour, and a newer link replaces an older one', async () => {
    const user = await server.createUser('client_residential');
    await server.call('POST', '/auth/password/forgot', { body: { email: user.email } });
    const older = await resetToken(server, user.email);
    const sent = new Set(await outboxNames(server));
    await server.call('POST', '/auth/password/forgot', { body: { email: user.email } });
    const newer = await resetToken(server, user.email, sent);
    expect(newer).not.toBe(older);
    const reset = (token: string) =>
      server.call('POST', '/auth/password/reset', {
        body: { token, password: 'Newpass123', confirmPassword: 'Newpass123' },
      });
    expect((await reset(older)).status).toBe(400);
    vi.useFakeTimers({ toFake: ['Date'], now: Date.now() + 3601 * 1000 });
    const expired = await reset(newer);
    expect(expired.status).toBe(400);
    expect(expired.body.code).toBe('invalid_token');
    vi.useRealTimers();
    // Refused links changed nothing: the old password still works.
    expect((await server.signIn(user.email, USER_PASSWORD)).id).toBe(user.id);
  });
});

describe('no account enumeration', () => {
  let server: SecurityServer;
  let known: string;
  let inactive: string;
  beforeAll(async () => {
    server = await startSecurityServer();
    known = (await server.createUser('client_residential')).email;
    const gone = await server.createUser('client_commercial');
    inactive = gone.email;
    const admin = await server.signIn(ADMIN.email, ADMIN.password);
    await server.call('PUT', `/admin/users/${gone.id}`, {
      token: admin.token,
      body: { name: 'Gone', email: gone.email, userType: 5, emailConfirmed: true, isActive: false },
    });
  });
  afterAll(async () => {
    await server?.close();
  });

  /**
   * Forgot: how much slower the median answer for a known email may be than for an unknown
   * one, ms. The account's work (token, mail) runs after the answer, so both take the same
   * path; measured 15.0 vs 7.3 ms when the token was issued in the request,
   * which this bound catches. (apps/server/test/forgot-mail-queue.test.ts proves the rule
   * without a clock on PostgreSQL.)
   */
  const FORGOT_BOUND_MS = 2;
  /** Sign-in: bound on the difference of median answer times, ms (a loaded 2-core machine). */
  const SIGNIN_BOUND_MS = 150;

  it('forgot-password answers known, unknown and inactive emails identically', async () => {
    const answers = await Promise.all(
      [known, uniqueEmail('nobody'), inactive, known.toUpperCase()].map((email) =>
        server.call('POST', '/auth/password/forgot', { body: { email } }),
      ),
    );
    for (const answer of answers) {
      expect(answer.status).toBe(202);
      expect(answer.raw).toBe(answers[0]!.raw);
    }
  });

  it(`forgot-password takes the same time for known and unknown emails (known median at most ${FORGOT_BOUND_MS} ms slower)`, async () => {
    const times = { known: [] as number[], unknown: [] as number[] };
    for (let i = 0; i < 40; i++) {
      for (const kind of i % 2
        ? (['known', 'unknown'] as const)
        : (['unknown', 'known'] as const)) {
        const email = kind === 'known' ? known : uniqueEmail('nobody');
        const start = performance.now();
        const answer = await server.call('POST', '/auth/password/forgot', { body: { email } });
        times[kind].push(performance.now() - start);
        expect(answer.status).toBe(202);
      }
    }
    // One-sided: only a known email answering slower tells that it exists.
    const difference = median(times.known) - median(times.unknown);
    expect(
      difference,
      JSON.stringify({ known: median(times.known), unknown: median(times.unknown) }),
    ).toBeLessThan(FORGOT_BOUND_MS);
  });

  it(`sign-in: the same answer, and time (medians within ${SIGNIN_BOUND_MS} ms), for an unknown email and a wrong password`, async () => {
    const times = { known: [] as number[], unknown: [] as number[] };
    const bodies = new Set<string>();
    for (let i = 0; i < 10; i++) {
      for (const kind of ['known', 'unknown'] as const) {
        const email = kind === 'known' ? known : uniqueEmail('nobody');
        const start = performance.now();
        const answer = await server.call('POST', '/auth/email/signin', {
          body: { email, password: 'Wrong12345' },
        });
        times[kind].push(performance.now() - start);
        expect(answer.status).toBe(401);
        bodies.add(answer.raw);
      }
    }
    expect(bodies.size).toBe(1);
    expect(Math.abs(median(times.known) - median(times.unknown))).toBeLessThan(SIGNIN_BOUND_MS);
  });

  it('sign-up with a taken email answers 409 with no detail of the account', async () => {
    // 409 email_taken is the contract's answer (docs/product.md#accounts-and-sessions): enumeration
    // through sign-up is bounded by the sign-up rate limit (n per 10 minutes per address), tested
    // in the server suite. Here: the answer carries no detail of the existing account.
    const answer = await server.call('POST', '/auth/email/signup', {
      body: { name: 'Copy', email: known, password: 'Secret123', confirmPassword: 'Secret123' },
    });
    expect(answer.status).toBe(409);
    for (const key of Object.keys(answer.body))
      expect(['code', 'message', 'errors']).toContain(key);
    expect(answer.raw).not.toMatch(/"id"|createdAt|User client/);
  });
});

describe('password hashes never leave the server', () => {
  let server: SecurityServer;
  beforeAll(async () => {
    server = await startSecurityServer();
  });
  afterAll(async () => {
    await server?.close();
  });

  it('in no answer of the account, profile and admin calls', async () => {
    const admin = await server.signIn(ADMIN.email, ADMIN.password);
    const signUp = await server.call('POST', '/auth/email/signup', {
      body: {
        name: 'Hash Check',
        email: uniqueEmail('hash'),
        password: 'Secret123',
        confirmPassword: 'Secret123',
      },
    });
    expect(signUp.status).toBe(201);
    const created = await server.call('POST', '/admin/users', {
      token: admin.token,
      body: {
        name: 'Made',
        email: uniqueEmail('made'),
        password: 'Secret1',
        userType: 1,
        emailConfirmed: true,
      },
    });
    const id = created.body.id;
    const answers = [
      signUp,
      created,
      await server.call('GET', '/auth/me', { token: signUp.body.token }),
      await server.call('PUT', '/auth/me', {
        token: signUp.body.token,
        body: { name: 'Renamed', email: signUp.body.user.email },
      }),
      await server.call('GET', '/admin/users?pageSize=100', { token: admin.token }),
      await server.call('GET', `/admin/users/${id}`, { token: admin.token }),
      await server.call('PUT', `/admin/users/${id}`, {
        token: admin.token,
        body: {
          name: 'Made',
          email: created.body.user.email,
          userType: 2,
          emailConfirmed: true,
          isActive: true,
        },
      }),
      await server.call('GET', '/admin/users?searchTerm=%24argon2', { token: admin.token }),
    ];
    for (const answer of answers) {
      expect(answer.status, answer.raw).toBeLessThan(300);
      expect(answer.raw).not.toMatch(/\$argon2|passwordHash|password_hash|"password"/i);
    }
    // Searching for the hash prefix finds nobody: search does not look into hashes.
    expect(answers.at(-1)!.body.totalCount).toBe(0);
  });
});
