import { describe, expect, it, vi } from 'vitest';
import { abortWhenAny } from './running.ts';

describe('abortWhenAny', () => {
  it('aborts with the reason of the first source that aborts', () => {
    const client = new AbortController();
    const shutdown = new AbortController();
    const limit = abortWhenAny([client.signal, shutdown.signal], 60_000);
    expect(limit.signal.aborted).toBe(false);
    client.abort(new Error('client disconnected'));
    expect(limit.signal.aborted).toBe(true);
    expect((limit.signal.reason as Error).message).toBe('client disconnected');
    expect(limit.timedOut()).toBe(false);
    limit.release();
  });

  it('aborts with a TimeoutError once the time is up, and says so', () => {
    vi.useFakeTimers();
    try {
      const limit = abortWhenAny([new AbortController().signal], 1000);
      vi.advanceTimersByTime(999);
      expect(limit.signal.aborted).toBe(false);
      vi.advanceTimersByTime(1);
      expect(limit.signal.aborted).toBe(true);
      expect((limit.signal.reason as DOMException).name).toBe('TimeoutError');
      expect(limit.timedOut()).toBe(true);
    } finally {
      vi.useRealTimers();
    }
  });

  it('follows nothing once released: no timeout, no source', () => {
    vi.useFakeTimers();
    try {
      const source = new AbortController();
      const limit = abortWhenAny([source.signal], 1000);
      limit.release();
      vi.advanceTimersByTime(5000);
      source.abort();
      expect(limit.signal.aborted).toBe(false);
    } finally {
      vi.useRealTimers();
    }
  });

  it('starts aborted when a source already is', () => {
    const source = new AbortController();
    source.abort(new Error('already'));
    const limit = abortWhenAny([source.signal], 1000);
    expect(limit.signal.aborted).toBe(true);
    limit.release();
  });
});
