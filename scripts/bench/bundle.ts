/**
 * Web bundle sizes per route (docs/benchmarks.md): builds apps/web for production into a
 * temporary folder with a Vite manifest, then sums, for each route, the JavaScript and CSS
 * a first visit downloads: the entry chunk and its static imports, plus the route's lazily
 * loaded screen module (apps/web/src/app/router.tsx) and its static imports. Each file is
 * counted raw, gzip (level 9) and brotli (quality 11), as a server would send it.
 */
import { spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import { matchRoute, type RouteId } from '../../packages/domain/src/routes.ts';
import { root } from './server.ts';

/** One chunk of `.vite/manifest.json` (the fields used here). */
export interface ManifestChunk {
  file: string;
  isEntry?: boolean;
  imports?: string[];
  dynamicImports?: string[];
  css?: string[];
}

/** The Vite manifest: chunk key (source path or `_name-hash.js`) -> chunk. */
export type Manifest = Record<string, ManifestChunk>;

/** Every screen of the router but `root`, which only sends the browser to /dashboard. */
export type MeasuredRouteId = Exclude<RouteId, 'root'>;

/**
 * The path the benchmark opens for each screen, keyed by route id, so a new route in
 * packages/domain/src/routes.ts does not compile until it is listed here (and so measured
 * and gated). `{projectId}`, `{conversationId}` and `{userId}` are replaced by records the
 * web part makes first ({@link fillRoute}); screens reached from a mailed link get a made-up
 * token and show their "link not valid" state, as a visitor with an old link sees them.
 */
export const routePatterns: Readonly<Record<MeasuredRouteId, string>> = {
  signIn: '/signin',
  signUp: '/signup',
  signInCallback: '/signin/callback',
  forgotPassword: '/forgot-password',
  resetPassword: '/reset-password?token=bench-token',
  verifyEmail: '/verify-email?token=bench-token',
  confirmEmailChange: '/confirm-email-change?token=bench-token',
  cancelEmailChange: '/cancel-email-change?token=bench-token',
  terms: '/terms',
  privacy: '/privacy',
  quickCalculator: '/solar-calculator',
  notFound: '/no-such-page',
  dashboard: '/dashboard',
  profile: '/profile',
  fullCalculator: '/solar-calculator-full',
  chat: '/chat',
  conversation: '/chat/{conversationId}',
  users: '/users',
  userCreate: '/users/create',
  userView: '/users/{userId}',
  userEdit: '/users/{userId}/edit',
  projects: '/projects',
  project: '/projects/{projectId}',
  proposal: '/projects/{projectId}/proposal',
  auditLog: '/audit-log',
};

/** The route's name in tables and metric keys: its pattern without the query string. */
export const routeLabel = (id: MeasuredRouteId): string => routePatterns[id].split('?')[0]!;

/** The records a parameterised route opens. */
export interface RouteRecords {
  projectId: string;
  conversationId: string;
  userId: string;
}

/** The path to open for route `id`, its placeholders replaced by `records`. */
export function fillRoute(id: MeasuredRouteId, records: RouteRecords): string {
  return routePatterns[id].replace(
    /\{(projectId|conversationId|userId)\}/g,
    (_, key: keyof RouteRecords) => encodeURIComponent(records[key]),
  );
}

/** Every measured route id, in the order of {@link routePatterns}. */
export const measuredRouteIds = Object.keys(routePatterns) as MeasuredRouteId[];

/**
 * True when the route is opened signed out: a visitor may open it without an account
 * (its access rule is `any` or `signedOut`). Signed-in routes are opened as the admin.
 */
export const isPublicRoute = (id: MeasuredRouteId): boolean => {
  const kind = matchRoute(routePatterns[id]).access.kind;
  return kind === 'any' || kind === 'signedOut';
};

/**
 * Reads router.tsx and returns route id -> screen module path relative to apps/web
 * (`src/features/auth/signin-screen.tsx`). Understands `id: lazy(() => import('...'))` and
 * `id: name` where `const name: Screen = lazy(() => import('...'))`.
 */
export function screenModules(routerSource: string): Map<string, string> {
  const fromRouter = (spec: string) => path.posix.join('src/app', spec);
  const named = new Map<string, string>();
  for (const m of routerSource.matchAll(
    /const (\w+)(?::[^=]+)?=\s*lazy(?:Screen)?\(\s*\(\)\s*=>\s*import\('([^']+)'\)\s*,?\s*\)/g,
  )) {
    named.set(m[1]!, fromRouter(m[2]!));
  }
  const modules = new Map<string, string>();
  for (const m of routerSource.matchAll(
    /^\s*(\w+):\s*(?:lazy(?:Screen)?\(\s*\(\)\s*=>\s*import\('([^']+)'\)\s*,?\s*\)|(\w+))\s*,/gm,
  )) {
    const target = m[2] ? fromRouter(m[2]) : named.get(m[3]!);
    if (target) modules.set(m[1]!, target);
  }
  return modules;
}

/** The manifest key of the entry chunk (index.html for an app build). */
export function entryKey(manifest: Manifest): string {
  const key = Object.keys(manifest).find((k) => manifest[k]!.isEntry);
  if (!key) throw new Error('the Vite manifest has no entry chunk');
  return key;
}

/**
 * The JS and CSS files (paths relative to the build folder) loaded on a first visit that
 * ends on the screen `screenKey`: the entry, the screen, and everything they import
 * statically, each file once. Dynamic imports are not followed (they load later, if ever).
 */
export function initialFiles(
  manifest: Manifest,
  screenKey: string,
): { js: string[]; css: string[] } {
  const js = new Set<string>();
  const css = new Set<string>();
  const seen = new Set<string>();
  const visit = (key: string) => {
    if (seen.has(key)) return;
    seen.add(key);
    const chunk = manifest[key];
    if (!chunk) throw new Error(`the Vite manifest has no chunk ${key}`);
    js.add(chunk.file);
    for (const file of chunk.css ?? []) css.add(file);
    for (const imported of chunk.imports ?? []) visit(imported);
  };
  visit(entryKey(manifest));
  visit(screenKey);
  return { js: [...js].sort(), css: [...css].sort() };
}

/** Raw, gzip and brotli sizes of a set of files, bytes (sum of the per-file sizes). */
export interface Sizes {
  raw: number;
  gzip: number;
  brotli: number;
}

/** Sizes of one file's bytes. */
export function compressedSizes(bytes: Buffer): Sizes {
  return {
    raw: bytes.length,
    gzip: gzipSync(bytes, { level: 9 }).length,
    brotli: brotliCompressSync(bytes, {
      params: {
        [constants.BROTLI_PARAM_QUALITY]: 11,
        [constants.BROTLI_PARAM_SIZE_HINT]: bytes.length,
      },
    }).length,
  };
}

/** The sizes of each route: initial JS and CSS. */
export interface RouteSizes {
  route: string;
  screen: string;
  js: Sizes;
  css: Sizes;
  files: number;
  /** The three largest initial JS files the entry does not load itself, gzip bytes. */
  largest: { file: string; gzip: number }[];
}

/**
 * Builds apps/web with `vite build --manifest` into `outDir` (apps/web/dist is left alone:
 * other work may be serving it). Throws with Vite's output when the build fails.
 */
export function buildWeb(outDir: string): void {
  const result = spawnSync(
    process.execPath,
    [
      path.join(root, 'node_modules/vite/bin/vite.js'),
      'build',
      '--manifest',
      '--outDir',
      outDir,
      '--emptyOutDir',
      '--logLevel',
      'warn',
    ],
    { cwd: path.join(root, 'apps/web'), encoding: 'utf8', timeout: 300_000 },
  );
  if (result.status !== 0) {
    throw new Error(`vite build failed:\n${result.stdout}\n${result.stderr}`);
  }
}

/** Per-route sizes of a build in `outDir` (made by {@link buildWeb}). */
export function routeSizes(
  outDir: string,
  routes: readonly MeasuredRouteId[] = measuredRouteIds,
): RouteSizes[] {
  const manifest = JSON.parse(
    readFileSync(path.join(outDir, '.vite/manifest.json'), 'utf8'),
  ) as Manifest;
  const modules = screenModules(
    readFileSync(path.join(root, 'apps/web/src/app/router.tsx'), 'utf8'),
  );
  const cache = new Map<string, Sizes>();
  const sizeOf = (file: string) => {
    let sizes = cache.get(file);
    if (!sizes) {
      sizes = compressedSizes(readFileSync(path.join(outDir, file)));
      cache.set(file, sizes);
    }
    return sizes;
  };
  const sum = (files: string[]): Sizes =>
    files.map(sizeOf).reduce(
      (a, b) => ({
        raw: a.raw + b.raw,
        gzip: a.gzip + b.gzip,
        brotli: a.brotli + b.brotli,
      }),
      { raw: 0, gzip: 0, brotli: 0 },
    );
  const entryFiles = new Set(initialFiles(manifest, entryKey(manifest)).js);
  const unlisted = [...modules.keys()].filter((id) => id !== 'root' && !(id in routePatterns));
  if (unlisted.length > 0) {
    throw new Error(`router.tsx has screens the benchmark does not open: ${unlisted.join(', ')}`);
  }
  return routes.map((id) => {
    const route = routeLabel(id);
    const screen = modules.get(id);
    if (!screen) throw new Error(`router.tsx has no lazy screen for ${route} (route id ${id})`);
    const files = initialFiles(manifest, screen);
    return {
      route,
      screen,
      js: sum(files.js),
      css: sum(files.css),
      files: files.js.length + files.css.length,
      largest: files.js
        .filter((file) => !entryFiles.has(file))
        .map((file) => ({ file: path.basename(file), gzip: sizeOf(file).gzip }))
        .sort((a, b) => b.gzip - a.gzip)
        .slice(0, 3),
    };
  });
}
