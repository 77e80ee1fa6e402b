import { describe, expect, it } from 'vitest';
import { makeToken } from './internal/testing.ts';
import { decodeJwtPayload, isExpired, isTokenExpired, readTokenClaims } from './jwt.ts';

const NOW = Date.parse('2026-11-22T12:00:00Z');

describe('decodeJwtPayload', () => {
  it('decodes the payload without verifying, including UTF-8 text', () => {
    const token = makeToken({ sub: 'u1', name: 'Айгуль Ñandú', exp: 1 });
    expect(decodeJwtPayload(token)).toEqual({ sub: 'u1', name: 'Айгуль Ñandú', exp: 1 });
  });

  it('reads a Cyrillic claim from the UTF-8 bytes of a hand-encoded payload', () => {
    // {"name":"Дания"} as UTF-8, base64url without padding (each letter is two bytes).
    const payload = 'eyJuYW1lIjoi0JTQsNC90LjRjyJ9';
    expect(readTokenClaims(`x.${payload}.y`)?.name).toBe('Дания');
  });

  it('accepts standard base64 with padding in the payload', () => {
    // {"a":"~~~"} in standard base64 has a '+' and '=' padding.
    expect(decodeJwtPayload('x.eyJhIjoifn5+In0=.y')).toEqual({ a: '~~~' });
  });

  it.each([
    [null],
    [undefined],
    [''],
    ['only.two'],
    ['a.b.c.d'],
    ['x.!!!.y'],
    ['x.' + 'bm90IGpzb24' + '.y'], // "not json"
    ['x.' + 'WzEsMl0' + '.y'], // [1,2]
    ['x.' + 'bnVsbA' + '.y'], // null
    ['x.' + '_w' + '.y'], // byte 0xff: not UTF-8
  ])('returns null for %j', (token) => {
    expect(decodeJwtPayload(token)).toBeNull();
  });
});

describe('readTokenClaims', () => {
  it.each([
    [
      { sub: 'u1', email: 'a@b.co', name: 'A', picture: 'p.png', role: 'Admin', exp: 5 },
      { id: 'u1', email: 'a@b.co', name: 'A', picture: 'p.png', role: 'admin', exp: 5 },
    ],
    [
      { userId: 'u2', role: 'PROJECT_MANAGER' },
      { id: 'u2', email: null, name: null, picture: null, role: 'project_manager', exp: null },
    ],
    [
      { sub: 42, exp: 'soon', picture: '' },
      { id: '42', email: null, name: null, picture: null, role: null, exp: null },
    ],
    [
      { userId: 7, exp: Number.MAX_VALUE },
      { id: '7', email: null, name: null, picture: null, role: null, exp: Number.MAX_VALUE },
    ],
    [{}, { id: null, email: null, name: null, picture: null, role: null, exp: null }],
  ])('reads %j', (payload, claims) => {
    expect(readTokenClaims(makeToken(payload))).toEqual(claims);
  });

  it('is null for an undecodable token', () => {
    expect(readTokenClaims('nope')).toBeNull();
  });
});

describe('isExpired / isTokenExpired', () => {
  const exp = NOW / 1000;
  it.each([
    [exp, NOW - 1, 0, false],
    [exp, NOW, 0, true],
    [exp, NOW + 1, 0, true],
    [exp, NOW - 30_000, 30_000, true],
    [exp, NOW - 30_001, 30_000, false],
    [null, NOW, 0, true],
    [undefined, NOW, 0, true],
    [Number.NaN, NOW, 0, true],
  ])('exp %s at %s (skew %s) -> %s', (e, now, skew, expected) => {
    expect(isExpired(e, now, skew)).toBe(expected);
  });

  it('checks a token', () => {
    expect(isTokenExpired(makeToken({ exp: exp + 60 }), NOW)).toBe(false);
    expect(isTokenExpired(makeToken({ exp: exp + 60 }), NOW, 60_000)).toBe(true);
    expect(isTokenExpired(makeToken({ sub: 'x' }), NOW)).toBe(true);
    expect(isTokenExpired('garbage', NOW)).toBe(true);
  });
});
