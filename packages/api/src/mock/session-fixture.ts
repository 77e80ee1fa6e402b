/**
 * The signed-in user of the client's token tests (docs/product.md#accounts-and-sessions): the
 * stored `user` JSON and decodable access tokens for it (mock/jwt.ts). Test support only.
 */
import { fakeJwt } from './jwt.ts';

/** The stored user, as the client keeps it after sign-in. */
export const TEST_USER = {
  id: 'u1',
  name: 'A',
  email: 'a@b.co',
  picture: null,
  role: 'admin',
  authMethod: 'email',
} as const;

/**
 * An access token of {@link TEST_USER} expiring at `expMs` (epoch ms), issued at `iatMs`
 * when given (the client caps its refresh skew at half the lifetime `exp - iat`); `nonce`
 * tells tokens apart.
 */
export function testAccessToken(expMs: number, nonce = 'a', iatMs?: number): string {
  return fakeJwt(
    {
      sub: TEST_USER.id,
      email: TEST_USER.email,
      name: TEST_USER.name,
      role: TEST_USER.role,
      ...(iatMs === undefined ? {} : { iat: Math.floor(iatMs / 1000) }),
      exp: Math.floor(expMs / 1000),
    },
    nonce,
  );
}
