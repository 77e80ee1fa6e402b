/**
 * The fonts theme.css declares: Inter and JetBrains Mono in the subsets the interface
 * languages need (Latin, Latin Extended, Cyrillic; docs/product.md#languages-and-formats),
 * each with the unicode range fontsource gives it, and Inter's local fallback with the
 * metric overrides capsize computes, so the swap to Inter moves no line.
 */
import { createFontStack } from '@capsizecss/core';
import arial from '@capsizecss/metrics/arial';
import inter from '@capsizecss/metrics/inter';
import interRanges from '@fontsource-variable/inter/unicode.json';
import monoRanges from '@fontsource-variable/jetbrains-mono/unicode.json';
import { describe, expect, it } from 'vitest';
import themeCss from './theme.css?raw';

/** The declarations of every @font-face rule of theme.css, by property. */
const faces = [...themeCss.matchAll(/@font-face\s*{([^}]*)}/g)].map(
  ([, body]) =>
    new Map(
      body!
        .split(';')
        .map((line) => line.trim())
        .filter(Boolean)
        .map((line) => {
          const at = line.indexOf(':');
          return [line.slice(0, at).trim(), line.slice(at + 1).trim()] as const;
        }),
    ),
);

const SUBSETS = ['latin', 'latin-ext', 'cyrillic'];

describe.each([
  { family: "'Inter Variable'", file: 'inter', ranges: interRanges as Record<string, string> },
  {
    family: "'JetBrains Mono Variable'",
    file: 'jetbrains-mono',
    ranges: monoRanges as Record<string, string>,
  },
])('$family', ({ family, file, ranges }) => {
  const declared = faces.filter((face) => face.get('font-family') === family);

  it('is declared in the Latin, Latin Extended and Cyrillic subsets only', () => {
    const subsets = declared.map(
      (face) =>
        new RegExp(`${file}-([a-z-]+)-wght-normal\\.woff2`).exec(face.get('src') ?? '')?.[1],
    );
    expect(subsets).toEqual(SUBSETS);
  });

  it("gives each subset fontsource's unicode range", () => {
    for (const [i, subset] of SUBSETS.entries()) {
      // Compared without white space: the formatter wraps long ranges.
      expect(declared[i]!.get('unicode-range')?.replace(/\s+/g, '')).toBe(ranges[subset]);
    }
  });
});

describe("Inter's fallback", () => {
  it('has the metric overrides capsize computes for Inter over Arial', () => {
    const expected = createFontStack([inter, arial]).fontFaces;
    const fallback = faces.find((face) => face.get('font-family') === "'Inter Variable Fallback'");
    for (const property of [
      'src',
      'size-adjust',
      'ascent-override',
      'descent-override',
      'line-gap-override',
    ]) {
      expect(expected).toContain(`${property}: ${fallback?.get(property)};`);
    }
  });

  it('comes right after Inter in the text font stack', () => {
    expect(themeCss).toMatch(/--font-sans:\s*'Inter Variable', 'Inter Variable Fallback',/);
  });
});
