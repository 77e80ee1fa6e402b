/**
 * packages/ui/tokens.json (the design tokens for design tools, in the Design Tokens Community
 * Group format) is generated from theme.css by scripts/export-tokens.mjs: it fails here when
 * theme.css changed and the file was not regenerated (`node scripts/export-tokens.mjs`).
 */
import { describe, expect, it } from 'vitest';
import {
  colorValue,
  dimensionValue,
  SCHEME_EXTENSION,
  tokensFromCss,
} from '../../../scripts/export-tokens.mjs';
import themeCss from './theme.css?raw';
import committed from '../tokens.json';

describe('design tokens (tokens.json)', () => {
  it('is up to date with theme.css (run node scripts/export-tokens.mjs)', () => {
    expect(committed).toEqual(tokensFromCss(themeCss));
  });

  it('has a token for every colour, size, radius and shadow of the @theme block', () => {
    const tokens = tokensFromCss(themeCss) as Record<string, Record<string, unknown>>;
    const theme = themeCss.slice(themeCss.indexOf('@theme {'));
    const names = (prefix: string) =>
      [...theme.matchAll(new RegExp(`--${prefix}-([\\w-]+?)\\s*:`, 'g'))]
        .map((match) => match[1]!)
        .filter((name) => !name.includes('--'));
    for (const [prefix, group] of [
      ['color', 'color'],
      ['text', 'font-size'],
      ['radius', 'radius'],
      ['shadow', 'shadow'],
      ['font', 'font-family'],
    ] as const) {
      expect(Object.keys(tokens[group]!).filter((key) => !key.startsWith('$'))).toEqual(
        names(prefix),
      );
    }
  });

  it('gives a per-scheme colour its light value and its dark one', () => {
    const css = `@theme { --color-surface: var(--surface); --color-brand: #ff8800; }
      :root { --surface: oklch(0.98 0.01 85); }
      :root[data-theme='dark'] { --surface: oklch(0.2 0.01 60 / 50%); }`;
    expect(tokensFromCss(css)).toMatchObject({
      color: {
        $type: 'color',
        surface: {
          $value: { colorSpace: 'oklch', components: [0.98, 0.01, 85], alpha: 1 },
          $extensions: {
            [SCHEME_EXTENSION]: {
              dark: { colorSpace: 'oklch', components: [0.2, 0.01, 60], alpha: 0.5 },
            },
          },
        },
        brand: { $value: { colorSpace: 'srgb', components: [1, 0.533333, 0], hex: '#ff8800' } },
      },
    });
  });

  it('turns a reference to another theme token into an alias', () => {
    const css = '@theme { --color-a: #000; --color-b: var(--color-a); }';
    expect(tokensFromCss(css)).toMatchObject({ color: { b: { $value: '{color.a}' } } });
  });

  it('reads colours and lengths as the format writes them', () => {
    expect(colorValue('rgb(255 0 0 / 0.5)')).toEqual({
      colorSpace: 'srgb',
      components: [1, 0, 0],
      alpha: 0.5,
    });
    expect(colorValue('var(--x)')).toBeUndefined();
    expect(dimensionValue('0.875rem')).toEqual({ value: 0.875, unit: 'rem' });
    expect(dimensionValue('9999px')).toEqual({ value: 9999, unit: 'px' });
    expect(() => tokensFromCss(':root { --a: 1px; }')).toThrow('@theme');
  });
});
