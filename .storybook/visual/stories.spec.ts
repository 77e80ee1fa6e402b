/**
 * One screenshot test per component story of the built Storybook, and one per screen story
 * in each local screen mode (`localScreenModes` in story-modes.ts). Stories tagged
 * `no-visual` (for example ones that animate forever) are skipped by design.
 *
 * A subset (docs/visual-testing.md): `STORY` keeps the stories whose id or "title / name"
 * contains it (case-insensitive; several separated by commas), `MODE` keeps the screen modes
 * named (commas; `default` is the main capture, e.g. `MODE=default,es-phone`); Playwright's
 * `-g` filters by test title as usual.
 *
 * Each worker loads Storybook's preview once per mode (the mode's globals in the URL, its
 * viewport) and then switches stories inside it with Storybook's own `setCurrentStory` event,
 * as Storybook's test runner does, instead of loading the whole preview for every capture:
 * that took about 10 s per story on a two-core machine, a switch takes about one. Every
 * switch starts as a loaded page would (no focus, top of the page, empty browser storage,
 * the keyboard as the last input); a failed test gets a fresh worker (Playwright's rule),
 * so a broken page never carries over.
 *
 * Before each screenshot the test checks that every glyph on the page came from a font the
 * project ships (platform-fonts.ts): text drawn with an installed system font would make
 * the baseline depend on the machine that took it.
 */
import { test as base, expect, type BrowserContext, type Page } from '@playwright/test';
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import {
  localScreenModes,
  viewportHeight,
  viewportWidth,
  type Mode,
} from '../../apps/web/src/testing/story-modes.ts';
import { systemFontUses } from './platform-fonts.ts';

interface IndexEntry {
  id: string;
  title: string;
  name: string;
  type: 'story' | 'docs';
  tags?: string[];
}

const indexFile = fileURLToPath(new URL('../../storybook-static/index.json', import.meta.url));
const index = JSON.parse(readFileSync(indexFile, 'utf8')) as {
  entries: Record<string, IndexEntry>;
};
/** The comma-separated values of an environment variable, lower-cased; empty when unset. */
const listFromEnv = (name: string): string[] =>
  (process.env[name] ?? '')
    .split(',')
    .map((value) => value.trim().toLowerCase())
    .filter(Boolean);

const storyFilter = listFromEnv('STORY');
const modeFilter = listFromEnv('MODE');
const unknownModes = modeFilter.filter(
  (name) => name !== 'default' && !Object.hasOwn(localScreenModes, name),
);
if (unknownModes.length > 0) {
  const known = Object.keys(localScreenModes).map((name) => name || 'default');
  throw new Error(`MODE: no mode ${unknownModes.join(', ')}; the modes are ${known.join(', ')}`);
}

/** True when the story is in the STORY subset (every story when STORY is unset). */
const storyWanted = (entry: IndexEntry): boolean =>
  storyFilter.length === 0 ||
  storyFilter.some(
    (wanted) =>
      entry.id.toLowerCase().includes(wanted) ||
      `${entry.title} / ${entry.name}`.toLowerCase().includes(wanted),
  );

/** True when the mode (its key in localScreenModes) is in the MODE subset. */
const modeWanted = (name: string): boolean =>
  modeFilter.length === 0 || modeFilter.includes(name || 'default');

const stories = Object.values(index.entries).filter(
  (entry) => entry.type === 'story' && !entry.tags?.includes('no-visual') && storyWanted(entry),
);

const hideToasts = '[data-slot="toast-viewport"] { visibility: hidden !important; }';

/** A network that has had no request in flight for this long is at rest (as `networkidle`). */
const QUIET_MS = 500;

/** One loaded preview of a worker: the page, the mode it was loaded in, requests in flight. */
interface ModePage {
  page: Page;
  key: string;
  inFlight: () => number;
  lastActivity: () => number;
}

/** The worker's browser context (its cache keeps Storybook's files) and its current preview. */
interface Previews {
  open(mode: Mode, firstStoryId: string): Promise<{ page: ModePage; loaded: boolean }>;
}

const modeKey = (mode: Mode) => `${mode.scheme}.${mode.locale}.${mode.viewport ?? 'default'}`;

