/**
 * Authentication before validation: an anonymous caller of an
 * authenticated endpoint gets 401 whatever it sends, never a 400 that names the schema's
 * fields; a signed-in caller without the permission gets 403 the same way.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from './harness.ts';
import { call, signUpBody } from './helpers.ts';

const CALLS = [
  ['POST', '/admin/users', { name: 1, isAdmin: true }],
  ['PUT', '/admin/users/00000000-0000-4000-8000-000000000000', { email: 'x' }],
  ['GET', '/admin/users?pageSize=abc&sortBy=password', undefined],
  ['PUT', '/auth/me', { name: '', role: 'admin' }],
  ['POST', '/chat/stream', { message: 5, extra: true }],
  ['PUT', '/chat/conversations/x/title', { title: 7 }],
  ['POST', '/projects', { name: [], surprise: 1 }],
  ['PUT', '/projects/x', { address: {} }],
] as const;

describe('authentication before validation', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer('pglite');
  });
  afterAll(async () => {
    await server?.close();
  });

  it.each(CALLS)(
    'anonymous %s %s with a bad body or query: 401, no field names',
    async (method, url, body) => {
      const answer = await call(server, method, url, { body });
      expect(answer.status, JSON.stringify(answer.body)).toBe(401);
      expect(answer.body.code).toBe('unauthenticated');
      expect(answer.body.errors).toBeUndefined();
    },
  );

  it('a client sending a bad body to an admin call gets 403, no field names', async () => {
    const signUp = await call(server, 'POST', '/auth/email/signup', { body: signUpBody() });
    expect(signUp.status).toBe(201);
    const answer = await call(server, 'POST', '/admin/users', {
      token: signUp.body.token,
      body: { name: 1 },
    });
    expect(answer.status).toBe(403);
    expect(answer.body.errors).toBeUndefined();
  });
});
