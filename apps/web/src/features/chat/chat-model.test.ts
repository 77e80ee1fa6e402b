import { describe, expect, it } from 'vitest';
import {
  earlierReplyKeys,
  freshView,
  newTurn,
  regenerableKey,
  turnMessages,
  viewForUrl,
  type DisplayMessage,
} from './chat-model.ts';

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

describe('regenerating', () => {
  const message = (key: string, role: DisplayMessage['role'], streaming = false) =>
    ({
      key,
      role,
      content: key,
      botType: 0,
      createdAt: '2026-01-01T00:00:00.000Z',
      interrupted: false,
      streaming,
      tone: 'info',
    }) as DisplayMessage;

  it('offers the last reply, skipping system notices, never one a user message follows', () => {
    expect(regenerableKey([message('u', 'user'), message('a', 'assistant')])).toBe('a');
    expect(
      regenerableKey([message('u', 'user'), message('a', 'assistant'), message('e', 'system')]),
    ).toBe('a');
    expect(regenerableKey([message('a', 'assistant'), message('u', 'user')])).toBeNull();
    expect(regenerableKey([message('u', 'user'), message('a', 'assistant', true)])).toBeNull();
    expect(regenerableKey([])).toBeNull();
  });

  it('labels every reply followed by another reply as an earlier one', () => {
    const kept = [
      message('u', 'user'),
      message('a1', 'assistant'),
      message('e', 'system'),
      message('a2', 'assistant'),
      message('a3', 'assistant'),
    ];
    expect([...earlierReplyKeys(kept)]).toEqual(['a1', 'a2']);
    expect(earlierReplyKeys([message('u', 'user'), message('a', 'assistant')]).size).toBe(0);
  });

  it('says the earlier reply is kept when a regenerate fails', () => {
    const turn = {
      ...newTurn('t', null, 0, '2026-01-01T00:00:00.000Z'),
      regenerate: 'replace' as const,
    };
    const shown = turnMessages(turn, 'error', { code: 'internal' });
    expect(shown.map((m) => m.role)).toEqual(['system']);
    expect(shown[0]!.content).toMatchObject({ id: 'chatScreen.regenerateFailed' });
    expect(turnMessages(turn, 'error', { code: 'conflict' })[0]!.content).toMatchObject({
      id: 'chatScreen.regenerateConflict',
    });
  });
});
