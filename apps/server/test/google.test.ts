/**
 * External sign-in end to end against a real OpenID provider (panva's oidc-provider from
 * npm, started here: test/oidc-provider.ts), on PGlite and PostgreSQL: the server starts
 * the authorization request, the provider's own login and consent pages are driven as a
 * browser would, and the code comes back to `POST /auth/google/signin`. Covers sign-up,
 * the second sign-in, linking an account whose email was confirmed, the pre-registration
 * takeover (decision 030: the unconfirmed account's password and sessions are revoked),
 * wrong audience, wrong issuer (discovery and RFC 9207 `iss`), replayed code and state,
 * and claims that come only from UserInfo (the provider's default).
 */
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { oidcTransactions } from '../src/auth/schema.ts';
import { users } from '../src/db/schema.ts';
import { databaseKinds, startTestServer, startTwinServers, type TestServer } from './harness.ts';
import {
  call,
  linkToken,
  outbox,
  rowCounts,
  signUpBody,
  uniqueEmail,
  waitForMail,
} from './helpers.ts';
import {
  signInThrough,
  startTestProvider,
  TEST_CLIENT,
  type TestProvider,
} from './oidc-provider.ts';

const REDIRECT_URI = 'https://solar.example/signin/callback';
/** Another application registered at the same provider. */
const OTHER_CLIENT = {
  clientId: 'other-app',
  clientSecret: 'other-app-secret-7a1e',
  redirectUris: ['https://other.example/callback'],
};

/** The server's settings for `provider`. */
const settingsFor = (provider: { issuer: string }) => ({
  OIDC_ISSUER: provider.issuer,
  OIDC_CLIENT_ID: TEST_CLIENT.clientId,
  OIDC_CLIENT_SECRET: TEST_CLIENT.clientSecret,
  PUBLIC_URL: 'https://solar.example',
});

/** POST /auth/google/start for REDIRECT_URI; fails the test on anything but 200. */
async function start(server: Pick<TestServer, 'app'>) {
  const answer = await call(server, 'POST', '/auth/google/start', {
    body: { redirectUri: REDIRECT_URI },
  });
  expect(answer.status, JSON.stringify(answer.body)).toBe(200);
  return answer.body as { authorizationUrl: string; state: string; expiresAt: string };
}

/** What the provider sent back, as the web's callback posts it. */
function callbackBody(callback: URL) {
  return {
    code: callback.searchParams.get('code')!,
    state: callback.searchParams.get('state')!,
    iss: callback.searchParams.get('iss')!,
    redirectUri: REDIRECT_URI,
  };
}

