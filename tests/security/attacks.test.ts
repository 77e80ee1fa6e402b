/**
 * Attacks that used to get through, each replayed against the real app: guessing the
 * current password with a stolen access token from many addresses (TRUST_PROXY=true, 60
 * `X-Forwarded-For` values), mail bombing one inbox through forgot-password from many
 * addresses (forgot-password, and email changes asked for someone else's inbox), and the
 * smaller ones: a full-width twin of an email, a lowercase `bearer` scheme, a roof photo
 * declaring 60000 x 60000 pixels, CR/LF in an admin-created name.
 * Each test's name states the figures it checks.
 */
import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { decodeMail } from '../../apps/server/test/helpers.ts';
import {
  ADMIN,
  USER_PASSWORD,
  startSecurityServer,
  uniqueEmail,
  type RoleUser,
  type SecurityServer,
} from './support/server.ts';

/** The n-th of many client addresses (TEST-NET-2, RFC 5737, then beyond). */
const address = (n: number) => `198.51.${Math.floor(n / 250)}.${(n % 250) + 1}`;

/** The statuses of `answers`, run-length encoded: [[400, 30], [429, 30]]. */
function runs(statuses: number[]): [number, number][] {
  const out: [number, number][] = [];
  for (const status of statuses) {
    const last = out.at(-1);
    if (last && last[0] === status) last[1] += 1;
    else out.push([status, 1]);
  }
  return out;
}

/** The decoded mails to `email` in the server's outbox whose text matches `pattern`. */
async function mailsTo(server: SecurityServer, email: string, pattern: RegExp) {
  await server.app.accountMail.settle();
  const dir = path.join(server.config.dataDir, 'outbox');
  const texts: string[] = [];
  for (const name of (await readdir(dir).catch(() => [] as string[])).sort()) {
    const raw = await readFile(path.join(dir, name), 'utf8');
    if (!raw.includes(`To: ${email}`)) continue;
    const text = decodeMail(raw);
    if (pattern.test(text)) texts.push(text);
  }
  return texts;
}