const test = base.extend<object, { previews: Previews }>({
  previews: [
    async ({ browser }, use, workerInfo) => {
      const options = workerInfo.project.use;
      const context: BrowserContext = await browser.newContext({
        baseURL: options.baseURL,
        viewport: options.viewport,
        deviceScaleFactor: options.deviceScaleFactor,
        colorScheme: options.colorScheme,
        locale: options.locale,
        timezoneId: options.timezoneId,
      });
      let current: ModePage | undefined;
      await use({
        async open(mode, firstStoryId) {
          const key = modeKey(mode);
          if (current?.key === key) return { page: current, loaded: false };
          await current?.page.close();
          const page = await context.newPage();
          if (mode.viewport) {
            await page.setViewportSize({
              width: viewportWidth(mode.viewport),
              height: viewportHeight(mode.viewport),
            });
          }
          let inFlight = 0;
          let lastActivity = Date.now();
          const started = () => {
            inFlight += 1;
            lastActivity = Date.now();
          };
          const ended = () => {
            inFlight -= 1;
            lastActivity = Date.now();
          };
          page.on('request', started);
          page.on('requestfinished', ended);
          page.on('requestfailed', ended);
          await page.goto(
            `/iframe.html?id=${firstStoryId}&viewMode=story&globals=locale:${mode.locale};scheme:${mode.scheme}`,
          );
          await page.locator('#storybook-root').waitFor({ state: 'attached' });
          current = { page, key, inFlight: () => inFlight, lastActivity: () => lastActivity };
          return { page: current, loaded: true };
        },
      });
      await context.close();
    },
    { scope: 'worker' },
  ],
});

/** Shows `storyId` in the preview (already loaded with it, or switched to it). */
async function showStory(previews: Previews, mode: Mode, storyId: string): Promise<ModePage> {
  const { page: preview, loaded } = await previews.open(mode, storyId);
  const { page } = preview;
  if (!loaded) {
    // What the last story left behind that outlives a render goes: focus, scroll, storage,
    // and a pointer as the last input (react-aria then hides focus rings, where a page just
    // loaded shows them); a key no element acts on makes the keyboard the last input again.
    await page.evaluate(() => {
      (document.activeElement as HTMLElement | null)?.blur();
      window.scrollTo(0, 0);
    });
    await page.keyboard.press('Pause');
    await page.evaluate((id) => {
      localStorage.clear();
      sessionStorage.clear();
      const channel = (
        window as { __STORYBOOK_ADDONS_CHANNEL__?: { emit(event: string, data: unknown): void } }
      ).__STORYBOOK_ADDONS_CHANNEL__;
      channel!.emit('setCurrentStory', { storyId: id, viewMode: 'story' });
    }, storyId);
  }
  // Wait until Storybook has rendered this story and run its play function.
  await page.waitForFunction((id) => {
    const preview = (
      window as {
        __STORYBOOK_PREVIEW__?: { storyRenders?: { id?: string; phase?: string }[] };
      }
    ).__STORYBOOK_PREVIEW__;
    const render = preview?.storyRenders?.find((candidate) => candidate.id === id);
    const phase = render?.phase;
    return phase === 'finished' || phase === 'errored' || phase === 'aborted';
  }, storyId);
  return preview;
}

/**
 * Waits until no request has been in flight for QUIET_MS (lazy screens, mocked calls). A
 * story tagged `pending-request` ends with a request that never answers on purpose (a
 * loading state): for it, at rest is no request starting or ending for QUIET_MS.
 */
async function networkAtRest(preview: ModePage, pendingOnPurpose: boolean): Promise<void> {
  await expect
    .poll(
      () =>
        (pendingOnPurpose || preview.inFlight() === 0) &&
        Date.now() - preview.lastActivity() >= QUIET_MS,
      { intervals: [100], timeout: 15_000 },
    )
    .toBe(true);
}

test('the built Storybook has stories', () => {
  expect(stories.length, 'no story matches STORY').toBeGreaterThan(0);
});

/**
 * The default capture of every component story (light, English, 800 px), then every screen
 * story in each local screen mode: declared mode by mode, so a worker loads each mode's
 * preview about once.
 */
const isScreen = (story: IndexEntry) => story.title.startsWith('Screens/');
const defaultCaptures = modeWanted('')
  ? stories
      .filter((story) => !isScreen(story))
      .map((story) => ({ story, suffix: '', mode: { scheme: 'light', locale: 'en' } as Mode }))
  : [];
const modeCaptures = Object.entries(localScreenModes)
  .filter(([name]) => modeWanted(name))
  .flatMap(([name, mode]) =>
    stories.filter(isScreen).map((story) => ({ story, suffix: name ? `--${name}` : '', mode })),
  );

for (const { story, suffix, mode } of [...defaultCaptures, ...modeCaptures]) {
  test(`${story.title} / ${story.name}${suffix ? ` (${suffix.slice(2)})` : ''}`, async ({
    previews,
  }) => {
    const preview = await showStory(previews, mode, story.id);
    const { page } = preview;
    await page.waitForFunction(() => document.fonts.status === 'loaded');
    await networkAtRest(preview, story.tags?.includes('pending-request') ?? false);
    expect(await systemFontUses(page), 'text drawn with a font of this machine').toEqual([]);
    await expect(page).toHaveScreenshot(`${story.id}${suffix}.png`, {
      fullPage: true,
      // A screen's toasts come and go on timers; the toast stories show them instead.
      ...(isScreen(story) ? { style: hideToasts } : {}),
    });
  });
}
