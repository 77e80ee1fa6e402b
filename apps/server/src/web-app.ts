/**
 * The built web app (WEB_DIST) next to the API: hashed files under /assets/ cached for a
 * year, the other files revalidated, documents with the full security headers, and the
 * single-page app's history fallback (200 for a route of the app, 404 with the same
 * document for any other path).
 *
 * The document of a route is index.html with two additions before `</head>`: the answer
 * of `GET /config` in a `<script type="application/json" id="solar-config">` (so the page
 * needs no request for it), and `<link rel="modulepreload">` for the route's screen and
 * the modules it imports (`.vite/route-preloads.json`, written by the build:
 * apps/web/vite.config.ts), so the browser fetches them beside the entry script instead
 * of after it.
 */
import fastifyStatic from '@fastify/static';
import { CONFIG_ELEMENT_ID, matchRoute } from '@solar/domain';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { createHash } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { brotliCompressSync, constants as zlib, gzipSync } from 'node:zlib';
import { API_SECURITY_HEADERS, type HeaderList } from './security.ts';

/** Cache-Control of the web build's content-hashed files (/assets/...). */
const IMMUTABLE_ASSET = 'public, max-age=31536000, immutable';
/** Cache-Control of the web files whose names do not change (index.html and the like). */
const REVALIDATE = 'no-cache';

/** Where the build lists each route's modules to preload (see the module comment). */
export const ROUTE_PRELOADS_FILE = '.vite/route-preloads.json';

/**
 * `value` as JSON text that can stand inside a `<script>` element: every `<` is written
 * `\u003c` (the same value to a JSON parser), so no `</script>` or `<!--` in a string can
 * end the element or change how the HTML parser reads it (HTML Living Standard, "Restrictions
 * for contents of script elements").
 */
export function scriptJson(value: unknown): string {
  return JSON.stringify(value).replace(/</g, '\\u003c');
}

/**
 * index.html (`html`) with `config` inlined and a modulepreload link for each of
 * `preloads` (paths on this server), inserted before `</head>` (at the end when the
 * document has none).
 */
export function renderDocument(html: string, config: unknown, preloads: readonly string[]): string {
  const tags = [
    ...preloads.map((href) => `<link rel="modulepreload" crossorigin href="${encodeURI(href)}">`),
    `<script type="application/json" id="${CONFIG_ELEMENT_ID}">${scriptJson(config)}</script>`,
  ].join('');
  const at = html.indexOf('</head>');
  return at < 0 ? html + tags : html.slice(0, at) + tags + html.slice(at);
}

/** One rendered document in the encodings it is sent in. */
interface Rendered {
  identity: Buffer;
  br: Buffer;
  gzip: Buffer;
  etag: string;
}

/** The content coding to send for `accept` (an Accept-Encoding header): br, gzip or none. */
export function pickEncoding(accept: string | undefined): 'br' | 'gzip' | 'identity' {
  const accepted = new Set<string>();
  for (const part of (accept ?? '').split(',')) {
    const [name = '', ...params] = part.trim().toLowerCase().split(';');
    const q = params.map((p) => p.trim()).find((p) => p.startsWith('q='));
    if (q && Number(q.slice(2)) === 0) continue;
    accepted.add(name.trim());
  }
  if (accepted.has('br')) return 'br';
  if (accepted.has('gzip')) return 'gzip';
  return 'identity';
}

/** The route id -> preload paths the build wrote, or none when it wrote no such file. */
function readRoutePreloads(webDist: string): Record<string, string[]> {
  const file = path.join(webDist, ROUTE_PRELOADS_FILE);
  if (!existsSync(file)) return {};
  return JSON.parse(readFileSync(file, 'utf8')) as Record<string, string[]>;
}

/** Options of {@link registerWebApp}. */
export interface WebAppOptions {
  /** The security headers of an HTML document (security.ts). */
  documentHeaders: HeaderList;
  /**
   * The answer of `GET /config` (health/routes.ts `publicConfig`), written into every
   * document; fixed for the life of the process.
   */
  publicConfig: unknown;
}

/**
 * Serves the web build in `webDist` (nothing when the folder is missing, or when it has no
 * index.html: then only its files).
 */
