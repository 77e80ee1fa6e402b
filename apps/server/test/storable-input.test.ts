/**
 * Text the database cannot store is refused at the door (docs/product.md#limits; the
 * error shape of the OpenAPI document): a NUL character (`\u0000`) in any text, a lone surrogate
 * (`\ud800`) anywhere, and free-form JSON nested or sized past its bounds answer 400 with a
 * message on the field, on PGlite and PostgreSQL, and write nothing.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADMIN, databaseKinds, startTestServer, type TestServer } from './harness.ts';
import { call, rowCounts, signIn, signUpBody, uniqueEmail } from './helpers.ts';

const NUL = 'Ai\u0000da';
const LONE = 'Ai\ud800da';
const someId = '00000000-0000-4000-8000-000000000000';
const location = { address: 'Chui Avenue 1, Bishkek', latitude: 42.87, longitude: 74.59 };

/** A request, the field its 400 must name, and whether it needs the admin's token. */
interface Case {
  name: string;
  method: 'GET' | 'POST' | 'PUT';
  url: string;
  body?: unknown;
  field: string;
}

function cases(bad: string): Case[] {
  return [
    {
      name: 'sign-up name',
      method: 'POST',
      url: '/auth/email/signup',
      body: signUpBody({ name: bad }),
      field: 'name',
    },
    {
      name: 'sign-up email',
      method: 'POST',
      url: '/auth/email/signup',
      body: signUpBody({ email: `a${bad}@example.com` }),
      field: 'email',
    },
    {
      name: 'sign-in email',
      method: 'POST',
      url: '/auth/email/signin',
      body: { email: `a${bad}@example.com`, password: 'Secret123' },
      field: 'email',
    },
    {
      name: 'forgot-password email',
      method: 'POST',
      url: '/auth/password/forgot',
      body: { email: `a${bad}@example.com` },
      field: 'email',
    },
    {
      name: 'refresh token',
      method: 'POST',
      url: '/auth/refresh',
      body: { refreshToken: bad },
      field: 'refreshToken',
    },
    {
      name: 'profile name',
      method: 'PUT',
      url: '/auth/me',
      body: { name: bad, email: ADMIN.email },
      field: 'name',
    },
    {
      name: 'admin-created name',
      method: 'POST',
      url: '/admin/users',
      body: { name: bad, email: uniqueEmail('nul'), password: 'Secret1', userType: 4 },
      field: 'name',
    },
    {
      name: 'admin-edited name',
      method: 'PUT',
      url: `/admin/users/${someId}`,
      body: {
        name: bad,
        email: uniqueEmail('nul'),
        userType: 4,
        emailConfirmed: true,
        isActive: true,
      },
      field: 'name',
    },
    {
      name: 'user search',
      method: 'GET',
      // A URL carries UTF-8 only (a lone surrogate cannot be sent): NUL in both runs.
      url: '/admin/users?searchTerm=Ai%00da',
      field: 'searchTerm',
    },
    {
      name: 'chat message',
      method: 'POST',
      url: '/chat/stream',
      body: { message: bad, conversationId: null },
      field: 'message',
    },
    {
      name: 'conversation title',
      method: 'PUT',
      url: `/chat/conversations/${someId}/title`,
      body: { title: bad },
      field: 'title',
    },
    {
      name: 'project address',
      method: 'POST',
      url: '/projects',
      body: { location: { ...location, address: bad } },
      field: 'location.address',
    },
    {
      name: 'project configuration value',
      method: 'POST',
      url: '/projects',
      body: { location, configuration: { panels: [{ note: bad }] } },
      field: 'configuration',
    },
    {
      name: 'project configuration key',
      method: 'PUT',
      url: `/projects/${someId}`,
      body: { configuration: { [bad]: 1 } },
      field: 'configuration',
    },
  ];
}

describe.each(databaseKinds)('unstorable input on %s', (kind) => {
  let server: TestServer;
  let token: string;
  beforeAll(async () => {
    server = await startTestServer(kind, { AI_STREAM_DELAY_MS: '0' });
    token = (await signIn(server, ADMIN)).token;
  });
  afterAll(async () => server?.close());

  for (const [label, bad] of [
    ['a NUL character', NUL],
    ['a lone surrogate', LONE],
  ] as const) {
    it.each(cases(bad))(`answers 400 for ${label} in the $name, writing nothing`, async (c) => {
      const before = await rowCounts(server);
      const answer = await call(server, c.method, c.url, { body: c.body, token });
      expect(answer.status, JSON.stringify(answer.body)).toBe(400);
      expect(answer.body.code).toBe('validation_failed');
      expect(answer.body.errors?.[c.field], JSON.stringify(answer.body)).toEqual(
        expect.any(String),
      );
      expect(await rowCounts(server)).toEqual(before);
    });
  }

  it('answers 400 on the configuration for JSON nested 6000 levels deep', async () => {
    const before = await rowCounts(server);
    const deep = `${'{"a":'.repeat(6000)}1${'}'.repeat(6000)}`;
    const answer = await server.app.inject({
      method: 'POST',
      url: '/api/v1/projects',
      headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
      payload: `{"location":${JSON.stringify(location)},"configuration":${deep}}`,
    });
    expect(answer.statusCode, answer.body).toBe(400);
    expect(answer.json().errors?.configuration).toEqual(expect.any(String));
    expect(await rowCounts(server)).toEqual(before);
  });

  it('still stores ordinary text, emoji and nested configuration', async () => {
    const answer = await call(server, 'POST', '/projects', {
      token,
      body: {
        location: { ...location, address: 'Чуй 1 👩‍👩‍👧 Bishkek' },
        configuration: { panels: [{ note: 'ok ✓', size: { kw: 5 } }] },
      },
    });
    expect(answer.status, JSON.stringify(answer.body)).toBe(201);
  });
});
