/**
 * The built web app (WEB_DIST) next to the API: hashed files under /assets/ cached for a
 * year, the other files revalidated, documents with the full security headers, and the
 * single-page app's history fallback (200 for a route of the app, 404 with the same
 * document for any other path).
 */
import fastifyStatic from '@fastify/static';
import { matchRoute } from '@solar/domain';
import type { FastifyInstance } from 'fastify';
import { existsSync } from 'node:fs';
import path from 'node:path';
import { API_SECURITY_HEADERS, type HeaderList } from './security.ts';

/** Cache-Control of the web build's content-hashed files (/assets/...). */
const IMMUTABLE_ASSET = 'public, max-age=31536000, immutable';
/** Cache-Control of the web files whose names do not change (index.html and the like). */
const REVALIDATE = 'no-cache';

/**
 * Serves the web build in `webDist` (nothing when the folder is missing); `documentHeaders`
 * are the security headers of an HTML document (security.ts).
 */
export async function registerWebApp(
  app: FastifyInstance,
  webDist: string,
  documentHeaders: HeaderList,
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
  // History fallback: any GET that is not an API call or a file is the single-page app.
  // A path that is no route of the app (the route table the web router uses,
  // docs/product.md#roles-and-permissions) gets the document too, so the app shows its not-found
  // screen, with 404.
  app.setNotFoundHandler((request, reply) => {
    if (request.method === 'GET' && !request.url.startsWith('/api/')) {
      const status = matchRoute(request.url).id === 'notFound' ? 404 : 200;
      return reply.code(status).type('text/html').sendFile('index.html');
    }
    for (const [name, value] of API_SECURITY_HEADERS) reply.header(name, value);
    return reply.code(404).send({ message: 'Not found', code: 'not_found' });
  });
  // The web app's page, not an API operation: kept out of the OpenAPI document.
  app.get('/', { schema: { hide: true } }, (_request, reply) =>
    reply.type('text/html').sendFile('index.html'),
  );
}