export async function registerWebApp(
  app: FastifyInstance,
  webDist: string,
  { documentHeaders, publicConfig }: WebAppOptions,
): Promise<void> {
  if (!existsSync(webDist)) return;
  // The build writes .br and .gz copies of its text files (apps/web/vite.config.ts); they
  // are sent to clients that accept them. Files under /assets/ carry a content hash in
  // their names, so they never change: browsers keep them for a year without asking
  // again, and they carry only the headers that matter for such a file (type, length,
  // caching, encoding, nosniff): no validators or byte ranges, which an immutable script
  // never uses (some 35 files load on a first visit). Anything else
  // (index.html, favicon, manifest) is revalidated on every use, with its validators.
  // Documents (HTML) get the full set of security headers; every other file only
  // `nosniff` (set on every answer by registerSecurityHeaders).
  const assetsDir = path.join(webDist, 'assets');
  if (existsSync(assetsDir)) {
    await app.register(fastifyStatic, {
      root: assetsDir,
      prefix: '/assets/',
      decorateReply: false,
      wildcard: false,
      index: false,
      preCompressed: true,
      cacheControl: false,
      etag: false,
      lastModified: false,
      acceptRanges: false,
      setHeaders: (reply) => reply.header('cache-control', IMMUTABLE_ASSET),
    });
  }
  await app.register(fastifyStatic, {
    root: webDist,
    globIgnore: ['assets/**'],
    wildcard: false,
    index: false,
    preCompressed: true,
    cacheControl: false,
    setHeaders: (reply, filePath) => {
      reply.header('cache-control', REVALIDATE);
      // Precompressed files are sent from index.html.br or .gz: the document is the same.
      if (/\.html(\.(br|gz))?$/.test(filePath)) {
        for (const [name, value] of documentHeaders) reply.header(name, value);
      }
    },
  });
  // The documents, rendered and compressed once per route id on first use (the route's
  // preloads differ; the configuration does not change while the process runs).
  const indexFile = path.join(webDist, 'index.html');
  const index = existsSync(indexFile) ? readFileSync(indexFile, 'utf8') : null;
  const preloads = readRoutePreloads(webDist);
  const rendered = new Map<string, Rendered>();
  const documentOf = (routeId: string): Rendered => {
    let found = rendered.get(routeId);
    if (!found) {
      const identity = Buffer.from(
        renderDocument(index ?? '', publicConfig, preloads[routeId] ?? []),
      );
      found = {
        identity,
        br: brotliCompressSync(identity, {
          params: { [zlib.BROTLI_PARAM_QUALITY]: zlib.BROTLI_MAX_QUALITY },
        }),
        gzip: gzipSync(identity, { level: 9 }),
        etag: `"${createHash('sha256').update(identity).digest('base64url').slice(0, 27)}"`,
      };
      rendered.set(routeId, found);
    }
    return found;
  };
  const sendDocument = (request: FastifyRequest, reply: FastifyReply, status: number) => {
    const routeId = matchRoute(request.url).id;
    const document = documentOf(routeId);
    for (const [name, value] of documentHeaders) reply.header(name, value);
    reply
      .header('cache-control', REVALIDATE)
      .header('vary', 'accept-encoding')
      .header('etag', document.etag)
      .type('text/html; charset=utf-8');
    if (status === 200 && request.headers['if-none-match'] === document.etag) {
      return reply.code(304).send();
    }
    const encoding = pickEncoding(request.headers['accept-encoding']);
    if (encoding !== 'identity') reply.header('content-encoding', encoding);
    return reply.code(status).send(document[encoding]);
  };
  // History fallback: any GET that is not an API call or a file is the single-page app.
  // A path that is no route of the app (the route table the web router uses,
  // docs/product.md#roles-and-permissions) gets the document too, so the app shows its not-found
  // screen, with 404.
  app.setNotFoundHandler((request, reply) => {
    if (index !== null && request.method === 'GET' && !request.url.startsWith('/api/')) {
      const status = matchRoute(request.url).id === 'notFound' ? 404 : 200;
      return sendDocument(request, reply, status);
    }
    for (const [name, value] of API_SECURITY_HEADERS) reply.header(name, value);
    return reply.code(404).send({ message: 'Not found', code: 'not_found' });
  });
  // The web app's page, not an API operation: kept out of the OpenAPI document.
  if (index !== null) {
    app.get('/', { schema: { hide: true } }, (request, reply) => sendDocument(request, reply, 200));
  }
}
