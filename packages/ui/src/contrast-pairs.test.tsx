/**
 * Contrast of the colour pairs the components draw (./contrast-pairs.ts), resolved from
 * theme.css in both schemes, and guards that keep that list equal to what the components'
 * classes say. WCAG 2.2 AA: 4.5:1 for text, 3:1 for large text and for the boundaries,
 * states and focus rings of controls.
 */
import { describe, expect, it } from 'vitest';
import {
  CONTRAST_PAIRS,
  DECORATIVE,
  MIN_RATIO,
  pairRatio,
  readTheme,
  SCHEMES,
  tokenColour,
  type ContrastPair,
} from './contrast-pairs.ts';
import themeCss from './theme.css?raw';

const tokens = readTheme(themeCss);

/** The components' sources (not stories, tests, nor this list), keyed by file name. */
const SOURCES: Record<string, string> = Object.fromEntries(
  Object.entries(
    import.meta.glob<string>(['./*.ts', './*.tsx'], {
      query: '?raw',
      import: 'default',
      eager: true,
    }),
  )
    .map(([path, text]) => [path.slice(2), text] as const)
    .filter(([file]) => !/\.(stories|test)\.tsx?$|^(contrast-pairs|index)\.ts$/.test(file)),
);

/** Utilities that take a colour; `text-` and `bg-` are told apart from the rest. */
const COLOUR_CLASS =
  /^(text|bg|border(?:-[trblxyse])?|outline|ring|fill|stroke|accent|divide|decoration|caret|placeholder)-(.+?)(\/\d+)?$/;
/** Tailwind's default palette: colours without a dark pair in theme.css. */
const PALETTE =
  /^(red|orange|amber|yellow|lime|green|emerald|teal|cyan|sky|blue|indigo|violet|purple|fuchsia|pink|rose|slate|gray|zinc|neutral|stone)-\d+$/;

interface ColourClass {
  /** The class without its variants ("bg-brand-soft" of "data-[selected]:bg-brand-soft"). */
  name: string;
  utility: string;
  token: string;
  alpha: boolean;
}

/** The colour classes of one class string, variants (`dark:`, `data-[x]:`) removed. */
function colourClasses(classes: string): ColourClass[] {
  const out: ColourClass[] = [];
  for (const raw of classes.split(/\s+/)) {
    const name = raw.slice(raw.lastIndexOf(':') + 1).replace(/^!/, '');
    const match = COLOUR_CLASS.exec(name);
    if (!match) continue;
    const [, utility, token, alpha] = match as unknown as [string, string, string, string?];
    const isColour =
      tokens.theme.has(`color-${token}`) ||
      PALETTE.test(token) ||
      token === 'white' ||
      token === 'black';
    if (isColour) out.push({ name, utility, token, alpha: Boolean(alpha) });
  }
  return out;
}

/** Every string literal of a source file (class names live in them), comments left out. */
const literals = (source: string) =>
  [
    ...source
      .replace(/\/\*[\s\S]*?\*\//g, '')
      .replace(/(^|[^:])\/\/.*$/gm, '$1')
      .matchAll(/'([^'\n]*)'|"([^"\n]*)"|`([^`]*)`/g),
  ].map((m) => m[1] ?? m[2] ?? m[3] ?? '');

const isText = (pair: ContrastPair) => pair.kind !== 'non-text';
const pairsIn = (file: string) => CONTRAST_PAIRS.filter((pair) => pair.components.includes(file));
/** The page and card surfaces: components sit on them without naming them. */
const AMBIENT = new Set(['surface', 'surface-raised']);

