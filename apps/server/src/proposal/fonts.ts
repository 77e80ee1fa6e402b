/**
 * The proposal PDF's fonts: Inter, regular (400) and bold (700), as the
 * static TrueType files of the `@expo-google-fonts/inter` package (Google Fonts' build: Latin,
 * Latin Extended, Cyrillic and Cyrillic Extended in one file, so English, Spanish (á, ñ, ¿),
 * Russian and Kyrgyz (ң, ө, ү) names and addresses all render; a character Inter lacks is
 * drawn as its missing-glyph box). Each file is read once per process and parsed by each
 * document: a parsed font shared by two documents gives the second one a broken text layer
 * (its glyph-to-character map), so copying text out of the PDF would yield symbols. pdfkit
 * embeds only the glyphs a document uses.
 */
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';

const require = createRequire(import.meta.url);

/** The weights registered: regular text and headings. */
export type FontWeight = 400 | 700;

const FILES: Record<FontWeight, string> = {
  400: '@expo-google-fonts/inter/400Regular/Inter_400Regular.ttf',
  700: '@expo-google-fonts/inter/700Bold/Inter_700Bold.ttf',
};

/** The name a weight is registered under in a document. */
const fontName = (weight: FontWeight) => `Inter-${weight}`;

let files: Map<string, Buffer> | undefined;

/** The font files' bytes by registered name (read on first use, then kept). */
function fontFiles(): Map<string, Buffer> {
  files ??= new Map(
    Object.entries(FILES).map(([weight, file]) => [
      fontName(Number(weight) as FontWeight),
      readFileSync(require.resolve(file)),
    ]),
  );
  return files;
}

/** Registers both weights of Inter in `doc` (call once per document). */
export function registerFonts(doc: PDFKit.PDFDocument): void {
  for (const [name, bytes] of fontFiles()) doc.registerFont(name, bytes);
}

/** How to write a piece of text: pdfkit's text options plus the weight and size. */
export interface WriteOptions extends PDFKit.Mixins.TextOptions {
  weight?: FontWeight;
  /** Points. */
  size?: number;
}

/**
 * Writes `text` at (`x`, `y`), or where the previous text ended when they are undefined, in
 * Inter of `weight`; wraps as pdfkit's `text` does.
 */
export function write(
  doc: PDFKit.PDFDocument,
  text: string,
  x: number | undefined,
  y: number | undefined,
  { weight = 400, size, ...options }: WriteOptions = {},
): void {
  if (size !== undefined) doc.fontSize(size);
  doc.font(fontName(weight));
  if (x !== undefined) doc.text(text, x, y, options);
  else doc.text(text, options);
}

/** Width of `text` in points at the current size in `weight` (for right-aligned columns). */
export function widthOf(doc: PDFKit.PDFDocument, text: string, weight: FontWeight = 400): number {
  return doc.font(fontName(weight)).widthOfString(text);
}
