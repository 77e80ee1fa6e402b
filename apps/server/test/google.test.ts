/**
 * Google sign-in end to end against a local OpenID Connect provider (oauth2-mock-server):
 * discovery, code exchange at the token endpoint, ID token verified against the provider's
 * JWKS with audience and issuer checked; creating, finding and linking users.
 */
import { eq } from 'drizzle-orm';
import { Events, OAuth2Server } from 'oauth2-mock-server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { users } from '../src/db/schema.ts';
import { databaseKinds, startTestServer, type TestServer } from './harness.ts';
import { call, rowCounts, signUpBody, uniqueEmail } from './helpers.ts';

const CLIENT_ID = 'solar-test-client';

interface Identity {
  sub: string;
  email: string;
  email_verified: boolean;
  name?: string;
  picture?: string;
  aud?: string;
}

describe.each(databaseKinds)('Google sign-in on %s', (kind) => {
  let provider: OAuth2Server;
  let server: TestServer;
  /** What the provider puts in the ID token for each authorization code. */
  const identities = new Map<string, Identity>();
  const tokenRequests: Record<string, string>[] = [];

  beforeAll(async () => {
    provider = new OAuth2Server();
    await provider.issuer.keys.generate('RS256');
    await provider.start(0, '127.0.0.1');
    provider.service.on(Events.BeforeTokenSigning, (token, req) => {
      const body = (req as unknown as { body: Record<string, string> }).body;
      const identity = identities.get(body.code ?? '');
      if (identity) Object.assign(token.payload, identity);
    });
    provider.service.on(Events.BeforeResponse, (_response, req) => {
      tokenRequests.push((req as unknown as { body: Record<string, string> }).body);
    });
    server = await startTestServer(kind, {
      GOOGLE_CLIENT_ID: CLIENT_ID,
      GOOGLE_CLIENT_SECRET: 'test-secret',
      GOOGLE_ISSUER: provider.issuer.url!,
    });
  });
  afterAll(async () => {
    await server?.close();
    await provider?.stop();
  });

  let codes = 0;
  function codeFor(identity: Identity): string {
    codes += 1;
    const code = `code-${codes}`;
    identities.set(code, identity);
    return code;
  }

  it('reports the client id in /config', async () => {
    expect((await call(server, 'GET', '/config')).body.googleClientId).toBe(CLIENT_ID);
  });

  it('creates a confirmed residential client on the first sign-in and finds it the next time', async () => {
    const email = uniqueEmail('google');
    const identity = {
      sub: `g-${email}`,
      email,
      email_verified: true,
      name: 'Gulnara Asanova',
      picture: 'https://lh3.googleusercontent.com/a/photo',
    };
    const first = await call(server, 'POST', '/auth/google/signin', {
      body: { code: codeFor(identity), redirectUri: 'https://solar.example/signin' },
    });
    expect(first.status, JSON.stringify(first.body)).toBe(200);
    expect(first.body.user).toMatchObject({
      email,
      name: 'Gulnara Asanova',
      picture: identity.picture,
      role: 'client_residential',
      authMethod: 'google',
    });
    expect(first.body.refreshToken).toBeTruthy();
    expect(tokenRequests.at(-1)).toMatchObject({
      grant_type: 'authorization_code',
      client_id: CLIENT_ID,
      client_secret: 'test-secret',
      redirect_uri: 'https://solar.example/signin',
    });
    const me = await call(server, 'GET', '/auth/me', { token: first.body.token });
    expect(me.body).toMatchObject({ emailConfirmed: true, authMethod: 'google' });

    const again = await call(server, 'POST', '/auth/google/signin', {
      body: { code: codeFor(identity) },
    });
    expect(again.status).toBe(200);
    expect(again.body.user.id).toBe(first.body.user.id);
    expect(tokenRequests.at(-1)!.redirect_uri).toBe('postmessage');
    // Google users cannot edit their profile.
    const edit = await call(server, 'PUT', '/auth/me', {
      token: again.body.token,
      body: { name: 'Other', email },
    });
    expect(edit.status).toBe(403);
  });

  it('links an existing email account when the provider says the email is verified', async () => {
    const body = signUpBody();
    const created = await call(server, 'POST', '/auth/email/signup', { body });
    const linked = await call(server, 'POST', '/auth/google/signin', {
      body: {
        code: codeFor({
          sub: `g-${body.email}`,
          email: body.email.toUpperCase(),
          email_verified: true,
        }),
      },
    });
    expect(linked.status).toBe(200);
    expect(linked.body.user).toMatchObject({
      id: created.body.user.id,
      authMethod: 'google',
      name: body.name,
    });
    const [row] = await server.database.db
      .select()
      .from(users)
      .where(eq(users.id, created.body.user.id));
    expect(row).toMatchObject({ googleSubject: `g-${body.email}`, emailConfirmed: true });
  });

  it('refuses an unverified email with 401 and neither creates nor links', async () => {
    const body = signUpBody();
    await call(server, 'POST', '/auth/email/signup', { body });
    for (const email of [body.email, uniqueEmail('unverified')]) {
      const before = await rowCounts(server);
      const answer = await call(server, 'POST', '/auth/google/signin', {
        body: { code: codeFor({ sub: `g-${email}`, email, email_verified: false }) },
      });
      expect(answer.status).toBe(401);
      expect(await rowCounts(server)).toEqual(before);
    }
    const [row] = await server.database.db.select().from(users).where(eq(users.email, body.email));
    expect(row!.googleSubject).toBeNull();
  });

  it('refuses an ID token issued for another audience with 401', async () => {
    const email = uniqueEmail('wrong-aud');
    const before = await rowCounts(server);
    const answer = await call(server, 'POST', '/auth/google/signin', {
      body: { code: codeFor({ sub: 'g-wrong', email, email_verified: true, aud: 'someone-else' }) },
    });
    expect(answer.status).toBe(401);
    expect(answer.body).toEqual({
      message: 'Google login failed. Please try again.',
      code: 'invalid_credentials',
    });
    expect(await rowCounts(server)).toEqual(before);
  });

  it('refuses a code the provider rejects with 401', async () => {
    provider.service.once(Events.BeforeResponse, (response) => {
      response.body = { error: 'invalid_grant' };
      response.statusCode = 400;
    });
    const answer = await call(server, 'POST', '/auth/google/signin', {
      body: { code: 'expired-code' },
    });
    expect(answer.status).toBe(401);
    expect(answer.body.code).toBe('invalid_credentials');
  });

  it('refuses a deactivated account with 403 account_inactive', async () => {
    const email = uniqueEmail('google-inactive');
    const identity = { sub: `g-${email}`, email, email_verified: true };
    expect(
      (await call(server, 'POST', '/auth/google/signin', { body: { code: codeFor(identity) } }))
        .status,
    ).toBe(200);
    await server.database.db.update(users).set({ isActive: false }).where(eq(users.email, email));
    const answer = await call(server, 'POST', '/auth/google/signin', {
      body: { code: codeFor(identity) },
    });
    expect(answer.status).toBe(403);
    expect(answer.body.code).toBe('account_inactive');
  });
});

describe('Google sign-in with an unreachable provider', () => {
  it('answers 502 bad_gateway', async () => {
    const server = await startTestServer('pglite', {
      GOOGLE_CLIENT_ID: CLIENT_ID,
      GOOGLE_CLIENT_SECRET: 'test-secret',
      GOOGLE_ISSUER: 'http://127.0.0.1:9',
    });
    try {
      const answer = await call(server, 'POST', '/auth/google/signin', { body: { code: 'abc' } });
      expect(answer.status).toBe(502);
      expect(answer.body.code).toBe('bad_gateway');
    } finally {
      await server.close();
    }
  });
});
