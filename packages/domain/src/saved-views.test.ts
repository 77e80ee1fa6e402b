import { describe, expect, it } from 'vitest';
import { savedViewListQuerySchema, savedViewRequestSchema } from './saved-view-requests.ts';
import { savedViewMessages } from './saved-views.ts';

const issue = (body: unknown) =>
  savedViewRequestSchema.safeParse(body).error?.issues.map((i) => [i.path.join('.'), i.message]);

describe('saved view requests (docs/product.md#saved-views)', () => {
  it('trims the name and keeps the query as given', () => {
    expect(
      savedViewRequestSchema.parse({ list: 'users', name: '  Mine ', query: 'a=1&b=2' }),
    ).toEqual({ list: 'users', name: 'Mine', query: 'a=1&b=2' });
    expect(savedViewRequestSchema.parse({ list: 'auditEvents', name: 'x', query: '' }).query).toBe(
      '',
    );
  });

  it('names each bad field with its message', () => {
    expect(issue({ list: 'users', name: ' ', query: '' })).toEqual([
      ['name', savedViewMessages.nameRequired.id],
    ]);
    expect(issue({ list: 'users', name: 'n'.repeat(61), query: '' })).toEqual([
      ['name', savedViewMessages.nameTooLong.id],
    ]);
    expect(issue({ list: 'users', name: 'n', query: 'q'.repeat(501) })).toEqual([
      ['query', savedViewMessages.queryTooLong.id],
    ]);
    expect(issue({ list: 'users', name: 'n', query: '?a=1' })).toEqual([
      ['query', savedViewMessages.query.id],
    ]);
    expect(issue({ list: 'orders', name: 'n', query: '' })).toEqual([
      ['list', savedViewMessages.list.id],
    ]);
    expect(issue({ list: 'users', name: 'a\u0000b', query: '' })?.[0]?.[0]).toBe('name');
    expect(issue({ list: 'users', name: 'a\nb', query: '' })?.[0]?.[0]).toBe('name');
    expect(issue({ list: 'users', name: 'n', query: 'a=\u0000' })?.[0]?.[0]).toBe('query');
    expect(issue({ list: 'users', name: 'n', query: 'a=\ud800' })?.[0]?.[0]).toBe('query');
    expect(savedViewListQuerySchema.safeParse({ list: 'projects' }).success).toBe(true);
    expect(savedViewListQuerySchema.safeParse({}).success).toBe(false);
  });
});
