/**
 * The proposal PDF's fonts (issue 22 item 2): Inter from the `@fontsource/inter` package,
 * regular (400) and bold (700), in its Latin, Latin Extended, Cyrillic and Cyrillic Extended
 * WOFF files (fontkit, inside pdfkit, reads WOFF; the web's variable package ships WOFF2
 * only). Fontsource splits the font by script, so a line of text is written as runs, each
 * in the file whose Unicode ranges (the package's unicode.json) hold its characters: English,
 * Spanish (á, ñ, ¿), Russian and Kyrgyz (ң, ө, ү) customer names and addresses all render.
 * pdfkit embeds only the glyphs used.
 */
import * as fontkit from 'fontkit';
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { woffToSfnt } from './woff.ts';

const require = createRequire(import.meta.url);

/** The script subsets used, in the order a character is looked up. */
const SUBSETS = ['latin', 'latin-ext', 'cyrillic', 'cyrillic-ext'] as const;
type Subset = (typeof SUBSETS)[number];

/** The weights registered: regular text and headings. */
export type FontWeight = 400 | 700;
const WEIGHTS: readonly FontWeight[] = [400, 700];

/** The name a subset and weight is registered under in a document. */
const fontName = (subset: Subset, weight: FontWeight) => `Inter-${subset}-${weight}`;

/** Parses fontsource's `U+0000-00FF,U+0131` into inclusive code point ranges. */
export function parseUnicodeRanges(text: string): [number, number][] {
  return text.split(',').map((part) => {
    const [from, to = from] = part.trim().replace(/^U\+/i, '').split('-');
    return [parseInt(from!, 16), parseInt(to!, 16)];
  });
}

const unicode = require('@fontsource/inter/unicode.json') as Record<Subset, string>;
const RANGES = SUBSETS.map((subset) => ({
  subset,
  ranges: parseUnicodeRanges(unicode[subset]),
}));

/** The subset whose file has `codePoint`; Latin for anything none has (drawn as a box). */
export function subsetOf(codePoint: number): Subset {
  for (const { subset, ranges } of RANGES) {
    if (ranges.some(([from, to]) => codePoint >= from && codePoint <= to)) return subset;
  }
  return 'latin';
}

/** A piece of text that one font file draws. */
export interface TextRun {
  subset: Subset;
  text: string;
}

/**
 * `text` cut into runs of one subset each. Spaces (and other characters every script uses:
 * spaces of any width) stay in the run they follow, so a Russian sentence is one run.
 */
export function textRuns(text: string): TextRun[] {
  const runs: TextRun[] = [];
  for (const char of text) {
    const last = runs.at(-1);
    const neutral = /\s/u.test(char);
    const subset = neutral && last ? last.subset : subsetOf(char.codePointAt(0)!);
    if (last && last.subset === subset) last.text += char;
    else runs.push({ subset, text: char });
  }
  return runs;
}

/**
 * The fonts by registered name, read and parsed once per process (the WOFF files turned
 * into SFNT: woff.ts); pdfkit takes a fontkit font as it is and makes each document's
 * subset of the glyphs it used from it.
 */
let fonts: Map<string, fontkit.Font> | undefined;

function loadedFonts(): Map<string, fontkit.Font> {
  if (!fonts) {
    fonts = new Map();
    for (const subset of SUBSETS) {
      for (const weight of WEIGHTS) {
        const file = `@fontsource/inter/files/inter-${subset}-${weight}-normal.woff`;
        const font = fontkit.create(woffToSfnt(readFileSync(require.resolve(file))));
        if (!('layout' in font)) throw new Error(`${file} is a font collection`);
        fonts.set(fontName(subset, weight), font);
      }
    }
  }
  return fonts;
}

/** Registers every subset and weight of Inter in `doc` (call once per document). */
export function registerFonts(doc: PDFKit.PDFDocument): void {
  // pdfkit accepts a fontkit font (PDFFontFactory.open); its typings list files only.
  for (const [name, font] of loadedFonts()) doc.registerFont(name, font as never);
}

/** How to write a piece of text: pdfkit's text options plus the weight and size. */
export interface WriteOptions extends PDFKit.Mixins.TextOptions {
  weight?: FontWeight;
  /** Points. */
  size?: number;
}

/**
 * Writes `text` at (`x`, `y`), or where the previous text ended when they are undefined,
 * in runs of the right font files (see the file comment); wraps as pdfkit's `text` does.
 */
export function write(
  doc: PDFKit.PDFDocument,
  text: string,
  x: number | undefined,
  y: number | undefined,
  { weight = 400, size, ...options }: WriteOptions = {},
): void {
  if (size !== undefined) doc.fontSize(size);
  const runs = textRuns(text);
  if (runs.length === 0) runs.push({ subset: 'latin', text: '' });
  runs.forEach((run, index) => {
    doc.font(fontName(run.subset, weight));
    const continued = index < runs.length - 1 || options.continued === true;
    if (index === 0 && x !== undefined) doc.text(run.text, x, y, { ...options, continued });
    else doc.text(run.text, { ...options, continued });
  });
}

/** Width of `text` in points at the current size in `weight` (for right-aligned columns). */
export function widthOf(doc: PDFKit.PDFDocument, text: string, weight: FontWeight = 400): number {
  return textRuns(text).reduce((sum, run) => {
    doc.font(fontName(run.subset, weight));
    return sum + doc.widthOfString(run.text);
  }, 0);
}
