import { SignJWT, errors } from 'jose';
import { describe, expect, it } from 'vitest';
import { createTokenService } from './tokens.ts';

const secret = 'a'.repeat(64);
const claims = {
  sub: '5b0c8c2e-7d1f-4a53-9d43-2f0a7c1d9e11',
  email: 'aida@example.kg',
  name: 'Aida',
  picture: null,
  role: 'client_residential' as const,
};

describe('access tokens', () => {
  it('verifies its own tokens and returns their claims, again and again', async () => {
    const tokens = createTokenService(secret, 900, () => 1_700_000_000_000);
    const { token, expiresAt } = await tokens.sign(claims);
    expect(expiresAt).toBe(new Date((1_700_000_000 + 900) * 1000).toISOString());
    const first = await tokens.verify(token);
    expect(first).toMatchObject({ ...claims, iat: 1_700_000_000, exp: 1_700_000_900 });
    expect(await tokens.verify(token)).toEqual(first);
  });

  it('refuses a remembered token from the second its exp names', async () => {
    let clock = 1_700_000_000_000;
    const tokens = createTokenService(secret, 900, () => clock);
    const { token } = await tokens.sign(claims);
    await tokens.verify(token);
    clock += 899_999;
    await expect(tokens.verify(token)).resolves.toMatchObject({ sub: claims.sub });
    clock += 1;
    await expect(tokens.verify(token)).rejects.toBeInstanceOf(errors.JWTExpired);
  });

  it('answers without waiting only for a token it verified and that has not expired', async () => {
    let clock = 1_700_000_000_000;
    const tokens = createTokenService(secret, 900, () => clock);
    const { token } = await tokens.sign(claims);
    expect(tokens.verified(token)).toBeUndefined();
    await tokens.verify(token);
    expect(tokens.verified(token)).toMatchObject({ sub: claims.sub, exp: 1_700_000_900 });
    clock += 900_000;
    expect(tokens.verified(token)).toBeUndefined();
  });

  it('refuses a changed token even after the original verified', async () => {
    const tokens = createTokenService(secret, 900);
    const { token } = await tokens.sign(claims);
    await tokens.verify(token);
    const [header, payload, signature] = token.split('.');
    const forged = Buffer.from(
      JSON.stringify({
        ...JSON.parse(Buffer.from(payload!, 'base64url').toString()),
        role: 'admin',
      }),
    ).toString('base64url');
    await expect(tokens.verify(`${header}.${forged}.${signature}`)).rejects.toBeInstanceOf(
      errors.JWSSignatureVerificationFailed,
    );
    const other = createTokenService('b'.repeat(64), 900);
    await expect(other.verify(token)).rejects.toBeInstanceOf(errors.JWSSignatureVerificationFailed);
  });

  it('refuses a correctly signed token without exp (or iat): it would never expire', async () => {
    const tokens = createTokenService(secret, 900);
    const key = new TextEncoder().encode(secret);
    const noExp = await new SignJWT({ ...claims })
      .setProtectedHeader({ alg: 'HS256' })
      .setIssuedAt()
      .sign(key);
    await expect(tokens.verify(noExp)).rejects.toBeInstanceOf(errors.JWTClaimValidationFailed);
    const noIat = await new SignJWT({ ...claims })
      .setProtectedHeader({ alg: 'HS256' })
      .setExpirationTime('15m')
      .sign(key);
    await expect(tokens.verify(noIat)).rejects.toBeInstanceOf(errors.JWTClaimValidationFailed);
  });
});
