import { describe, expect, it } from 'vitest';
import { makeToken, memoryStorage } from './internal/testing.ts';
import {
  STORAGE_KEYS,
  clearSession,
  draftStorageKey,
  rateLimitStorageKey,
  restoreSession,
  restoreSessionFromStorage,
  storeSession,
  userFromToken,
} from './session.ts';

const NOW = Date.parse('2026-11-22T12:00:00Z');
const valid = makeToken({
  sub: 'u1',
  email: 't@x.co',
  name: 'Tok',
  role: 'Installer',
  exp: NOW / 1000 + 60,
});
const expired = makeToken({ sub: 'u1', role: 'admin', exp: NOW / 1000 });
const user = {
  id: 'u1',
  name: 'Ann',
  email: 'a@x.co',
  picture: null,
  role: 'admin',
  authMethod: 'email',
};

describe('storage keys', () => {
  it('names the session keys of the spec', () => {
    expect(STORAGE_KEYS).toMatchObject({
      user: 'user',
      authToken: 'authToken',
      refreshToken: 'refreshToken',
      googleIdToken: 'googleIdToken',
    });
    expect(new Set(Object.values(STORAGE_KEYS)).size).toBe(Object.keys(STORAGE_KEYS).length);
    expect(rateLimitStorageKey('u1')).toBe('rateLimit_u1');
    expect(draftStorageKey('u1')).toBe('solarProjectDraft_u1');
  });
});

describe('restoreSession: the start-up rule', () => {
  it('resumes a stored user with a valid token', () => {
    expect(restoreSession({ user: JSON.stringify(user), authToken: valid }, NOW)).toEqual({
      kind: 'signedIn',
      user,
      token: valid,
      expiresAt: NOW / 1000 + 60,
    });
  });

  it("gives a user without role the token's role, lowercased", () => {
    const stored = JSON.stringify({ ...user, role: undefined });
    const result = restoreSession({ user: stored, authToken: valid }, NOW);
    expect(result.kind === 'signedIn' && result.user.role).toBe('installer');
  });

  it('fills missing user fields from the token and reads google sign-ins', () => {
    const stored = JSON.stringify({ authMethod: 'google', picture: 'p.png' });
    const result = restoreSession({ user: stored, authToken: valid }, NOW);
    expect(result.kind === 'signedIn' && result.user).toEqual({
      id: 'u1',
      name: 'Tok',
      email: 't@x.co',
      picture: 'p.png',
      role: 'installer',
      authMethod: 'google',
    });
  });

  it.each([
    ['nothing stored', null, null, false],
    ['an expired token', JSON.stringify(user), expired, true],
    ['no token', JSON.stringify(user), null, true],
    ['a token without user', null, valid, true],
    ['an undecodable token', JSON.stringify(user), 'x.y', true],
    ['a token without exp', JSON.stringify(user), makeToken({ sub: 'u1' }), true],
    ['malformed user JSON', '{oops', valid, true],
    ['a user that is not an object', '[1]', valid, true],
    ['no id anywhere', JSON.stringify({ name: 'A' }), makeToken({ exp: NOW / 1000 + 60 }), true],
  ])('signs out with %s (clear: %s)', (_, storedUser, authToken, clear) => {
    expect(restoreSession({ user: storedUser, authToken }, NOW)).toEqual({
      kind: 'signedOut',
      clear,
    });
  });
});

describe('session storage', () => {
  it('stores, restores and clears a session', () => {
    const storage = memoryStorage({ language: 'es' });
    storeSession(storage, {
      user: { ...user, authMethod: 'email' },
      token: valid,
      refreshToken: 'r1',
    });
    storage.setItem(STORAGE_KEYS.googleIdToken, 'g');
    expect(restoreSessionFromStorage(storage, NOW).kind).toBe('signedIn');
    expect(storage.getItem('refreshToken')).toBe('r1');
    clearSession(storage);
    expect([...storage.data.keys()]).toEqual(['language']);
  });

  it('clears a stored user whose token has expired, keeping other keys', () => {
    const storage = memoryStorage({
      user: JSON.stringify(user),
      authToken: expired,
      refreshToken: 'r',
      language: 'ru',
    });
    expect(restoreSessionFromStorage(storage, NOW)).toEqual({ kind: 'signedOut', clear: true });
    expect([...storage.data.keys()]).toEqual(['language']);
  });

  it('leaves an empty storage alone', () => {
    const storage = memoryStorage({ language: 'en' });
    expect(restoreSessionFromStorage(storage, NOW)).toEqual({ kind: 'signedOut', clear: false });
    expect(storage.data.size).toBe(1);
  });
});

describe('userFromToken', () => {
  it('decodes the session user from a sign-in token', () => {
    expect(
      userFromToken(
        makeToken({ userId: 'u9', email: 'e@x.co', name: 'N', role: 'SUPPLIER' }),
        'google',
      ),
    ).toEqual({
      id: 'u9',
      name: 'N',
      email: 'e@x.co',
      picture: null,
      role: 'supplier',
      authMethod: 'google',
    });
  });

  it('is null without an id or for garbage', () => {
    expect(userFromToken(makeToken({ email: 'e@x.co' }), 'email')).toBeNull();
    expect(userFromToken('garbage', 'email')).toBeNull();
  });
});