describe('an attacker with many addresses (AUTH_RATE_LIMIT=10, TRUST_PROXY=true)', () => {
  let server: SecurityServer;
  beforeAll(async () => {
    server = await startSecurityServer({ AUTH_RATE_LIMIT: '10', TRUST_PROXY: 'true' });
  });
  afterAll(async () => {
    await server?.close();
  });

  /** One email-change guess from address `n`. */
  const guessEmail = (victim: RoleUser, n: number, currentPassword: string, email: string) =>
    server.call('PUT', '/auth/me', {
      token: victim.token,
      headers: { 'x-forwarded-for': address(n) },
      body: { name: 'Victim', email, currentPassword },
    });

  it('60 email-change guesses from 60 addresses: 30 x 400, then 30 x 429 with Retry-After; the right password is refused too', async () => {
    const victim = await server.createUser('client_residential');
    const thief = uniqueEmail('thief');
    const statuses: number[] = [];
    let retryAfter = 0;
    for (let n = 0; n < 60; n += 1) {
      const answer = await guessEmail(victim, n, `Wrong${n}abc`, thief);
      statuses.push(answer.status);
      if (answer.status === 429) {
        expect(answer.body.code).toBe('rate_limited');
        retryAfter = Number(answer.headers['retry-after']);
      }
    }
    expect(runs(statuses)).toEqual([
      [400, 30],
      [429, 30],
    ]);
    expect(retryAfter).toBeGreaterThan(0);
    expect(retryAfter).toBeLessThanOrEqual(15 * 60);
    // The 61st guess is the right one, from yet another address: still refused.
    const right = await guessEmail(victim, 60, USER_PASSWORD, thief);
    expect(right.status).toBe(429);
    const me = await server.call('GET', '/auth/me', { token: victim.token });
    expect(me.body.email).toBe(victim.email);
  });

  it('password changes share the account’s counter; another account is not touched', async () => {
    const victim = await server.createUser('client_residential');
    const bystander = await server.createUser('client_residential');
    const change = (user: RoleUser, n: number, currentPassword: string) =>
      server.call('POST', '/auth/password/change', {
        token: user.token,
        headers: { 'x-forwarded-for': address(n) },
        body: { currentPassword, password: 'Taken12345', confirmPassword: 'Taken12345' },
      });
    const statuses: number[] = [];
    for (let n = 0; n < 20; n += 1) {
      statuses.push((await guessEmail(victim, n, `Wrong${n}abc`, uniqueEmail('x'))).status);
    }
    for (let n = 20; n < 35; n += 1) statuses.push((await change(victim, n, `Wrong${n}x`)).status);
    expect(runs(statuses)).toEqual([
      [400, 30],
      [429, 5],
    ]);
    expect((await change(victim, 99, USER_PASSWORD)).status).toBe(429);
    await server.signIn(victim.email, USER_PASSWORD);
    expect((await change(bystander, 100, USER_PASSWORD)).status).toBe(204);
  });

  it('40 forgot-password requests from 40 addresses for one inbox: 40 x the same 202, 10 mails; the newest link still works', async () => {
    const victim = await server.createUser('client_residential');
    const answers = [];
    for (let n = 0; n < 40; n += 1) {
      answers.push(
        await server.call('POST', '/auth/password/forgot', {
          headers: { 'x-forwarded-for': address(200 + n) },
          body: { email: victim.email.toUpperCase() },
        }),
      );
    }
    const unknown = await server.call('POST', '/auth/password/forgot', {
      headers: { 'x-forwarded-for': address(300) },
      body: { email: uniqueEmail('nobody') },
    });
    for (const answer of [...answers, unknown]) {
      expect(answer.status).toBe(202);
      expect(answer.body).toEqual(unknown.body);
    }
    // Not the welcome mail of the admin-created account, which has a set-password link.
    const mails = await mailsTo(server, victim.email, /asked to reset the password/);
    expect(mails).toHaveLength(10);
    // The refused requests spent no link: the newest mailed one still resets the password
    // (each new link retires the older ones). Outbox file names can tie within a
    // millisecond, so every mailed link is tried: exactly one works.
    const resets = [];
    for (const mail of mails) {
      const token = /reset-password\?token=([\w-]+)/.exec(mail)![1]!;
      const reset = await server.call('POST', '/auth/password/reset', {
        body: { token, password: 'Chosen12345', confirmPassword: 'Chosen12345' },
      });
      resets.push(reset.status);
    }
    expect(resets.filter((status) => status === 204)).toHaveLength(1);
    expect(resets.filter((status) => status !== 204).every((status) => status === 400)).toBe(true);
  });

  it('11 resends of verification from 11 addresses: 9 x 202 (10 mails with the sign-up one), then 429 with Retry-After', async () => {
    const email = uniqueEmail('unverified');
    const signUp = await server.call('POST', '/auth/email/signup', {
      headers: { 'x-forwarded-for': address(400) },
      body: { name: 'New Person', email, password: USER_PASSWORD, confirmPassword: USER_PASSWORD },
    });
    expect(signUp.status).toBe(201);
    const statuses = [];
    for (let n = 0; n < 11; n += 1) {
      const answer = await server.call('POST', '/auth/email/verify/resend', {
        token: signUp.body.token,
        headers: { 'x-forwarded-for': address(401 + n) },
      });
      statuses.push(answer.status);
      if (answer.status === 429) expect(Number(answer.headers['retry-after'])).toBeGreaterThan(0);
    }
    // The sign-up mail was the first of the ten an hour.
    expect(runs(statuses)).toEqual([
      [202, 9],
      [429, 2],
    ]);
    expect(await mailsTo(server, email, /verify-email\?token=/)).toHaveLength(10);
  });

  it('12 email changes asked by one account for someone else’s inbox: 10 confirmation mails, then 429; the asker keeps its email', async () => {
    const asker = await server.createUser('client_residential');
    const inbox = uniqueEmail('victim-inbox');
    const statuses: number[] = [];
    for (let n = 0; n < 12; n += 1) {
      const answer = await server.call('PUT', '/auth/me', {
        token: asker.token,
        headers: { 'x-forwarded-for': address(500 + n) },
        body: { name: 'Asker', email: inbox, currentPassword: USER_PASSWORD },
      });
      statuses.push(answer.status);
      if (answer.status === 200) expect(answer.body.email).toBe(asker.email);
    }
    expect(runs(statuses)).toEqual([
      [200, 10],
      [429, 2],
    ]);
    expect(await mailsTo(server, inbox, /confirm-email-change\?token=/)).toHaveLength(10);
  });
});

