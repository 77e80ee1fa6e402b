/** Configuration of the accounts features (API-CONTRACT.md, Start-up): one clear line on bad values. */
import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '../src/config.ts';

describe('loadConfig', () => {
  it('has mail, Google, rate-limit and AI defaults', () => {
    const config = loadConfig({});
    expect(config).toMatchObject({
      smtpUrl: undefined,
      mailFrom: 'Solar <no-reply@solar.local>',
      google: undefined,
      redisUrl: undefined,
      authRateLimit: 10,
      aiProvider: 'offline',
    });
  });

  it('reads Google with the default issuer, SMTP, Redis and the AI provider', () => {
    const config = loadConfig({
      GOOGLE_CLIENT_ID: 'id',
      GOOGLE_CLIENT_SECRET: 'secret',
      SMTP_URL: 'smtps://u:p@mail.example:465',
      REDIS_URL: 'redis://127.0.0.1:6379',
      AI_PROVIDER: 'openai-compatible',
    });
    expect(config.google).toEqual({
      clientId: 'id',
      clientSecret: 'secret',
      issuer: 'https://accounts.google.com',
    });
    expect(config.smtpUrl).toBe('smtps://u:p@mail.example:465');
    expect(config.redisUrl).toBe('redis://127.0.0.1:6379');
    expect(config.aiProvider).toBe('openai-compatible');
  });

  it.each([
    [{ SMTP_URL: 'http://mail' }, 'SMTP_URL'],
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
