/**
 * One screenshot test per story of the built Storybook, and for screen stories one more in
 * each local screen mode (the dark scheme: story-modes.ts). Stories tagged `no-visual` (for
 * example ones that animate forever) are skipped by design and listed in the report.
 * Before each screenshot the test checks that every glyph on the page came from a font the
 * project ships (platform-fonts.ts): text drawn with an installed system font would make
 * the baseline depend on the machine that took it.
 */
import { expect, test } from '@playwright/test';
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { localScreenModes, VIEWPORTS, type Mode } from '../../apps/web/src/testing/story-modes.ts';
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
const stories = Object.values(index.entries).filter(
  (entry) => entry.type === 'story' && !entry.tags?.includes('no-visual'),
);

const hideToasts = '[data-slot="toast-viewport"] { visibility: hidden !important; }';

test('the built Storybook has stories', () => {
  expect(stories.length).toBeGreaterThan(0);
});

/** The default capture of every story, and the screen modes of every screen story. */
const captures = stories.flatMap((story) => [
  { story, suffix: '', mode: { scheme: 'light', locale: 'en' } as Mode },
  ...(story.title.startsWith('Screens/')
    ? Object.entries(localScreenModes).map(([name, mode]) => ({
        story,
        suffix: `--${name}`,
        mode: mode as Mode,
      }))
    : []),
]);

for (const { story, suffix, mode } of captures) {
  test(`${story.title} / ${story.name}${suffix ? ` (${suffix.slice(2)})` : ''}`, async ({
    page,
  }) => {
    if (mode.viewport) {
      const { width, height } = VIEWPORTS[mode.viewport].styles;
      await page.setViewportSize({ width: parseInt(width), height: parseInt(height) });
    }
    await page.goto(
      `/iframe.html?id=${story.id}&viewMode=story&globals=locale:${mode.locale};scheme:${mode.scheme}`,
    );
    await page.locator('#storybook-root').waitFor({ state: 'attached' });
    // Wait until Storybook has rendered the story and run its play function.
    await page.waitForFunction(() => {
      const preview = (
        window as { __STORYBOOK_PREVIEW__?: { storyRenders?: { phase?: string }[] } }
      ).__STORYBOOK_PREVIEW__;
      const phase = preview?.storyRenders?.[0]?.phase;
      return phase === 'finished' || phase === 'errored' || phase === 'aborted';
    });
    await page.waitForFunction(() => document.fonts.status === 'loaded');
    await page.waitForLoadState('networkidle');
    expect(await systemFontUses(page), 'text drawn with a font of this machine').toEqual([]);
    await expect(page).toHaveScreenshot(`${story.id}${suffix}.png`, {
      fullPage: true,
      // A screen's toasts come and go on timers; the toast stories show them instead.
      ...(story.title.startsWith('Screens/') ? { style: hideToasts } : {}),
    });
  });
}