describe.each(databaseKinds)('external sign-in against oidc-provider on %s', (kind) => {
  let provider: TestProvider;
  let server: TestServer;

  beforeAll(async () => {
    provider = await startTestProvider([
      { ...TEST_CLIENT, redirectUris: [REDIRECT_URI] },
      OTHER_CLIENT,
    ]);
    server = await startTestServer(kind, settingsFor(provider));
  });
  afterAll(async () => {
    await server?.close();
    await provider?.close();
  });

  /** The whole flow for `login` at the provider; resolves to the sign-in's answer. */
  async function signInAs(login: string) {
    const { authorizationUrl } = await start(server);
    const callback = await signInThrough(authorizationUrl, login);
    return call(server, 'POST', '/auth/google/signin', { body: callbackBody(callback) });
  }

  it('reports the provider to the web in /config', async () => {
    const config = await call(server, 'GET', '/config');
    expect(config.body).toMatchObject({
      googleClientId: TEST_CLIENT.clientId,
      oidcProvider: { name: new URL(provider.issuer).host, logo: null },
    });
  });

  it('starts an authorization request with PKCE (S256), state and nonce, kept only hashed', async () => {
    const { authorizationUrl, state, expiresAt } = await start(server);
    const url = new URL(authorizationUrl);
    expect(url.origin).toBe(provider.issuer);
    expect(Object.fromEntries(url.searchParams)).toMatchObject({
      client_id: TEST_CLIENT.clientId,
      redirect_uri: REDIRECT_URI,
      response_type: 'code',
      scope: 'openid email profile',
      code_challenge_method: 'S256',
      state,
    });
    expect(url.searchParams.get('code_challenge')).toMatch(/^[\w-]{43}$/);
    expect(url.searchParams.get('nonce')).toMatch(/^[\w-]{43}$/);
    expect(Date.parse(expiresAt) - Date.now()).toBeGreaterThan(9 * 60_000);
    const rows = await server.database.db.select().from(oidcTransactions);
    expect(rows.some((row) => row.stateHash === state)).toBe(false);
    expect(rows.some((row) => row.redirectUri === REDIRECT_URI)).toBe(true);
  });

  it('signs up a new identity with the claims UserInfo gives, then finds it on the next sign-in', async () => {
    const email = uniqueEmail('oidc-new');
    provider.accounts.set(email, {
      email,
      name: 'Gulnara Asanova',
      picture: 'https://id.example/photo.png',
    });
    const first = await signInAs(email);
    expect(first.status, JSON.stringify(first.body)).toBe(200);
    expect(first.body.user).toMatchObject({
      email,
      name: 'Gulnara Asanova',
      picture: 'https://id.example/photo.png',
      role: 'client_residential',
      authMethod: 'google',
    });
    // oidc-provider's default: the ID token carries no email or name; UserInfo did.
    const idToken = provider.idTokens.at(-1)!;
    expect(idToken.sub).toBe(email);
    expect(idToken).not.toHaveProperty('email');
    expect(idToken).not.toHaveProperty('name');
    const me = await call(server, 'GET', '/auth/me', { token: first.body.token });
    expect(me.body).toMatchObject({ emailConfirmed: true, authMethod: 'google' });

    const before = await rowCounts(server);
    const again = await signInAs(email);
    expect(again.status).toBe(200);
    expect(again.body.user.id).toBe(first.body.user.id);
    expect((await rowCounts(server)).users).toBe(before.users);
  });

  it('links an account whose email was confirmed: its password still signs in and the holder is mailed', async () => {
    const body = signUpBody();
    const created = await call(server, 'POST', '/auth/email/signup', { body });
    const verification = await waitForMail(server, body.email, /verify-email\?token=/);
    const verified = await call(server, 'POST', '/auth/email/verify', {
      body: { token: linkToken(verification, 'verify-email') },
    });
    expect(verified.status).toBe(204);
    provider.accounts.set(`sub-${body.email}`, { email: body.email.toUpperCase() });

    const linked = await signInAs(`sub-${body.email}`);
    expect(linked.status, JSON.stringify(linked.body)).toBe(200);
    expect(linked.body.user).toMatchObject({
      id: created.body.user.id,
      name: body.name,
      authMethod: 'google',
    });
    const password = await call(server, 'POST', '/auth/email/signin', {
      body: { email: body.email, password: body.password },
    });
    expect(password.status).toBe(200);
    const mail = await waitForMail(server, body.email, /A new way to sign in/);
    expect(mail).toContain('Continue with');
  });

  it('pre-registration: an unconfirmed account is claimed, its password and every session revoked', async () => {
    const victim = uniqueEmail('victim');
    // The attacker signs the victim's address up with a password and never confirms it.
    const attacker = await call(server, 'POST', '/auth/email/signup', {
      body: signUpBody({ email: victim, name: 'Support Team' }),
    });
    expect(attacker.status).toBe(201);
    provider.accounts.set(`real-${victim}`, { email: victim, name: 'Real Owner' });

    const owner = await signInAs(`real-${victim}`);
    expect(owner.status, JSON.stringify(owner.body)).toBe(200);
    expect(owner.body.user).toMatchObject({
      id: attacker.body.user.id,
      name: 'Real Owner',
      authMethod: 'google',
    });
    const [row] = await server.database.db.select().from(users).where(eq(users.email, victim));
    expect(row).toMatchObject({ passwordHash: null, emailConfirmed: true });
    // The attacker's password no longer signs in, and their session cannot be refreshed.
    const password = await call(server, 'POST', '/auth/email/signin', {
      body: { email: victim, password: 'Secret123' },
    });
    expect(password.status).toBe(401);
    const refresh = await call(server, 'POST', '/auth/refresh', {
      body: { refreshToken: attacker.body.refreshToken },
    });
    expect(refresh.status).toBe(401);
    // The owner's own session works, and the owner is told, with a way to set a password.
    const ownRefresh = await call(server, 'POST', '/auth/refresh', {
      body: { refreshToken: owner.body.refreshToken },
    });
    expect(ownRefresh.status).toBe(200);
    const mail = await waitForMail(server, victim, /password removed, sessions signed out/);
    expect(mail).toContain('https://solar.example/forgot-password');
  });

  it('refuses an email the provider has not verified: 401 email_unverified, nothing created or linked', async () => {
    const body = signUpBody();
    await call(server, 'POST', '/auth/email/signup', { body });
    for (const email of [body.email, uniqueEmail('unverified')]) {
      provider.accounts.set(`unverified-${email}`, { email, email_verified: false });
      const before = await rowCounts(server);
      const answer = await signInAs(`unverified-${email}`);
      expect(answer.status).toBe(401);
      expect(answer.body.code).toBe('email_unverified');
      const after = await rowCounts(server);
      expect(after.users).toBe(before.users);
      expect(after.refreshTokens).toBe(before.refreshTokens);
    }
    const [row] = await server.database.db.select().from(users).where(eq(users.email, body.email));
    expect(row).toMatchObject({ googleSubject: null, passwordHash: expect.any(String) });
  });

  it('refuses an email whose account is linked to another identity with 409 conflict', async () => {
    const email = uniqueEmail('taken');
    expect((await signInAs(email)).status).toBe(200);
    provider.accounts.set(`second-${email}`, { email });
    const answer = await signInAs(`second-${email}`);
    expect(answer.status).toBe(409);
    expect(answer.body.code).toBe('conflict');
  });

  it('refuses a deactivated account with 403 account_inactive', async () => {
    const email = uniqueEmail('inactive');
    expect((await signInAs(email)).status).toBe(200);
    await server.database.db.update(users).set({ isActive: false }).where(eq(users.email, email));
    const answer = await signInAs(email);
    expect(answer.status).toBe(403);
    expect(answer.body.code).toBe('account_inactive');
  });

  it('wrong audience: a code the provider issued to another application is refused', async () => {
    const discovery = (await (
      await fetch(`${provider.issuer}/.well-known/openid-configuration`)
    ).json()) as { authorization_endpoint: string };
    const foreign = new URL(discovery.authorization_endpoint);
    foreign.search = new URLSearchParams({
      client_id: OTHER_CLIENT.clientId,
      redirect_uri: OTHER_CLIENT.redirectUris[0]!,
      response_type: 'code',
      scope: 'openid email',
      nonce: 'other-nonce',
      state: 'other-state',
    }).toString();
    const email = uniqueEmail('audience');
    const otherCallback = await signInThrough(foreign.href, email);
    expect(otherCallback.searchParams.get('code')).toBeTruthy();

    const { state } = await start(server);
    const before = await rowCounts(server);
    const answer = await call(server, 'POST', '/auth/google/signin', {
      body: { ...callbackBody(otherCallback), state },
    });
    expect(answer.status).toBe(401);
    expect(answer.body.code).toBe('invalid_credentials');
    expect(provider.tokenErrors.at(-1)).toBe('invalid_grant');
    expect(await rowCounts(server)).toEqual(before);
  });

  it('wrong issuer: an authorization response naming another issuer (RFC 9207) is refused', async () => {
    const { authorizationUrl } = await start(server);
    const callback = await signInThrough(authorizationUrl, uniqueEmail('mixup'));
    const before = await rowCounts(server);
    const answer = await call(server, 'POST', '/auth/google/signin', {
      body: { ...callbackBody(callback), iss: 'https://attacker.example' },
    });
    expect(answer.status).toBe(401);
    expect(await rowCounts(server)).toEqual(before);
  });

  it('replayed code: the same callback twice is 400, the code with a fresh state is refused', async () => {
    const email = uniqueEmail('replay');
    const { authorizationUrl } = await start(server);
    const callback = await signInThrough(authorizationUrl, email);
    const first = await call(server, 'POST', '/auth/google/signin', {
      body: callbackBody(callback),
    });
    expect(first.status).toBe(200);

    const again = await call(server, 'POST', '/auth/google/signin', {
      body: callbackBody(callback),
    });
    expect(again.status).toBe(400);
    expect(again.body.errors).toEqual({
      state: 'This sign-in has expired or was already used. Please start again.',
    });

    const { state } = await start(server);
    const before = await rowCounts(server);
    const replayed = await call(server, 'POST', '/auth/google/signin', {
      body: { ...callbackBody(callback), state },
    });
    expect(replayed.status).toBe(401);
    expect(provider.tokenErrors.at(-1)).toBe('invalid_grant');
    expect(await rowCounts(server)).toEqual(before);
  });

  it('refuses a redirect URI other than the request one, and answers 400 with field messages for bad bodies', async () => {
    const { authorizationUrl } = await start(server);
    const callback = await signInThrough(authorizationUrl, uniqueEmail('redirect'));
    const other = await call(server, 'POST', '/auth/google/signin', {
      body: { ...callbackBody(callback), redirectUri: 'https://solar.example/elsewhere' },
    });
    expect(other.status).toBe(400);
    expect(other.body.errors).toHaveProperty('state');

    const missing = await call(server, 'POST', '/auth/google/signin', {
      body: { code: 'c', redirectUri: REDIRECT_URI },
    });
    expect(missing.status).toBe(400);
    expect(missing.body.errors).toEqual({ state: 'The state of the sign-in is required' });
    const postmessage = await call(server, 'POST', '/auth/google/start', {
      body: { redirectUri: 'postmessage' },
    });
    expect(postmessage.status).toBe(400);
    expect(postmessage.body.errors).toHaveProperty('redirectUri');
  });

  it('leaves the provider untouched when the user cancels there (the callback carries access_denied)', async () => {
    const { authorizationUrl, state } = await start(server);
    const callback = await signInThrough(authorizationUrl, 'anyone', { cancel: true });
    expect(Object.fromEntries(callback.searchParams)).toMatchObject({
      error: 'access_denied',
      state,
    });
  });
});

