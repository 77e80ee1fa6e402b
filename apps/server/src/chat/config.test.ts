import { describe, expect, it } from 'vitest';
import { ConfigError } from '../config.ts';
import { loadChatConfig } from './config.ts';

describe('loadChatConfig', () => {
  it('defaults to the offline assistant with readable pacing and a per-user limit', () => {
    expect(loadChatConfig({})).toEqual({
      provider: 'offline',
      baseUrl: undefined,
      apiKey: undefined,
      model: 'offline-consultant',
      streamDelayMs: 30,
      timeoutMs: 120_000,
      heartbeatMs: 15_000,
      rateLimit: { maxMessages: 20, windowMs: 60_000 },
    });
  });

  it('reads an OpenAI-compatible endpoint, trimming the trailing slash', () => {
    const config = loadChatConfig({
      AI_PROVIDER: 'openai-compatible',
      AI_BASE_URL: 'http://127.0.0.1:11434/v1/',
      AI_MODEL: 'llama3.1',
      AI_API_KEY: 'k',
      AI_STREAM_DELAY_MS: '0',
      CHAT_RATE_LIMIT: '5',
      UNRELATED: 'ignored',
    });
    expect(config).toMatchObject({
      provider: 'openai-compatible',
      baseUrl: 'http://127.0.0.1:11434/v1',
      model: 'llama3.1',
      apiKey: 'k',
      streamDelayMs: 0,
      rateLimit: { maxMessages: 5, windowMs: 60_000 },
    });
  });

  it.each([
    [
      { AI_PROVIDER: 'magic' },
      /^Invalid configuration: AI_PROVIDER must be one of offline, openai-compatible$/,
    ],
    [
      { AI_PROVIDER: 'openai-compatible' },
      /AI_PROVIDER=openai-compatible needs AI_BASE_URL and AI_MODEL/,
    ],
    [
      { AI_PROVIDER: 'openai-compatible', AI_BASE_URL: 'http://x/v1' },
      /needs AI_BASE_URL and AI_MODEL/,
    ],
    [{ AI_BASE_URL: 'ftp://x' }, /^Invalid configuration: AI_BASE_URL must be an http/],
    [{ AI_STREAM_DELAY_MS: 'soon' }, /^Invalid configuration: AI_STREAM_DELAY_MS /],
    [{ AI_STREAM_DELAY_MS: '-1' }, /^Invalid configuration: AI_STREAM_DELAY_MS /],
    [{ CHAT_RATE_LIMIT: '0' }, /^Invalid configuration: CHAT_RATE_LIMIT /],
    [{ CHAT_HEARTBEAT_MS: '1.5' }, /^Invalid configuration: CHAT_HEARTBEAT_MS /],
  ])('rejects %o with one clear line', (env, message) => {
    expect(() => loadChatConfig(env)).toThrow(ConfigError);
    expect(() => loadChatConfig(env)).toThrow(message);
  });

  it('treats empty values as unset', () => {
    expect(loadChatConfig({ AI_PROVIDER: '', AI_STREAM_DELAY_MS: '' }).provider).toBe('offline');
  });
});
