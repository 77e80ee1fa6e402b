/**
 * The web app's document as the server sends it: index.html with the answer of
 * `GET /config` inlined (so a first visit needs no request for it), escaped so that no text
 * of the configuration can end the script element, and modulepreload links for the route's
 * screen as the build listed them (apps/web/vite.config.ts), compressed when the client
 * accepts it, revalidated with its ETag.
 */
import { CONFIG_ELEMENT_ID } from '@solar/domain';
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { pickEncoding, renderDocument, ROUTE_PRELOADS_FILE, scriptJson } from '../src/web-app.ts';
import { startTestServer, type TestServer } from './harness.ts';

const INDEX = '<!doctype html><html><head><title>Solar</title></head><body></body></html>';
/** A business name that tries to end the script element and open another. */
const HOSTILE_NAME = 'Sun </script><script>alert(1)</script> <!-- Co';

/** The configuration inlined in `html`, parsed as the web app parses it. */
function inlinedConfig(html: string): unknown {
  const pattern = new RegExp(
    `<script type="application/json" id="${CONFIG_ELEMENT_ID}">(.*?)</script>`,
  );
  const found = pattern.exec(html);
  if (!found) throw new Error('no inlined configuration');
  return JSON.parse(found[1]!);
}

describe('the web app document', () => {
  let server: TestServer;
  let webDist: string;
  beforeAll(async () => {
    webDist = await mkdtemp(path.join(os.tmpdir(), 'solar-web-'));
    await writeFile(path.join(webDist, 'index.html'), INDEX);
    await mkdir(path.join(webDist, '.vite'));
    await writeFile(
      path.join(webDist, ROUTE_PRELOADS_FILE),
      JSON.stringify({ signIn: ['/assets/signin-screen-abc.js', '/assets/auth-page-def.js'] }),
    );
    server = await startTestServer('pglite', { WEB_DIST: webDist, BUSINESS_NAME: HOSTILE_NAME });
  });
  afterAll(async () => {
    await server?.close();
    await rm(webDist, { recursive: true, force: true });
  });

  const get = (url: string, headers: Record<string, string> = {}) =>
    server.app.inject({ method: 'GET', url, headers });

  it('carries the answer of GET /config, equal to what the API answers', async () => {
    const [page, api] = await Promise.all([get('/signin'), get('/api/v1/config')]);
    expect(page.statusCode).toBe(200);
    expect(inlinedConfig(page.body)).toEqual(api.json());
    expect((inlinedConfig(page.body) as { business: { name: string } }).business.name).toBe(
      HOSTILE_NAME,
    );
  });

  it('escapes `<` so the configuration cannot end its script element', async () => {
    const page = await get('/signin');
    // One script element only: the name's `</script><script>` stayed text.
    expect(page.body.match(/<script/g)).toHaveLength(1);
    expect(page.body).not.toContain('<!--');
    expect(page.body).toContain('Sun \\u003c/script>');
  });

  it("preloads the route's screen modules, and only that route's", async () => {
    const signIn = await get('/signin?from=%2Fprofile');
    expect(signIn.body).toContain(
      '<link rel="modulepreload" crossorigin href="/assets/signin-screen-abc.js"><link rel="modulepreload" crossorigin href="/assets/auth-page-def.js">',
    );
    const other = await get('/solar-calculator');
    expect(other.body).not.toContain('modulepreload');
    expect(inlinedConfig(other.body)).toMatchObject({ oidcProvider: null });
  });

  it('inserts before </head>, leaving the rest of index.html as built', async () => {
    const page = await get('/');
    expect(page.body.startsWith('<!doctype html><html><head><title>Solar</title><script')).toBe(
      true,
    );
    expect(page.body.endsWith('</script></head><body></body></html>')).toBe(true);
  });

  it('is sent brotli- or gzip-compressed to clients that accept it', async () => {
    const plain = (await get('/signin')).body;
    const br = await get('/signin', { 'accept-encoding': 'gzip, deflate, br' });
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers.vary).toMatch(/accept-encoding/i);
    expect(brotliDecompressSync(br.rawPayload).toString()).toBe(plain);
    const gz = await get('/signin', { 'accept-encoding': 'gzip' });
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(gz.rawPayload).toString()).toBe(plain);
  });

  it('is revalidated: no-cache, and 304 for the ETag it was sent with', async () => {
    const first = await get('/signin');
    expect(first.headers['cache-control']).toBe('no-cache');
    const etag = String(first.headers.etag);
    const again = await get('/signin', { 'if-none-match': etag });
    expect(again.statusCode).toBe(304);
    expect(again.body).toBe('');
  });

  it('does not publish the build list of preloads as a file', async () => {
    const answer = await get(`/${ROUTE_PRELOADS_FILE}`);
    expect(answer.headers['content-type']).toMatch(/^text\/html/);
    expect(answer.body).not.toContain('signin-screen-abc.js');
  });
});

describe('scriptJson', () => {
  it('writes every < as \\u003c, which JSON.parse reads back', () => {
    const value = { text: '</script><!-- <b>' };
    const text = scriptJson(value);
    expect(text).not.toContain('<');
    expect(JSON.parse(text)).toEqual(value);
  });
});

describe('renderDocument', () => {
  it('appends at the end of a document without </head>', () => {
    expect(renderDocument('<p>x</p>', { a: 1 }, [])).toBe(
      `<p>x</p><script type="application/json" id="${CONFIG_ELEMENT_ID}">{"a":1}</script>`,
    );
  });
});

describe('pickEncoding', () => {
  it.each([
    ['gzip, deflate, br, zstd', 'br'],
    ['gzip', 'gzip'],
    ['br;q=0, gzip;q=0.5', 'gzip'],
    ['identity', 'identity'],
    [undefined, 'identity'],
  ] as const)('%s -> %s', (accept, expected) => {
    expect(pickEncoding(accept)).toBe(expected);
  });
});
