/**
 * Draws the app icons (PNG) of apps/web/public from the logo mark (favicon.svg): 192 and
 * 512 px for the web app manifest, a 512 px maskable icon (the mark inside the central 80 %
 * safe zone on a full-bleed background) and the 180 px Apple touch icon. Run after the
 * logo changes: `node scripts/make-icons.mjs`; the PNGs are committed.
 */
import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { fileURLToPath } from 'node:url';

const require = createRequire(new URL('../apps/server/package.json', import.meta.url));
const sharp = require('sharp');
const publicDir = fileURLToPath(new URL('../apps/web/public/', import.meta.url));
const BACKGROUND = '#fafaf9';

// The light-scheme mark: the favicon without its dark-scheme media query.
const mark = (await readFile(`${publicDir}favicon.svg`, 'utf8')).replace(/@media[^}]*}[^}]*}/, '');

/** The mark drawn `size` px wide, centred on a `canvas` px square (transparent or filled). */
async function icon(file, canvas, size, background) {
  const drawn = await sharp(Buffer.from(mark), { density: (72 * size) / 32 })
    .resize(size, size)
    .png()
    .toBuffer();
  await sharp({
    create: {
      width: canvas,
      height: canvas,
      channels: 4,
      background: background ?? { r: 0, g: 0, b: 0, alpha: 0 },
    },
  })
    .composite([{ input: drawn, gravity: 'centre' }])
    .png({ compressionLevel: 9 })
    .toFile(`${publicDir}${file}`);
}

await icon('icon-192.png', 192, 176);
await icon('icon-512.png', 512, 472);
await icon('icon-maskable-512.png', 512, 320, BACKGROUND);
await icon('apple-touch-icon.png', 180, 140, BACKGROUND);
console.log('icons written to apps/web/public');
