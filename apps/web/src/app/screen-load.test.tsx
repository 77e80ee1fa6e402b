/**
 * A screen whose code cannot be fetched (docs/product.md#when-the-server-cannot-be-reached):
 * the page stays when the server does not answer, with the network message and "Try again";
 * it reloads once when the server answers (a new deployment), never in a loop.
 */
import { describe, expect, it, vi } from 'vitest';
import { userEvent } from 'vitest/browser';
import { render } from 'vitest-browser-react';
import { LocaleProvider } from './intl.tsx';
import { lazyScreen } from './router.tsx';
import { ScreenErrorBoundary } from './screen-error-boundary.tsx';
import { createFailedLoadCheck, RELOAD_KEY, type FailedLoadEnv } from './stale-deployment.ts';

/** What Chromium rejects a dynamic import with when the file cannot be fetched. */
const chunkError = () =>
  new TypeError(
    'Failed to fetch dynamically imported module: http://127.0.0.1/assets/projects-screen-abc.js',
  );

function ProjectsScreen() {
  return (
    <main>
      <h1>Projects</h1>
    </main>
  );
}

/** A screen whose code fails to load `failures` times, then loads. */
function flakyScreen(failures: number) {
  let left = failures;
  const load = vi.fn(() =>
    left-- > 0 ? Promise.reject(chunkError()) : Promise.resolve({ default: ProjectsScreen }),
  );
  return { screen: lazyScreen(load), load };
}

function fakeBrowser(server: { up: boolean }, storage = new Map<string, string>()) {
  const reload = vi.fn();
  const env: FailedLoadEnv = {
    sessionStorage: {
      getItem: (k) => storage.get(k) ?? null,
      setItem: (k, v) => void storage.set(k, v),
    },
    location: { reload },
    fetch: (() =>
      server.up
        ? Promise.resolve(new Response('<!doctype html>'))
        : Promise.reject(new TypeError('Failed to fetch'))) as typeof fetch,
  };
  return { env, reload, storage };
}

describe('a screen whose code cannot be fetched', () => {
  it('stays on the page with the network message when the server does not answer; Try again loads it', async () => {
    const server = { up: false };
    const browser = fakeBrowser(server);
    const { screen: Projects, load } = flakyScreen(2);
    const view = await render(
      <LocaleProvider initial="en">
        <ScreenErrorBoundary
          resetKey="/projects"
          checkFailedLoad={createFailedLoadCheck(() => browser.env)}
        >
          <Projects params={{}} />
        </ScreenErrorBoundary>
      </LocaleProvider>,
    );

    const alert = view.getByRole('alert');
    await expect
      .element(alert)
      .toMatchTextContent(
        'Unable to connect to the server. Please check your internet connection.',
      );
    expect(browser.reload).not.toHaveBeenCalled();

    // Still down: Try again (by keyboard) fetches the code again and says so again.
    const tryAgain = view.getByRole('button', { name: 'Try again' });
    await userEvent.tab();
    await expect.element(tryAgain).toHaveFocus();
    await userEvent.keyboard('{Enter}');
    await expect.poll(() => load.mock.calls.length).toBe(2);
    await expect.element(view.getByRole('button', { name: 'Try again' })).toBeVisible();
    await expect.element(view.getByRole('alert')).toMatchTextContent('Unable to connect');
    expect(browser.reload).not.toHaveBeenCalled();

    // Back up: Try again renders the screen.
    server.up = true;
    await userEvent.click(view.getByRole('button', { name: 'Try again' }));
    await expect.element(view.getByRole('heading', { name: 'Projects' })).toBeVisible();
    expect(view.getByRole('alert').query()).toBeNull();
    expect(browser.reload).not.toHaveBeenCalled();
  });

  it('reloads once when the server answers, then shows the message instead of reloading again', async () => {
    const server = { up: true };
    const browser = fakeBrowser(server);
    const FailingOnce = flakyScreen(1).screen;
    const FailingAgain = flakyScreen(1).screen;
    const first = await render(
      <LocaleProvider initial="en">
        <ScreenErrorBoundary
          resetKey="/projects"
          checkFailedLoad={createFailedLoadCheck(() => browser.env)}
        >
          <FailingOnce params={{}} />
        </ScreenErrorBoundary>
      </LocaleProvider>,
    );
    await expect.poll(() => browser.reload.mock.calls.length).toBe(1);
    expect(browser.storage.has(RELOAD_KEY)).toBe(true);
    expect(first.getByRole('alert').query()).toBeNull();
    await first.unmount();

    // The reloaded page (same tab storage) fails again at once: no second reload.
    const reloaded = fakeBrowser(server, browser.storage);
    const second = await render(
      <LocaleProvider initial="en">
        <ScreenErrorBoundary
          resetKey="/projects"
          checkFailedLoad={createFailedLoadCheck(() => reloaded.env)}
        >
          <FailingAgain params={{}} />
        </ScreenErrorBoundary>
      </LocaleProvider>,
    );
    await expect
      .element(second.getByRole('alert'))
      .toMatchTextContent('Failed to load application resources. Please refresh the page.');
    await expect.element(second.getByRole('button', { name: 'Reload page' })).toBeVisible();
    expect(reloaded.reload).not.toHaveBeenCalled();
  });
});
