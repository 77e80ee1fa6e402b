import { parse } from '@formatjs/icu-messageformat-parser';
import optimizeLocales from '@react-aria/optimize-locales-plugin';
import { LOCALES } from '@solar/domain/constants';
import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import { appendFile, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { brotliCompress, constants as zlib, gzip } from 'node:zlib';
import license from 'rollup-plugin-license';
import { defineConfig, parseAst, type Plugin } from 'vite';

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

/** Text formats, sent compressed where that saves bytes. */
const COMPRESSIBLE = /\.(?:js|mjs|css|html|svg|json|txt|webmanifest)$/;
/**
 * The least a compressed copy must save: what it adds in headers (`content-encoding: br`
 * and `vary: accept-encoding`, about 40 bytes) with some margin.
 */
const ENCODING_HEADER_BYTES = 64;
const brotli = promisify(brotliCompress);
const gzipped = promisify(gzip);

/**
 * Production builds write a brotli (`.br`, quality 11) and a gzip (`.gz`, level 9) copy next
 * to every compressible file, which the server sends to clients that accept them
 * (@fastify/static `preCompressed`): phones on slow networks download about a third of the
 * bytes, and nothing is compressed per request. A copy is written only when it is smaller
 * by more than ENCODING_HEADER_BYTES: small chunks of a few hundred bytes are worth it too.
 */
function precompressedFiles(): Plugin {
  return {
    name: 'solar:precompressed-files',
    apply: 'build',
    async writeBundle(options, bundle) {
      const dir = options.dir ?? 'dist';
      await Promise.all(
        Object.values(bundle)
          .filter((file) => COMPRESSIBLE.test(file.fileName))
          .map(async (file) => {
            const source = file.type === 'chunk' ? file.code : file.source;
            const bytes = typeof source === 'string' ? Buffer.from(source) : Buffer.from(source);
            const target = path.join(dir, file.fileName);
            const [br, gz] = await Promise.all([
              brotli(bytes, {
                params: {
                  [zlib.BROTLI_PARAM_QUALITY]: zlib.BROTLI_MAX_QUALITY,
                  [zlib.BROTLI_PARAM_SIZE_HINT]: bytes.length,
                },
              }),
              gzipped(bytes, { level: 9 }),
            ]);
            const saves = (copy: Buffer) => copy.length + ENCODING_HEADER_BYTES < bytes.length;
            await Promise.all([
              saves(br) && writeFile(`${target}.br`, br),
              saves(gz) && writeFile(`${target}.gz`, gz),
            ]);
          }),
      );
    },
  };
}

/** Where the build writes the third-party license notices (served as /third-party-licenses.txt). */
const LICENSES_FILE = fileURLToPath(new URL('./dist/third-party-licenses.txt', import.meta.url));

/**
 * The license notices the MIT/BSD (and other) dependencies in the bundle require: name,
 * version, license and its full text for each package that ends up in the built files,
 * written to one text file next to them, not into any chunk (rollup-plugin-license).
 */
function thirdPartyLicenses(): Plugin {
  return {
    ...(license({
      thirdParty: { output: { file: LICENSES_FILE }, includePrivate: false },
    }) as Plugin),
    name: 'solar:third-party-licenses',
    apply: 'build',
  };
}

/**
 * The fonts' notices (SIL OFL 1.1), which the scan of the bundle's modules does not see (the
 * fonts arrive through CSS): THIRD-PARTY-NOTICES.md, appended to the same file.
 */
function fontNotices(): Plugin {
  return {
    name: 'solar:font-notices',
    apply: 'build',
    async writeBundle() {
      const notices = await readFile(new URL('../../THIRD-PARTY-NOTICES.md', import.meta.url));
      await appendFile(LICENSES_FILE, `\n\n${notices}`);
    },
  };
}

/** The Inter file of the Latin subset: the first paint's text in every language needs it. */
const FIRST_PAINT_FONT = 'inter-latin-wght-normal.woff2';
/** The router, whose `lazyScreen(() => import(...))` calls name each route's screen. */
const ROUTER_FILE = fileURLToPath(new URL('./src/app/router.tsx', import.meta.url));
/** Where the route -> modules list is written; the server reads it (apps/server/src/web-app.ts). */
const ROUTE_PRELOADS_FILE = '.vite/route-preloads.json';

/** A node of the router's syntax tree (ESTree), as far as it is read here. */
type Node = { type: string; [key: string]: unknown };

/**
 * The screens of the router's source `code`: route id (a key of `screens`) -> the module
 * specifier its `lazyScreen(() => import(...))` loads; a key whose value is a variable
 * holding such a screen (`chat: chatScreen`) gets that screen's module.
 */
function routeScreens(code: string): Map<string, string> {
  const byName = new Map<string, string>();
  const variables = new Map<string, string>();
  const aliases: [string, string][] = [];
  const screenModule = (node: unknown): string | undefined => {
    const call = node as Node | null;
    if (call?.type !== 'CallExpression') return undefined;
    const callee = call.callee as Node;
    const [arrow] = call.arguments as Node[];
    if (callee.type !== 'Identifier' || callee.name !== 'lazyScreen') return undefined;
    const body = arrow?.type === 'ArrowFunctionExpression' ? (arrow.body as Node) : undefined;
    const source = body?.type === 'ImportExpression' ? (body.source as Node) : undefined;
    return typeof source?.value === 'string' ? source.value : undefined;
  };
  const visit = (node: unknown): void => {
    if (Array.isArray(node)) return node.forEach(visit);
    if (!node || typeof node !== 'object') return;
    const n = node as Node;
    const key =
      n.type === 'Property'
        ? (n.key as Node)
        : n.type === 'VariableDeclarator'
          ? (n.id as Node)
          : null;
    const value = n.type === 'Property' ? n.value : n.type === 'VariableDeclarator' ? n.init : null;
    if (key?.type === 'Identifier' && typeof key.name === 'string') {
      const module = screenModule(value);
      if (module) (n.type === 'Property' ? byName : variables).set(key.name, module);
      else if (n.type === 'Property' && (value as Node | null)?.type === 'Identifier') {
        aliases.push([key.name, (value as Node).name as string]);
      }
    }
    for (const child of Object.values(n)) if (child && typeof child === 'object') visit(child);
  };
  visit(parseAst(code, { lang: 'tsx' }));
  for (const [name, variable] of aliases) {
    const module = variables.get(variable);
    if (module) byName.set(name, module);
  }
  return byName;
}

/**
 * What a first visit fetches early, written by the production build:
 *
 * - index.html preloads the Latin Inter file (its hashed name in this build), so the text's
 *   font arrives with the entry script instead of after the stylesheet has been parsed;
 * - `.vite/route-preloads.json` lists, per route id, the route's screen chunk and the
 *   chunks it imports that the entry does not (paths on the server). The server adds them
 *   as `<link rel="modulepreload">` to the document of that route, so the screen loads
 *   beside the entry script instead of after it has run.
 */
function firstVisitPreloads(): Plugin {
  let base = '/';
  return {
    name: 'solar:first-visit-preloads',
    apply: 'build',
    configResolved(config) {
      base = config.base;
    },
    transformIndexHtml: {
      order: 'post',
      handler(_html, { bundle }) {
        const font = Object.values(bundle ?? {}).find(
          (file) =>
            file.type === 'asset' &&
            file.originalFileNames.some((name) => name.endsWith(`/${FIRST_PAINT_FONT}`)),
        );
        if (!font) throw new Error(`the build has no ${FIRST_PAINT_FONT} to preload`);
        return [
          {
            tag: 'link',
            attrs: {
              rel: 'preload',
              as: 'font',
              type: 'font/woff2',
              crossorigin: '',
              href: `${base}${font.fileName}`,
            },
            injectTo: 'head',
          },
        ];
      },
    },
    async generateBundle(_options, bundle) {
      const chunks = Object.values(bundle).filter((file) => file.type === 'chunk');
      const byFile = new Map(chunks.map((chunk) => [chunk.fileName, chunk]));
      /** `fileName` and the chunks it imports statically, transitively. */
      const closure = (fileName: string, into = new Set<string>()): Set<string> => {
        if (into.has(fileName)) return into;
        into.add(fileName);
        for (const imported of byFile.get(fileName)?.imports ?? []) closure(imported, into);
        return into;
      };
      const initial = new Set<string>();
      for (const entry of chunks.filter((chunk) => chunk.isEntry)) closure(entry.fileName, initial);
      const preloads: Record<string, string[]> = {};
      const screens = routeScreens(await readFile(ROUTER_FILE, 'utf8'));
      for (const [routeId, specifier] of screens) {
        const resolved = await this.resolve(specifier, ROUTER_FILE);
        const screen = chunks.find((chunk) => chunk.facadeModuleId === resolved?.id);
        if (!screen) throw new Error(`no chunk for the screen of ${routeId} (${specifier})`);
        preloads[routeId] = [...closure(screen.fileName)]
          .filter((file) => !initial.has(file))
          .map((file) => `${base}${file}`);
      }
      this.emitFile({
        type: 'asset',
        fileName: ROUTE_PRELOADS_FILE,
        source: JSON.stringify(preloads),
      });
    },
  };
}

/**
 * The web app. In development /api is proxied to the server (`pnpm dev` starts both).
 * React Aria's built-in strings are kept only for the interface languages
 * (docs/product.md#languages-and-formats).
 */
/**
 * How many of the build's chunks must use a module for it to go into the `common` chunk
 * (see `build.rolldownOptions` below). 16 of about 60 merged every module the sign-in,
 * calculator and signed-in screens share without putting screen-specific code in it;
 * docs/benchmarks.md has the sizes per route.
 */
const COMMON_SHARE_COUNT = 16;

export default defineConfig({
  plugins: [
    react(),
    tailwindcss(),
    optimizeLocales.vite({ locales: LOCALES }),
    precompiledMessages(),
    precompressedFiles(),
    thirdPartyLicenses(),
    fontNotices(),
    firstVisitPreloads(),
  ],
  server: {
    port: 5173,
    proxy: {
      '/api': { target: process.env.SOLAR_API_URL ?? 'http://127.0.0.1:3000', changeOrigin: false },
    },
  },
  // No source maps in the production build: the server would publish them, and with them
  // the app's whole source.
  build: {
    target: 'es2022',
    sourcemap: false,
    rolldownOptions: {
      output: {
        // Fewer, larger chunks (docs/decisions/015-initial-javascript.md): a module that
        // at least COMMON_SHARE_COUNT of the app's chunks use (the components, hooks and
        // rules nearly every screen needs) goes into one `common` chunk instead of a file of
        // a few hundred bytes each, which paid its own request and headers. zod stays out:
        // it loads only with a form's schemas (apps/web/src/forms/load-validation.ts).
        codeSplitting: {
          groups: [
            {
              name: 'common',
              minShareCount: COMMON_SHARE_COUNT,
              test: (id: string) => !/[\\/]zod(?:[\\/]|\.ts$)/.test(id),
            },
          ],
        },
      },
    },
  },
});
