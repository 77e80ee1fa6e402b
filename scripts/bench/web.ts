/**
 * The web part of the run: what a first visit downloads, per route, measured in Chromium.
 *
 * Builds apps/web for production (bundle.ts), starts the real server on it as `npm start`
 * runs it (apps/server/src/main.ts, NODE_ENV=production, its own precompressed files), and
 * opens each route in a fresh browser context (cold cache) until its screen's heading shows
 * and the network is then idle. The
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
import {
  buildWeb,
  fillRoute,
  isPublicRoute,
  measuredRouteIds,
  routeLabel,
  routeSizes,
  type RouteRecords,
} from './bundle.ts';
import type { BenchContext } from './context.ts';
import { section, type Section } from './report.ts';
import { signedInStorage, signIn, startServer } from './server.ts';
import { kB } from './stats.ts';

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

/** The metric key of a route's JS on the wire (budgets.ts reads it); `route` is its label. */
export const wireJsMetric = (route: string) => `web.wire.js:${route}`;

/** A saved assessment the project routes open (a 4 kW (DC) system in Bishkek). */
const benchProject = {
  location: {
    address: 'Chui Avenue 1, Bishkek, Kyrgyzstan',
    latitude: 42.8746,
    longitude: 74.5698,
  },
  configuration: {
    systemSizeKw: 4,
    panelCount: 10,
    tiltDeg: 30,
    azimuthDeg: 180,
    roofType: 'flat',
    lossPercent: 14,
    pricePerKwhSom: 1.49,
  },
  isDraft: false,
};

/**
 * Makes, as the admin of the server at `url`, the records the parameterised routes open: a
 * saved assessment (POST /projects) and a conversation (one message through POST
 * /chat/stream, read to its end); the user pages open the admin's own account. Throws on
 * any answer but the expected one.
 */
export async function makeRouteRecords(url: string): Promise<RouteRecords> {
  const admin = await signIn(url);
  const headers = { 'content-type': 'application/json', authorization: `Bearer ${admin.token}` };
  const project = await fetch(`${url}/api/v1/projects`, {
    method: 'POST',
    headers,
    body: JSON.stringify(benchProject),
  });
  const projectBody = (await project.json()) as { id?: string };
  if (project.status !== 201 || !projectBody.id) {
    throw new Error(`POST /projects answered ${project.status}: ${JSON.stringify(projectBody)}`);
  }
  const chat = await fetch(`${url}/api/v1/chat/stream`, {
    method: 'POST',
    headers,
    body: JSON.stringify({ message: 'How many panels fit on a 40 m2 roof?', conversationId: null }),
  });
  const stream = await chat.text();
  const conversationId = /"conversationId":"([^"]+)"/.exec(stream)?.[1];
  if (chat.status !== 200 || !conversationId) {
    throw new Error(`POST /chat/stream answered ${chat.status}: ${stream.slice(0, 500)}`);
  }
  return { projectId: projectBody.id, conversationId, userId: admin.userId };
}

/**
 * Loads `url` in a fresh context of `browser` (cold cache) until the network is idle and
 * returns every finished response with its size on the wire. `storage` entries are put in
 * localStorage before the app's scripts run (a signed-in session).
 */
export async function loadPage(
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
    // The screen's code loads after the entry has run, which on a busy machine can take
    // longer than the 500 ms of network quiet that `networkidle` waits for: wait for the
    // screen's heading, then for the network to be quiet again (what it loads on render).
    await page.goto(url, { waitUntil: 'load', timeout: 60_000 });
    await page.getByRole('heading', { level: 1 }).first().waitFor({ timeout: 60_000 });
    await page.waitForLoadState('networkidle', { timeout: 60_000 });
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
    const records = await makeRouteRecords(server.url);
    for (const id of measuredRouteIds) {
      const route = routeLabel(id);
      ctx.log(`web: ${route}`);
      const signedIn = !isPublicRoute(id);
      const totals = wireTotals(
        await loadPage(browser, server.url + fillRoute(id, records), signedIn ? storage : null),
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
    "On the wire = Chromium's own count (DevTools Protocol `encodedDataLength`: the body as sent, compressed when the server compresses it, plus the response headers) of every script and stylesheet a first visit loads until the screen's level-1 heading shows and the network has then been idle for 500 ms, lazily loaded chunks included. One fresh browser context per route (cold cache), the production server started as `npm start` runs it, on 127.0.0.1. 1 kB = 1000 bytes.",
    "Initial JS (informational) = the entry chunk, the route's screen module (apps/web/src/app/router.tsx) and their static imports, each file gzip level 9, summed; it leaves out what loads right after the first render and the headers.",
    `Built with \`vite build --manifest\` into a scratch folder in ${Math.round(buildMs / 100) / 10} s (apps/web/dist is not touched).`,
  );
  if (uncompressed.size) {
    s.notes.push(`Sent uncompressed: ${[...uncompressed].sort().join(', ')}.`);
  }
  return s;
}
