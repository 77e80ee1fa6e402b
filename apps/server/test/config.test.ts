/** Configuration of the accounts features (docs/operations.md): one clear line on bad values. */
import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '../src/config.ts';

describe('loadConfig', () => {
  it('has mail, external sign-in, rate-limit and AI defaults', () => {
    const config = loadConfig({});
    expect(config).toMatchObject({
      smtpUrl: undefined,
      mailFrom: 'Solar <no-reply@solar.local>',
      oidc: undefined,
      redisUrl: undefined,
      authRateLimit: 10,
      aiProvider: 'offline',
    });
  });

  it('reads the Google names of external sign-in with Google as issuer, SMTP, Redis and the AI provider', () => {
    const config = loadConfig({
      GOOGLE_CLIENT_ID: 'id',
      GOOGLE_CLIENT_SECRET: 'secret',
      SMTP_URL: 'smtps://u:p@mail.example:465',
      REDIS_URL: 'redis://127.0.0.1:6379',
      AI_PROVIDER: 'openai-compatible',
    });
    expect(config.oidc).toEqual({
      clientId: 'id',
      clientSecret: 'secret',
      issuer: 'https://accounts.google.com',
      providerName: 'Google',
      isGoogle: true,
    });
    expect(config.smtpUrl).toBe('smtps://u:p@mail.example:465');
    expect(config.redisUrl).toBe('redis://127.0.0.1:6379');
    expect(config.aiProvider).toBe('openai-compatible');
  });

  it('reads any OpenID provider by its provider-neutral names, which win over the Google ones', () => {
    const config = loadConfig({
      OIDC_ISSUER: 'https://id.example.org/realms/solar/',
      OIDC_CLIENT_ID: 'solar',
      OIDC_CLIENT_SECRET: 's3cret',
      GOOGLE_CLIENT_ID: 'ignored',
      GOOGLE_CLIENT_SECRET: 'ignored',
    });
    expect(config.oidc).toEqual({
      issuer: 'https://id.example.org/realms/solar',
      clientId: 'solar',
      clientSecret: 's3cret',
      providerName: 'id.example.org',
      isGoogle: false,
    });
    expect(
      loadConfig({
        GOOGLE_ISSUER: 'http://127.0.0.1:4000',
        GOOGLE_CLIENT_ID: 'a',
        GOOGLE_CLIENT_SECRET: 'b',
        OIDC_PROVIDER_NAME: 'Solar ID',
      }).oidc,
    ).toMatchObject({ issuer: 'http://127.0.0.1:4000', providerName: 'Solar ID', isGoogle: false });
  });

  it.each([
    [{ SMTP_URL: 'http://mail' }, 'SMTP_URL'],
    [{ OIDC_ISSUER: 'http://id.example.org' }, 'OIDC_ISSUER'],
    [{ OIDC_ISSUER: 'https://id.example.org/?realm=x' }, 'OIDC_ISSUER'],
    [{ OIDC_CLIENT_SECRET: 'only-secret' }, 'OIDC_CLIENT_ID'],
    [{ REDIS_URL: 'localhost:6379' }, 'REDIS_URL'],
    [{ GOOGLE_ISSUER: 'not a url' }, 'GOOGLE_ISSUER'],
    [{ GOOGLE_CLIENT_ID: 'only-id' }, 'GOOGLE_CLIENT_SECRET'],
    [{ AUTH_RATE_LIMIT: '0' }, 'AUTH_RATE_LIMIT'],
    [{ AI_PROVIDER: 'magic' }, 'AI_PROVIDER'],
  ])('refuses %j with one line naming %s', (env, name) => {
    let error: unknown;
    try {
      loadConfig(env);
    } catch (caught) {
      error = caught;
    }
    expect(error).toBeInstanceOf(ConfigError);
    expect((error as Error).message).toContain(name);
    expect((error as Error).message).not.toContain('\n');
  });
});
