/**
 * One Vitest run, several projects:
 * - domain, api, server: Node.
 * - ui, web: component and route tests in real Chromium (browser mode).
 * - storybook: every story rendered and played as a test in Chromium, with the a11y addon;
 *   storybook-dark: the same with the system set to dark.
 * Chromium is Debian's (/usr/bin/chromium); see docs/decisions/001-workspace-and-toolchain.md.
 */
import { storybookTest } from '@storybook/addon-vitest/vitest-plugin';
import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import { playwright } from '@vitest/browser-playwright';
import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';
import { chromiumLaunchOptions } from './scripts/chromium.ts';

const here = (p: string) => fileURLToPath(new URL(p, import.meta.url));

/**
 * Dependencies the browser projects load, pre-bundled up front: when Vite discovers one
 * mid-run it reloads the page and the test file fails to import (first run of a clean clone).
 */
const uiOwnDeps = [
  'react-aria-components',
  '@radix-ui/react-dialog',
  '@radix-ui/react-toast',
  'class-variance-authority',
  'clsx',
  'tailwind-merge',
  '@tanstack/react-table',
  'markdown-to-jsx/react',
  'remend',
];
const reactDeps = ['react', 'react-dom', 'react-dom/client', 'react/jsx-dev-runtime'];
const uiDeps = [...reactDeps, ...uiOwnDeps, 'vitest-browser-react'];
// From apps/web, packages' own dependencies are reached through them (pnpm keeps them private).
const webDeps = [
  ...reactDeps,
  'vitest-browser-react',
  'wouter',
  'wouter/memory-location',
  'react-intl',
  '@tanstack/react-query',
  // Loaded lazily by main.tsx in development builds; listed so Vite does not reload mid-run.
  '@tanstack/react-query-devtools',
  'leaflet',
  ...uiOwnDeps.map((dep) => `@solar/ui > ${dep}`),
  '@solar/api > eventsource-parser',
  '@solar/api > msw',
  '@solar/domain > zod',
];

/**
 * A poll (`expect.poll`) waits as long as an element wait does: on a loaded machine a fake
 * chat reply streamed token by token can take more than the default second to finish.
 */
const browserExpect = { poll: { timeout: 15_000 } };

/** Browser mode in Chromium; `colorScheme` emulates the system's light or dark setting. */
const browser = (colorScheme?: 'dark') => ({
  enabled: true,
  headless: true,
  provider: playwright({
    launchOptions: chromiumLaunchOptions,
    ...(colorScheme && { contextOptions: { colorScheme } }),
  }),
  instances: [{ browser: 'chromium' as const }],
  screenshotFailures: false,
});

export default defineConfig({
  test: {
    // scripts/check.mjs asks for a JSON report to count tests across runners.
    reporters: process.env.SOLAR_VITEST_JSON
      ? ['default', ['json', { outputFile: process.env.SOLAR_VITEST_JSON }]]
      : ['default'],
    coverage: {
      provider: 'v8',
      reporter: ['text-summary', 'text'],
      // Paths are relative to the project root; coverage is taken for the domain project only.
      include: ['src/**/*.ts'],
      exclude: ['**/*.test.ts', '**/index.ts'],
      thresholds: { lines: 95 },
    },
    projects: [
      {
        test: {
          name: 'domain',
          root: here('./packages/domain'),
          include: ['src/**/*.test.ts'],
          environment: 'node',
        },
      },
      {
        test: {
          name: 'api',
          root: here('./packages/api'),
          include: ['src/**/*.test.ts'],
          environment: 'node',
        },
      },
      {
        test: {
          name: 'server',
          root: here('./apps/server'),
          include: ['src/**/*.test.ts', 'test/**/*.test.ts'],
          environment: 'node',
          testTimeout: 30_000,
          hookTimeout: 60_000,
        },
      },
      {
        // One contract suite (packages/api/src/contract) run against the MSW fake and the real server.
        test: {
          name: 'contract',
          root: here('./tests/contract'),
          include: ['**/*.test.ts'],
          environment: 'node',
          testTimeout: 30_000,
          hookTimeout: 90_000,
        },
      },
      {
        // Attacks on the real server: authorization matrix, object access, fuzzing, credentials.
        test: {
          name: 'security',
          root: here('./tests/security'),
          include: ['**/*.test.ts'],
          environment: 'node',
          testTimeout: 120_000,
          hookTimeout: 120_000,
        },
      },
      {
        // Load, database outage, shutdown and bad data at rest.
        test: {
          name: 'resilience',
          root: here('./tests/resilience'),
          include: ['**/*.test.ts'],
          environment: 'node',
          testTimeout: 300_000,
          hookTimeout: 120_000,
          fileParallelism: false,
        },
      },
      {
        // Two server processes on PostgreSQL and Redis; skipped, saying why, without them.
        test: {
          name: 'multi-instance',
          root: here('./tests/multi-instance'),
          include: ['**/*.test.ts'],
          environment: 'node',
          testTimeout: 30_000,
          hookTimeout: 120_000,
        },
      },
      {
        plugins: [react(), tailwindcss()],
        optimizeDeps: { include: uiDeps },
        test: {
          name: 'ui',
          expect: browserExpect,
          root: here('./packages/ui'),
          include: ['src/**/*.test.tsx'],
          setupFiles: [here('./scripts/browser-test-setup.ts')],
          browser: browser(),
        },
      },
      {
        plugins: [react(), tailwindcss()],
        optimizeDeps: { include: webDeps },
        test: {
          name: 'web',
          expect: browserExpect,
          root: here('./apps/web'),
          include: ['src/**/*.test.{ts,tsx}'],
          setupFiles: [here('./scripts/browser-test-setup.ts')],
          browser: browser(),
        },
      },
      {
        plugins: [storybookTest({ configDir: here('./.storybook') })],
        test: {
          name: 'storybook',
          browser: browser(),
          setupFiles: [here('./.storybook/vitest.setup.ts')],
        },
      },
      {
        // Every story again in the dark scheme, reached as users reach it: Chromium set to dark
        // (prefers-color-scheme) and no data-theme on the page. The a11y addon's axe run, color-
        // contrast included, fails the story on any violation (preview.tsx: a11y test 'error').
        plugins: [storybookTest({ configDir: here('./.storybook') })],
        define: { 'import.meta.env.VITE_STORY_SCHEME': JSON.stringify('system') },
        test: {
          name: 'storybook-dark',
          browser: browser('dark'),
          setupFiles: [here('./.storybook/vitest.setup.ts')],
        },
      },
    ],
  },
});
