/**
 * The web part of the run: what a first visit downloads, per route, measured in Chromium.
 *
 * Builds apps/web for production (bundle.ts), starts the real server on it as `npm start`
 * runs it (apps/server/src/main.ts, NODE_ENV=production, its own precompressed files), and
 * opens each route in a fresh browser context (cold cache) until the network is idle. The
 * JavaScript and CSS bytes are the browser's own count of each response on the wire
 * (Chrome DevTools Protocol `Network.loadingFinished` `encodedDataLength`: compressed body
 * plus response headers), summed over every script and stylesheet the page loaded, lazily
 * loaded chunks included. Signed-in routes get the administrator's session in localStorage
 * first. The old "initial JS" figure (the static import graph, gzip level 9) stays as an
 * informational column.
 */
import path from 'node:path';
import { chromium, type Browser } from 'playwright';
import { chromiumLaunchOptions } from '../chromium.ts';
import { buildWeb, measuredRoutes, routeSizes } from './bundle.ts';
import type { BenchContext } from './context.ts';
import { section, type Section } from './report.ts';
import { signedInStorage, startServer } from './server.ts';
import { kB } from './stats.ts';

/** Routes a visitor reaches without signing in; every other measured route is signed in. */
export const publicRoutes: readonly string[] = ['/signin', '/solar-calculator'];

/** One finished response as the browser reported it. */
export interface WireResponse {
  url: string;
  /** The response's MIME type (text/javascript, text/css, ...). */
  mimeType: string;
  /** Bytes on the wire: compressed body plus response headers (encodedDataLength). */
  bytes: number;
  /** The response's content-encoding ('' when sent as is). */
  encoding: string;
}

/** JS and CSS totals of one page load. */
export interface WireTotals {
  js: number;
  jsFiles: number;
  css: number;
  cssFiles: number;
  /** Scripts and stylesheets sent without compression (should be none but tiny ones). */
  uncompressed: string[];
}

/**
 * Sums the scripts and stylesheets among a page load's responses, told apart by MIME type
 * (module preloads are scripts too, whatever resource type the browser files them under).
 */
export function wireTotals(responses: readonly WireResponse[]): WireTotals {
  const totals: WireTotals = { js: 0, jsFiles: 0, css: 0, cssFiles: 0, uncompressed: [] };
  for (const r of responses) {
    const js = /javascript/i.test(r.mimeType);
    if (!js && !/^text\/css/i.test(r.mimeType)) continue;
    if (js) {
      totals.js += r.bytes;
      totals.jsFiles += 1;
    } else {
      totals.css += r.bytes;
      totals.cssFiles += 1;
    }
    if (!r.encoding) totals.uncompressed.push(path.posix.basename(new URL(r.url).pathname));
  }
  return totals;
}

/** The metric key of a route's JS on the wire (budgets.ts reads it). */
export const wireJsMetric = (route: string) => `web.wire.js:${route}`;

/**
 * Loads `url` in a fresh context of `browser` (cold cache) until the network is idle and
 * returns every finished response with its size on the wire. `storage` entries are put in
 * localStorage before the app's scripts run (a signed-in session).
 */
async function loadPage(
  browser: Browser,
  url: string,
  storage: ReadonlyMap<string, string> | null,
): Promise<WireResponse[]> {
  const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
  try {
    if (storage) {
      await context.addInitScript(
        (entries: [string, string][]) => {
          for (const [key, value] of entries) localStorage.setItem(key, value);
        },
        [...storage.entries()],
      );
    }
    const page = await context.newPage();
    const cdp = await context.newCDPSession(page);
    const seen = new Map<string, { url: string; mimeType: string; encoding: string }>();
    const done: WireResponse[] = [];
    cdp.on('Network.responseReceived', (event) => {
      const headers = Object.fromEntries(
        Object.entries(event.response.headers).map(([k, v]) => [k.toLowerCase(), v]),
      );
      seen.set(event.requestId, {
        url: event.response.url,
        mimeType: event.response.mimeType,
        encoding: String(headers['content-encoding'] ?? ''),
      });
    });
    cdp.on('Network.loadingFinished', (event) => {
      const response = seen.get(event.requestId);
      if (response) done.push({ ...response, bytes: event.encodedDataLength });
    });
    await cdp.send('Network.enable');
    await page.goto(url, { waitUntil: 'networkidle', timeout: 60_000 });
    const landed = new URL(page.url()).pathname;
    if (landed !== new URL(url).pathname) {
      throw new Error(`${url} ended on ${landed} (a redirect)`);
    }
    return done;
  } finally {
    await context.close();
  }
}

/** Builds the web app into the scratch folder and measures each route in Chromium. */
export async function webPart(ctx: BenchContext): Promise<Section> {
  const outDir = path.join(ctx.tmp, 'web-dist');
  ctx.log('web: vite build');
  const started = performance.now();
  buildWeb(outDir);
  const buildMs = performance.now() - started;
  ctx.webDist = outDir;
  const initial = new Map(routeSizes(outDir).map((r) => [r.route, r]));

  const server = await startServer({ dataDir: path.join(ctx.tmp, 'web-data'), webDist: outDir });
  const browser = await chromium.launch(chromiumLaunchOptions);
  const s = section('Web: JavaScript and CSS on the wire per route (Chromium, cold cache)', [
    'route',
    'JS on the wire',
    'JS files',
    'CSS on the wire',
    'CSS files',
    'initial JS, gzip (static imports only)',
  ]);
  const uncompressed = new Set<string>();
  try {
    const storage = await signedInStorage(server.url);
    for (const route of measuredRoutes) {
      ctx.log(`web: ${route}`);
      const signedIn = !publicRoutes.includes(route);
      const totals = wireTotals(
        await loadPage(browser, server.url + route, signedIn ? storage : null),
      );
      for (const file of totals.uncompressed) uncompressed.add(file);
      ctx.metrics.set(wireJsMetric(route), totals.js);
      ctx.metrics.set(`web.wire.css:${route}`, totals.css);
      const gzip = initial.get(route)?.js.gzip;
      if (gzip !== undefined) ctx.metrics.set(`web.js.gzip:${route}`, gzip);
      s.rows.push([
        route + (signedIn ? ' (signed in, admin)' : ''),
        kB(totals.js),
        String(totals.jsFiles),
        kB(totals.css),
        String(totals.cssFiles),
        gzip === undefined ? '' : kB(gzip),
      ]);
    }
  } finally {
    await browser.close();
    await server.stop();
  }
  s.notes.push(
    "On the wire = Chromium's own count (DevTools Protocol `encodedDataLength`: the body as sent, compressed when the server compresses it, plus the response headers) of every script and stylesheet a first visit loads until the network has been idle for 500 ms, lazily loaded chunks included. One fresh browser context per route (cold cache), the production server started as `npm start` runs it, on 127.0.0.1. 1 kB = 1000 bytes.",
    "Initial JS (informational) = the entry chunk, the route's screen module (apps/web/src/app/router.tsx) and their static imports, each file gzip level 9, summed; it leaves out what loads right after the first render and the headers.",
    `Built with \`vite build --manifest\` into a scratch folder in ${Math.round(buildMs / 100) / 10} s (apps/web/dist is not touched).`,
  );
  if (uncompressed.size) {
    s.notes.push(`Sent uncompressed: ${[...uncompressed].sort().join(', ')}.`);
  }
  return s;
}
