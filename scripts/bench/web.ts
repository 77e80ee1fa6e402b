/** The web part of the run: production build and per-route initial JS/CSS (see bundle.ts). */
import path from 'node:path';
import { buildWeb, routeSizes } from './bundle.ts';
import type { BenchContext } from './context.ts';
import { section, type Section } from './report.ts';
import { kB } from './stats.ts';

/** Builds the web app into the scratch folder and measures each route. */
export async function webPart(ctx: BenchContext): Promise<Section> {
  const outDir = path.join(ctx.tmp, 'web-dist');
  ctx.log('web: vite build');
  const started = performance.now();
  buildWeb(outDir);
  const buildMs = performance.now() - started;
  ctx.webDist = outDir;
  const s = section('Web: initial JS and CSS per route (production build)', [
    'route',
    'JS raw',
    'JS gzip',
    'JS brotli',
    'CSS raw',
    'CSS gzip',
    'CSS brotli',
    'files',
    'largest JS beyond the entry (gzip)',
  ]);
  const sizes = routeSizes(outDir);
  for (const r of sizes) {
    ctx.metrics.set(`web.js.gzip:${r.route}`, r.js.gzip);
    ctx.metrics.set(`web.js.brotli:${r.route}`, r.js.brotli);
    ctx.metrics.set(`web.css.gzip:${r.route}`, r.css.gzip);
    s.rows.push([
      r.route,
      kB(r.js.raw),
      kB(r.js.gzip),
      kB(r.js.brotli),
      kB(r.css.raw),
      kB(r.css.gzip),
      kB(r.css.brotli),
      String(r.files),
      r.largest.map((f) => `${f.file} ${kB(f.gzip)}`).join(', '),
    ]);
  }
  s.notes.push(
    "Initial = the entry chunk, the route's lazily loaded screen module (apps/web/src/app/router.tsx) and all their static imports, each file once; dynamic imports are not counted. gzip level 9, brotli quality 11, per file, summed. 1 kB = 1000 bytes.",
    `Built with \`vite build --manifest\` into a scratch folder in ${Math.round(buildMs / 100) / 10} s (apps/web/dist is not touched).`,
  );
  return s;
}
