import { describe, expect, it, vi } from 'vitest';
import {
  createFailedLoadCheck,
  mayReload,
  RELOAD_GUARD_MS,
  RELOAD_KEY,
  reloadOnStaleDeployment,
  type FailedLoadEnv,
} from './stale-deployment.ts';

/** A browser whose server answers `GET /` as `answer` says; storage kept in `storage`. */
function fakeBrowser(answer: 'ok' | 'down' | 502, storage = new Map<string, string>()) {
  const reload = vi.fn();
  const fetch = vi.fn(() =>
    answer === 'down'
      ? Promise.reject(new TypeError('Failed to fetch'))
      : Promise.resolve(new Response('<!doctype html>', { status: answer === 'ok' ? 200 : 502 })),
  );
  const env: FailedLoadEnv = {
    sessionStorage: {
      getItem: (k: string) => storage.get(k) ?? null,
      setItem: (k: string, v: string) => void storage.set(k, v),
    },
    location: { reload },
    fetch: fetch as unknown as typeof globalThis.fetch,
  };
  return { env, reload, fetch, storage };
}

describe('reload after a failed code load', () => {
  it('allows a reload when none happened recently, and never twice within the guard', () => {
    expect(mayReload(null, 1_000_000)).toBe(true);
    expect(mayReload(String(1_000_000 - RELOAD_GUARD_MS - 1), 1_000_000)).toBe(true);
    expect(mayReload(String(1_000_000 - 5_000), 1_000_000)).toBe(false);
    expect(mayReload('garbage', 1_000_000)).toBe(true);
  });

  it('keeps the page when the server does not answer', async () => {
    const browser = fakeBrowser('down');
    const check = createFailedLoadCheck(
      () => browser.env,
      () => 5_000_000,
    );
    expect(await check()).toBe('unreachable');
    expect(browser.fetch).toHaveBeenCalledWith('/', expect.objectContaining({ cache: 'no-store' }));
    expect(browser.reload).not.toHaveBeenCalled();
    expect(browser.storage.has(RELOAD_KEY)).toBe(false);
  });

  it('keeps the page when the server answers with an error (a proxy while the app is down)', async () => {
    const browser = fakeBrowser(502);
    expect(await createFailedLoadCheck(() => browser.env)()).toBe('unreachable');
    expect(browser.reload).not.toHaveBeenCalled();
  });

  it('reloads once when the server answers, and not again within the guard', async () => {
    const browser = fakeBrowser('ok');
    let clock = 5_000_000;
    const check = createFailedLoadCheck(
      () => browser.env,
      () => clock,
    );
    const [first, second] = await Promise.all([check(), check()]);
    expect([first, second]).toEqual(['reloading', 'reloading']);
    expect(browser.reload).toHaveBeenCalledTimes(1);
    expect(browser.storage.get(RELOAD_KEY)).toBe('5000000');

    // The reloaded page fails again moments later: it stays.
    clock += 2_000;
    const afterReload = fakeBrowser('ok', browser.storage);
    const again = createFailedLoadCheck(
      () => afterReload.env,
      () => clock,
    );
    expect(await again()).toBe('reloaded-recently');
    expect(afterReload.reload).not.toHaveBeenCalled();
  });

  it('runs the check on each vite:preloadError', () => {
    const events = new EventTarget();
    const check = vi.fn(() => Promise.resolve('unreachable' as const));
    reloadOnStaleDeployment(
      { addEventListener: events.addEventListener.bind(events) } as Pick<
        Window,
        'addEventListener'
      >,
      check,
    );
    events.dispatchEvent(new Event('vite:preloadError'));
    events.dispatchEvent(new Event('vite:preloadError'));
    expect(check).toHaveBeenCalledTimes(2);
  });
});