// Each test starts its own servers (a clock, two processes, other providers): slower.
describe(
  'external sign-in: expiry, instances and the provider itself',
  { timeout: 120_000 },
  () => {
    let provider: TestProvider;
    let clock = Date.now();
    let server: TestServer;
    beforeAll(async () => {
      provider = await startTestProvider([{ ...TEST_CLIENT, redirectUris: [REDIRECT_URI] }]);
      server = await startTestServer('pglite', settingsFor(provider), { now: () => clock });
    }, 120_000);
    afterAll(async () => {
      await server?.close();
      await provider?.close();
    });

    it('refuses a callback after the 10 minutes of its request (400 state)', async () => {
      const { authorizationUrl } = await start(server);
      const callback = await signInThrough(authorizationUrl, uniqueEmail('late'));
      clock += 10 * 60_000 + 1000;
      const late = await call(server, 'POST', '/auth/google/signin', {
        body: callbackBody(callback),
      });
      expect(late.status).toBe(400);
      expect(late.body.errors).toHaveProperty('state');
    });

    it('mails the notices in the account language', async () => {
      const email = uniqueEmail('ru');
      await call(server, 'POST', '/auth/email/signup', {
        body: signUpBody({ email }),
        headers: { 'accept-language': 'ru' },
      });
      const { authorizationUrl } = await start(server);
      provider.accounts.set(`ru-${email}`, { email });
      const callback = await signInThrough(authorizationUrl, `ru-${email}`);
      const answer = await call(server, 'POST', '/auth/google/signin', {
        body: callbackBody(callback),
      });
      expect(answer.status).toBe(200);
      await waitForMail(server, email, /пароль удалён/);
      const mails = (await outbox(server)).filter((m) => m.raw.includes(`To: ${email}`));
      expect(mails).toHaveLength(2); // the verification mail, then the notice
    });

    it('finishes on another server process the sign-in one started', async () => {
      const twins = await startTwinServers('pglite', settingsFor(provider));
      try {
        const [first, second] = twins.servers;
        const { authorizationUrl } = await start(first);
        const callback = await signInThrough(authorizationUrl, uniqueEmail('twin'));
        const answer = await call(second, 'POST', '/auth/google/signin', {
          body: callbackBody(callback),
        });
        expect(answer.status, JSON.stringify(answer.body)).toBe(200);
      } finally {
        await twins.close();
      }
    });

    it('wrong issuer: refuses a provider whose discovery names another issuer, then 502 while it is down', async () => {
      // Reached at 127.0.0.1, the provider says it is http://localhost:<port>.
      const impostor = await startTestProvider([{ ...TEST_CLIENT, redirectUris: [REDIRECT_URI] }], {
        issuerHost: 'localhost',
      });
      const misled = await startTestServer('pglite', {
        ...settingsFor(impostor),
        OIDC_ISSUER: `http://127.0.0.1:${impostor.port}`,
      });
      try {
        const startAt = () =>
          call(misled, 'POST', '/auth/google/start', { body: { redirectUri: REDIRECT_URI } });
        const mismatch = await startAt();
        expect(mismatch.status).toBe(502);
        expect(mismatch.body.code).toBe('bad_gateway');
        expect(await misled.database.db.select().from(oidcTransactions)).toEqual([]);
        await impostor.close();
        const down = await startAt();
        expect(down.status).toBe(502);
        expect(down.body.code).toBe('bad_gateway');
      } finally {
        await misled.close();
        await impostor.close().catch(() => undefined);
      }
    });

    it('answers 503 and reports no provider when none is configured', async () => {
      const off = await startTestServer('pglite');
      try {
        for (const [url, body] of [
          ['/auth/google/start', { redirectUri: REDIRECT_URI }],
          ['/auth/google/signin', { code: 'c', state: 's', redirectUri: REDIRECT_URI }],
        ] as const) {
          const refused = await call(off, 'POST', url, { body });
          expect(refused.status).toBe(503);
          expect(refused.body.code).toBe('service_unavailable');
        }
        expect((await call(off, 'GET', '/config')).body).toMatchObject({
          googleClientId: null,
          oidcProvider: null,
        });
      } finally {
        await off.close();
      }
    });
  },
);
