import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADMIN, databaseKinds, startTestServer, type TestServer } from './harness.ts';

describe.each(databaseKinds)('walking skeleton on %s', (kind) => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer(kind);
  });
  afterAll(async () => {
    await server?.close();
  });

  it('GET /api/v1/health answers ok with the database kind', async () => {
    const response = await server.app.inject({ method: 'GET', url: '/api/v1/health' });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ status: 'ok', database: kind });
  });

  it('signs the seeded admin in and returns an access token with the admin role', async () => {
    const response = await server.app.inject({
      method: 'POST',
      url: '/api/v1/auth/email/signin',
      payload: ADMIN,
    });
    expect(response.statusCode).toBe(200);
    const body = response.json();
    expect(body.user).toMatchObject({ email: ADMIN.email, role: 'admin', authMethod: 'email' });
    const payload = JSON.parse(Buffer.from(body.token.split('.')[1], 'base64url').toString());
    expect(payload).toMatchObject({ sub: body.user.id, role: 'admin', email: ADMIN.email });
    expect(payload.exp - payload.iat).toBe(900);
  });

  it('answers the same 401 for a wrong password and an unknown email', async () => {
    const wrong = await server.app.inject({
      method: 'POST',
      url: '/api/v1/auth/email/signin',
      payload: { email: ADMIN.email, password: 'nope-nope' },
    });
    const unknown = await server.app.inject({
      method: 'POST',
      url: '/api/v1/auth/email/signin',
      payload: { email: 'nobody@example.com', password: 'nope-nope' },
    });
    expect(wrong.statusCode).toBe(401);
    expect(unknown.statusCode).toBe(401);
    expect(wrong.json()).toEqual(unknown.json());
    expect(wrong.json().code).toBe('invalid_credentials');
  });

  it('rejects bad input with 400 and the spec message', async () => {
    const response = await server.app.inject({
      method: 'POST',
      url: '/api/v1/auth/email/signin',
      payload: { email: 'not-an-email', password: 'x' },
    });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({
      code: 'validation_failed',
      message: 'Please enter a valid email address',
    });
  });
});
