import { parse } from '@formatjs/icu-messageformat-parser';
import optimizeLocales from '@react-aria/optimize-locales-plugin';
import { LOCALES } from '@solar/domain/constants';
import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import { readFile } from 'node:fs/promises';
import { defineConfig, type Plugin } from 'vite';

/** The message catalogs: src/i18n/{app,domain}.<locale>.json and features' messages.<locale>.json. */
const CATALOG_FILE =
  /[\\/]src[\\/](?:i18n[\\/](?:app|domain)|features[\\/][^\\/]+[\\/]messages)\.[a-z]{2}\.json$/;

/**
 * Production builds ship every catalog message pre-parsed (its ICU syntax tree, which
 * react-intl formats directly) and leave react-intl's message parser out of the bundle.
 * Development, tests and Storybook keep the plain texts and the parser.
 */
function precompiledMessages(): Plugin {
  return {
    name: 'solar:precompiled-messages',
    apply: 'build',
    enforce: 'pre',
    config: () => ({
      resolve: {
        alias: [
          {
            find: /^@formatjs\/icu-messageformat-parser$/,
            replacement: '@formatjs/icu-messageformat-parser/no-parser.js',
          },
        ],
      },
    }),
    async load(id) {
      if (!CATALOG_FILE.test(id)) return null;
      const messages = JSON.parse(await readFile(id, 'utf8')) as Record<string, string>;
      const compiled = Object.entries(messages).map(([key, text]) => [key, parse(text)]);
      return JSON.stringify(Object.fromEntries(compiled));
    },
  };
}

/**
 * The web app. In development /api is proxied to the server (`pnpm dev` starts both).
 * React Aria's built-in strings are kept only for the interface languages (spec section 1).
 */
export default defineConfig({
  plugins: [
    react(),
    tailwindcss(),
    optimizeLocales.vite({ locales: LOCALES }),
    precompiledMessages(),
  ],
  server: {
    port: 5173,
    proxy: {
      '/api': { target: process.env.SOLAR_API_URL ?? 'http://127.0.0.1:3000', changeOrigin: false },
    },
  },
  build: { target: 'es2022', sourcemap: true },
});