describe('theme.css', () => {
  it('gives every per-scheme variable a dark value, the same for the system setting and data-theme', () => {
    expect([...tokens.light.keys()].sort()).toEqual([...tokens.darkSystem.keys()].sort());
    expect(Object.fromEntries(tokens.darkAttribute)).toEqual(Object.fromEntries(tokens.darkSystem));
  });

  it('resolves every colour token in both schemes', () => {
    const colourTokens = [...tokens.theme.keys()].filter((key) => key.startsWith('color-'));
    const unresolved = SCHEMES.flatMap((scheme) =>
      colourTokens
        .map((key) => key.slice('color-'.length))
        .filter((token) => tokenColour(tokens, token, scheme) === undefined)
        .map((token) => `${token} (${scheme})`),
    );
    expect(unresolved).toEqual([]);
  });
});

describe('contrast pairs', () => {
  it.each(SCHEMES)('meet WCAG 2.2 AA in the %s scheme', (scheme) => {
    const failures = CONTRAST_PAIRS.flatMap((pair) => {
      const ratio = pairRatio(tokens, pair, scheme);
      return ratio < MIN_RATIO[pair.kind]
        ? [
            `${pair.fg} on ${pair.bg} (${pair.use}): ${ratio.toFixed(2)}:1 < ${MIN_RATIO[pair.kind]}:1`,
          ]
        : [];
    });
    expect(failures).toEqual([]);
  });

  it('name only components that use the pair', () => {
    const wrong = CONTRAST_PAIRS.flatMap((pair) =>
      pair.components.flatMap((file) => {
        const source = SOURCES[file];
        if (source === undefined) return [`${file}: no such file (${pair.fg} on ${pair.bg})`];
        const used = literals(source).flatMap(colourClasses);
        // `focusRing` (cn.ts) is the outline-focus ring the controls share.
        const drawsFg =
          used.some((c) => c.token === pair.fg && (!isText(pair) || c.utility === 'text')) ||
          (pair.fg === 'focus' && source.includes('focusRing'));
        const onBg =
          AMBIENT.has(pair.bg) || used.some((c) => c.utility === 'bg' && c.token === pair.bg);
        return drawsFg && onBg ? [] : [`${file} does not draw ${pair.fg} on ${pair.bg}`];
      }),
    );
    expect(wrong).toEqual([]);
  });
});

describe('the components', () => {
  it('use only colour classes a contrast pair or the decorative list covers', () => {
    const uncovered = Object.entries(SOURCES).flatMap(([file, source]) =>
      [
        ...new Set(
          literals(source)
            .flatMap(colourClasses)
            .map((c) => JSON.stringify(c)),
        ),
      ]
        .map((json) => JSON.parse(json) as ColourClass)
        .filter((c) => !(c.name in DECORATIVE))
        .filter((c) => {
          if (c.alpha || PALETTE.test(c.token)) return true;
          const pairs = pairsIn(file);
          // A background is a surface under a pair, or a mark (radio dot, bar) drawn as a fill.
          if (c.utility === 'bg') {
            return !pairs.some(
              (p) => p.bg === c.token || p.under === c.token || (p.fg === c.token && !isText(p)),
            );
          }
          // Text, icons (coloured with text-*), borders, outlines and fills: a pair's foreground.
          return !pairs.some((p) => p.fg === c.token);
        })
        .map((c) => `${file}: ${c.name}`),
    );
    expect(uncovered).toEqual([]);
  });

  it('set text colours only on backgrounds a pair lists when one class string sets both', () => {
    const known = new Set(CONTRAST_PAIRS.map((p) => `${p.fg} on ${p.bg}`));
    const missing = Object.entries(SOURCES).flatMap(([file, source]) =>
      literals(source).flatMap((classes) => {
        const used = colourClasses(classes).filter((c) => !(c.name in DECORATIVE));
        const texts = used.filter((c) => c.utility === 'text');
        const backgrounds = used.filter((c) => c.utility === 'bg');
        return texts.flatMap((t) =>
          backgrounds
            .filter((b) => !known.has(`${t.token} on ${b.token}`))
            .map((b) => `${file}: ${t.name} with ${b.name}`),
        );
      }),
    );
    expect([...new Set(missing)]).toEqual([]);
  });
});
