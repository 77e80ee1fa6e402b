import { describe, expect, it, vi } from 'vitest';
import {
  mayReload,
  RELOAD_GUARD_MS,
  RELOAD_KEY,
  reloadOnStaleDeployment,
} from './stale-deployment.ts';

describe('reload after a failed code load', () => {
  it('allows a reload when none happened recently, and never twice within the guard', () => {
    expect(mayReload(null, 1_000_000)).toBe(true);
    expect(mayReload(String(1_000_000 - RELOAD_GUARD_MS - 1), 1_000_000)).toBe(true);
    expect(mayReload(String(1_000_000 - 5_000), 1_000_000)).toBe(false);
    expect(mayReload('garbage', 1_000_000)).toBe(true);
  });

  it('reloads once on the first vite:preloadError, not on the second', () => {
    const events = new EventTarget();
    const storage = new Map<string, string>();
    const reload = vi.fn();
    const target = {
      addEventListener: events.addEventListener.bind(events),
      sessionStorage: {
        getItem: (k: string) => storage.get(k) ?? null,
        setItem: (k: string, v: string) => void storage.set(k, v),
      },
      location: { reload },
    } as unknown as Window;
    let clock = 5_000_000;
    reloadOnStaleDeployment(target, () => clock);
    events.dispatchEvent(new Event('vite:preloadError'));
    expect(reload).toHaveBeenCalledTimes(1);
    expect(storage.get(RELOAD_KEY)).toBe('5000000');
    clock += 2_000;
    events.dispatchEvent(new Event('vite:preloadError'));
    expect(reload).toHaveBeenCalledTimes(1);
  });
});
