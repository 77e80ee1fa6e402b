/**
 * After a new deployment, a tab opened before it asks for code files that no longer exist
 * (their names carry a content hash). Vite reports each failed dynamic import as a
 * `vite:preloadError` event; the first one reloads the page once, which fetches the new
 * deployment's files. A second failure within `RELOAD_GUARD_MS` (the server itself is
 * failing, or the network is down) is left to the screen's error boundary, so the page never
 * reloads in a loop.
 */

/** Session storage key of the last automatic reload (epoch ms). */
export const RELOAD_KEY = 'solar.chunkReloadAt';
/** No second automatic reload within this many ms of the first. */
export const RELOAD_GUARD_MS = 30_000;

/** True when a failed code load may reload the page now (none in the last RELOAD_GUARD_MS). */
export function mayReload(lastReloadAt: string | null, now: number): boolean {
  const last = Number(lastReloadAt);
  return !lastReloadAt || !Number.isFinite(last) || now - last > RELOAD_GUARD_MS || now < last;
}

/** Reloads the page once when a code file fails to load (see the module comment). */
export function reloadOnStaleDeployment(
  target: Pick<Window, 'addEventListener' | 'sessionStorage' | 'location'> = window,
  now: () => number = Date.now,
): void {
  target.addEventListener('vite:preloadError', () => {
    const at = now();
    if (!mayReload(target.sessionStorage.getItem(RELOAD_KEY), at)) return;
    target.sessionStorage.setItem(RELOAD_KEY, String(at));
    target.location.reload();
  });
}
