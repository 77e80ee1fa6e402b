/**
 * Visual regression: every story of the built Storybook (storybook-static/) is
 * screenshotted in Chromium and compared with the committed baseline in
 * visual/__screenshots__/. `pnpm test:visual --update-snapshots` accepts changes.
 * docs/visual-testing.md says how to run a subset (STORY, MODE), change the port
 * (STORYBOOK_PORT, default 6007) and open the HTML report, which shows a failed capture's
 * expected, actual and diff images side by side (playwright-report/visual/, git-ignored;
 * `npx playwright show-report playwright-report/visual`).
 */
import { defineConfig } from '@playwright/test';
import { chromiumLaunchOptions } from '../scripts/chromium.ts';

const port = Number(process.env.STORYBOOK_PORT ?? 6007);

export default defineConfig({
  testDir: './visual',
  snapshotPathTemplate: '{testDir}/__screenshots__/{arg}{ext}',
  outputDir: '../test-results/visual',
  fullyParallel: true,
  workers: 2,
  reporter: [
    ['list'],
    // Never opens a browser by itself (the run may be on CI or over SSH).
    ['html', { outputFolder: '../playwright-report/visual', open: 'never' }],
    ...(process.env.SOLAR_PLAYWRIGHT_JSON
      ? [['json', { outputFile: process.env.SOLAR_PLAYWRIGHT_JSON }] as const]
      : []),
  ],
  expect: {
    // At most 20 differing pixels, and a pixel differs when its colour moves by more than about
    // 2% (threshold 0.02; anti-aliased pixels are ignored). A border one shade lighter fails.
    toHaveScreenshot: { maxDiffPixels: 20, threshold: 0.02, animations: 'disabled', caret: 'hide' },
  },
  use: {
    baseURL: `http://127.0.0.1:${port}`,
    browserName: 'chromium',
    launchOptions: chromiumLaunchOptions,
    viewport: { width: 800, height: 600 },
    deviceScaleFactor: 1,
    colorScheme: 'light',
    locale: 'en-US',
    timezoneId: 'UTC',
  },
  webServer: {
    command: `vite preview --outDir storybook-static --port ${port} --strictPort --host 127.0.0.1`,
    cwd: '..',
    url: `http://127.0.0.1:${port}/index.json`,
    reuseExistingServer: false,
    timeout: 60_000,
  },
});
