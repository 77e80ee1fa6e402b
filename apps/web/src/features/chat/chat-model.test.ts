import { describe, expect, it } from 'vitest';
import { freshView, newTurn, viewForUrl } from './chat-model.ts';

describe('viewForUrl', () => {
  const started = {
    ...freshView(null),
    frozen: [],
    turn: newTurn('turn-1', 'Hello', 0, '2026-01-01T00:00:00.000Z'),
  };

  it('keeps the view made for the URL', () => {
    expect(viewForUrl(started, null)).toBe(started);
  });

  it('catches up with the URL of the conversation the view just created', () => {
    const created = { ...started, id: 'c1' };
    expect(viewForUrl(created, 'c1')).toEqual({ ...created, urlId: 'c1' });
  });

  it('shows a fresh view when the URL moved to another conversation', () => {
    expect(viewForUrl({ ...started, id: 'c1', urlId: 'c1' }, 'c2')).toEqual(freshView('c2'));
    expect(viewForUrl({ ...started, id: 'c1', urlId: 'c1' }, null)).toEqual(freshView(null));
  });

  it('a fresh view of a stored conversation follows its history, a new one starts empty', () => {
    expect(freshView('c1').frozen).toBeNull();
    expect(freshView(null).frozen).toEqual([]);
  });
});
