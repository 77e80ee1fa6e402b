/**
 * A code file that fails to load (docs/product.md#when-the-server-cannot-be-reached). After a
 * new deployment, a tab opened before it asks for code files that no longer exist (their names
 * carry a content hash): reloading fetches the new deployment's files. When the server cannot
 * be reached at all, a reload would replace the page with the browser's own error page and
 * lose what the user typed, so the page stays.
 *
 * The rule, run on each failed load (Vite's `vite:preloadError` event, and the screen's error
 * boundary): ask the server for the page itself (`GET /`, never cached). An answer that is OK
 * means the server is up and the code file is gone: the page reloads, at most once within
 * `RELOAD_GUARD_MS` (a session storage marker), so it never reloads in a loop. No answer (a
 * network error) or a failing one: the page stays and the screen says the server cannot be
 * reached, with a "Try again" button.
 */

/** Session storage key of the last automatic reload (epoch ms). */
export const RELOAD_KEY = 'solar.chunkReloadAt';
/** No second automatic reload within this many ms of the first. */
export const RELOAD_GUARD_MS = 30_000;

/**
 * What a failed code load led to: `reloading` (the server answered, the page reloads now),
 * `reloaded-recently` (the server answered but the page reloaded within RELOAD_GUARD_MS, so
 * it stays), `unreachable` (the server did not answer: the page stays).
 */
export type FailedLoadOutcome = 'reloading' | 'reloaded-recently' | 'unreachable';

/** What the check needs of the browser (a window, or a fake in tests). */
export interface FailedLoadEnv {
  readonly sessionStorage: Pick<Storage, 'getItem' | 'setItem'>;
  readonly location: Pick<Location, 'reload'>;
  readonly fetch: typeof fetch;
}

/** True when a failed code load may reload the page now (none in the last RELOAD_GUARD_MS). */
export function mayReload(lastReloadAt: string | null, now: number): boolean {
  const last = Number(lastReloadAt);
  return !lastReloadAt || !Number.isFinite(last) || now - last > RELOAD_GUARD_MS || now < last;
}

/**
 * The check run after a failed code load, for `env` (default: this window) and clock `now`
 * (epoch ms). Once it has decided to reload, every later call answers `reloading` too;
 * of calls made at once, the first to hear back reloads. Rejects only when session storage
 * throws.
 */
export function createFailedLoadCheck(
  env: () => FailedLoadEnv = () => window,
  now: () => number = Date.now,
): () => Promise<FailedLoadOutcome> {
  let reloading = false;
  return async () => {
    const target = env();
    // The server answers the page itself (never from the cache) with an OK status; a network
    // error or any other status (a proxy's 502 while the app is down) is no answer.
    const answers = await target.fetch('/', { cache: 'no-store' }).then(
      (response) => response.ok,
      () => false,
    );
    if (reloading) return 'reloading';
    if (!answers) return 'unreachable';
    const at = now();
    if (!mayReload(target.sessionStorage.getItem(RELOAD_KEY), at)) return 'reloaded-recently';
    target.sessionStorage.setItem(RELOAD_KEY, String(at));
    reloading = true;
    target.location.reload();
    return 'reloading';
  };
}

/** The check of this window, shared by the event listener and the screens' error boundary. */
export const checkFailedLoad: () => Promise<FailedLoadOutcome> = createFailedLoadCheck();

/**
 * Runs `check` on every failed code load Vite reports (`vite:preloadError`) in `target`
 * (see the module comment). The error itself still reaches the code that asked for the file.
 */
export function reloadOnStaleDeployment(
  target: Pick<Window, 'addEventListener'> = window,
  check: () => Promise<FailedLoadOutcome> = checkFailedLoad,
): void {
  target.addEventListener('vite:preloadError', () => void check());
}