describe('smaller ways in', () => {
  let server: SecurityServer;
  beforeAll(async () => {
    server = await startSecurityServer();
  });
  afterAll(async () => {
    await server?.close();
  });

  it('`Authorization: bearer` (any letter case, RFC 9110 section 11.1) is accepted: 200', async () => {
    const user = await server.createUser('client_residential');
    for (const scheme of ['bearer', 'BEARER', 'Bearer']) {
      const me = await server.call('GET', '/auth/me', {
        headers: { authorization: `${scheme} ${user.token}` },
      });
      expect(me.status, scheme).toBe(200);
    }
  });

  it('ＣＬＩＥＮＴ@… (full-width) is the account client@…: sign-up 409, sign-in 200, one row', async () => {
    const local = `client${Date.now()}`;
    const ascii = `${local}@x.test`;
    const wide = `${[...local.toUpperCase()].map((c) => String.fromCodePoint(c.codePointAt(0)! + 0xfee0)).join('')}@x.test`;
    const body = { name: 'Client', password: USER_PASSWORD, confirmPassword: USER_PASSWORD };
    expect(
      (await server.call('POST', '/auth/email/signup', { body: { ...body, email: ascii } })).status,
    ).toBe(201);
    const before = await server.rowCounts();
    const twin = await server.call('POST', '/auth/email/signup', {
      body: { ...body, email: wide },
    });
    expect(twin.status).toBe(409);
    expect(await server.rowCounts()).toEqual(before);
    const signedIn = await server.call('POST', '/auth/email/signin', {
      body: { email: wide, password: USER_PASSWORD },
    });
    expect(signedIn.status).toBe(200);
    expect(signedIn.body.user.email).toBe(ascii);
  });

  it('a roof photo declaring 60000 x 60000 pixels: 400 with a file error, nothing stored', async () => {
    const admin = await server.signIn(ADMIN.email, ADMIN.password);
    const client = await server.createUser('client_residential');
    const project = await server.call('POST', '/projects', {
      token: client.token,
      body: { location: { address: 'Chui Avenue 1', latitude: 42.87, longitude: 74.59 } },
    });
    await server.setProjectStatus(project.body.id, 'inspection_scheduled');
    const png = Buffer.from(
      'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==',
      'base64',
    );
    png.writeUInt32BE(60_000, 16);
    png.writeUInt32BE(60_000, 20);
    const boundary = '----solarattacks';
    const before = await server.rowCounts();
    const answer = await server.call('POST', `/projects/${project.body.id}/photos`, {
      token: admin.token,
      headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
      rawBody: Buffer.concat([
        Buffer.from(
          `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="roof.png"\r\nContent-Type: image/png\r\n\r\n`,
        ),
        png,
        Buffer.from(`\r\n--${boundary}--\r\n`),
      ]),
    });
    expect(answer.status).toBe(400);
    expect(answer.body.errors).toEqual({ file: 'The image must be at most 40 megapixels' });
    expect(await server.rowCounts()).toEqual(before);
  });

  it('CR/LF and other control characters in a name an admin types: 400 with a name error, no account', async () => {
    const admin = await server.signIn(ADMIN.email, ADMIN.password);
    const before = await server.rowCounts();
    for (const name of ['Aida\r\nBcc: all@x.test', 'Aida\tBekova', 'Aida\u2028B', 'Ai\u202eda']) {
      const answer = await server.call('POST', '/admin/users', {
        token: admin.token,
        body: { name, email: uniqueEmail('named'), password: 'Secret1', userType: 4 },
      });
      expect(answer.status, JSON.stringify(name)).toBe(400);
      expect(answer.body.errors).toEqual({
        name: 'Name cannot contain line breaks or control characters',
      });
    }
    expect(await server.rowCounts()).toEqual(before);
  });
});
