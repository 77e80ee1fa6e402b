/** Types of export-tokens.mjs for the TypeScript that imports it (packages/ui/src/tokens.test.tsx). */

/** A design token or group in the Design Tokens Community Group format. */
export interface TokenTree {
  [key: string]: unknown;
}

/** The extension key of a token's dark-scheme value. */
export const SCHEME_EXTENSION: string;
/** The tokens of a theme.css text; throws when it has no `@theme` block. */
export function tokensFromCss(css: string): TokenTree;
/** The tokens as JSON text (before Prettier formats it). */
export function tokensJson(css: string): string;
/** A CSS colour as the format's colour value, or undefined. */
export function colorValue(
  css: string,
): { colorSpace: string; components: (number | 'none')[]; alpha: number; hex?: string } | undefined;
/** A CSS length (px, rem) as the format's dimension, or undefined. */
export function dimensionValue(css: string): { value: number; unit: string } | undefined;
