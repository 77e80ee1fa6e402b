/**
 * Exports the design tokens of packages/ui/src/theme.css to packages/ui/tokens.json in the
 * Design Tokens Community Group format (https://www.designtokens.org/tr/drafts/format/:
 * tokens with `$value` and `$type` in groups; colours as `{ colorSpace, components, alpha }`
 * and dimensions as `{ value, unit }` per its colour and type modules), for design tools
 * (Figma through Tokens Studio, Style Dictionary, Penpot).
 *
 * Run after changing theme.css: `node scripts/export-tokens.mjs` (`--check` exits 1 when the
 * committed file is out of date); packages/ui/src/tokens.test.tsx fails until it is run.
 *
 * The file is parsed, not copied: every `--name: value;` of Tailwind's `@theme` block becomes a
 * token, grouped by the name's first part (`--color-brand-50` is `color.brand-50`,
 * `--text-sm--line-height` is `line-height.sm`). A value that is `var(--x)` of a per-scheme
 * variable takes its light value from `:root` and its dark value from the
 * `[data-theme='dark']` block; the dark value is in `$extensions["org.solar.scheme"].dark`.
 * A `var(--y)` of another theme token becomes an alias (`{group.name}`). Tokens of a kind the
 * format has no type for (animations) are left out.
 */

/** Token groups by the first part of a theme variable's name: the group and its `$type`. */
const GROUPS = {
  color: { group: 'color', type: 'color' },
  font: { group: 'font-family', type: 'fontFamily' },
  'font-weight': { group: 'font-weight', type: 'fontWeight' },
  text: { group: 'font-size', type: 'dimension' },
  leading: { group: 'line-height', type: 'dimension' },
  tracking: { group: 'letter-spacing', type: 'dimension' },
  spacing: { group: 'spacing', type: 'dimension' },
  radius: { group: 'radius', type: 'dimension' },
  shadow: { group: 'shadow', type: 'shadow' },
  breakpoint: { group: 'breakpoint', type: 'dimension' },
  container: { group: 'container', type: 'dimension' },
};

/** The extension key of a token's dark-scheme value. */
export const SCHEME_EXTENSION = 'org.solar.scheme';

/**
 * The blocks of a style sheet as a tree: `{ selector, declarations, children }`, where
 * declarations maps a custom property's name (without `--`) to its value (whitespace folded).
 * Comments are dropped; only custom properties are kept.
 */
export function parseBlocks(css) {
  const text = css.replace(/\/\*[\s\S]*?\*\//g, '');
  const root = { selector: '', declarations: new Map(), children: [] };
  const stack = [root];
  let start = 0;
  for (let i = 0; i < text.length; i += 1) {
    const char = text[i];
    if (char === '{') {
      const block = {
        selector: text.slice(start, i).trim().replace(/\s+/g, ' '),
        declarations: new Map(),
        children: [],
      };
      stack.at(-1).children.push(block);
      stack.push(block);
      start = i + 1;
    } else if (char === ';' || char === '}') {
      const statement = text.slice(start, i).trim();
      const match = /^--([\w-]+)\s*:\s*([\s\S]+)$/.exec(statement);
      if (match) stack.at(-1).declarations.set(match[1], match[2].replace(/\s+/g, ' ').trim());
      if (char === '}' && stack.length > 1) stack.pop();
      start = i + 1;
    }
  }
  return root;
}

/** Every block of the tree, depth first. */
function* allBlocks(block) {
  yield block;
  for (const child of block.children) yield* allBlocks(child);
}

/** Splits at top-level commas (not those inside parentheses). */
function splitTopLevel(value, separator = ',') {
  const parts = [];
  let depth = 0;
  let current = '';
  for (const char of value) {
    if (char === '(') depth += 1;
    if (char === ')') depth -= 1;
    if (char === separator && depth === 0) {
      parts.push(current.trim());
      current = '';
    } else current += char;
  }
  if (current.trim()) parts.push(current.trim());
  return parts;
}

const COLOR_SPACES = {
  oklch: 'oklch',
  oklab: 'oklab',
  lch: 'lch',
  lab: 'lab',
  hsl: 'hsl',
  hwb: 'hwb',
  rgb: 'srgb',
  rgba: 'srgb',
};

/** A number of a CSS colour function: `0.5`, `50%` (a fraction of `percentOf`), `none`. */
function colorNumber(text, percentOf) {
  if (text === 'none') return 'none';
  if (text.endsWith('%')) return (parseFloat(text) / 100) * percentOf;
  return parseFloat(text.replace(/deg$/, ''));
}

/** Rounds away floating-point noise (0.1 + 0.2) without changing a written value. */
const tidy = (n) => (typeof n === 'number' ? Number(n.toFixed(6)) : n);

/**
 * A CSS colour as the format's colour value, or undefined when it is not one this parses
 * (hex, and the functions of COLOR_SPACES with space-separated components).
 */
export function colorValue(css) {
  const value = css.trim();
  const hex = /^#([0-9a-f]{3,4}|[0-9a-f]{6}|[0-9a-f]{8})$/i.exec(value);
  if (hex) {
    let digits = hex[1];
    if (digits.length <= 4) digits = [...digits].map((d) => d + d).join('');
    const channels = digits.match(/../g).map((pair) => parseInt(pair, 16) / 255);
    return {
      colorSpace: 'srgb',
      components: channels.slice(0, 3).map(tidy),
      alpha: tidy(channels[3] ?? 1),
      hex: `#${digits.slice(0, 6).toLowerCase()}`,
    };
  }
  const fn = /^([a-z]+)\(([^)]*)\)$/i.exec(value);
  const space = fn && COLOR_SPACES[fn[1].toLowerCase()];
  if (!space) return undefined;
  const [main, alphaText] = fn[2].split('/').map((part) => part.trim());
  const parts = main.split(/[\s,]+/).filter(Boolean);
  if (parts.length !== 3) return undefined;
  // A percentage means a fraction of the component's reference range (CSS Color 4).
  const ranges = {
    oklch: [1, 0.4, 360],
    oklab: [1, 0.4, 0.4],
    lch: [100, 150, 360],
    lab: [100, 125, 125],
    hsl: [360, 100, 100],
    hwb: [360, 100, 100],
    srgb: [1, 1, 1],
  }[space];
  let components = parts.map((part, i) => colorNumber(part, ranges[i]));
  if (space === 'srgb') {
    components = components.map((c, i) =>
      typeof c === 'number' && !parts[i].endsWith('%') ? c / 255 : c,
    );
  }
  return {
    colorSpace: space,
    components: components.map(tidy),
    alpha: alphaText === undefined ? 1 : tidy(colorNumber(alphaText, 1)),
  };
}

/** A CSS length as the format's dimension (`0.25rem` -> `{ value: 0.25, unit: 'rem' }`). */
export function dimensionValue(css) {
  const match = /^(-?\d*\.?\d+)(px|rem)?$/.exec(css.trim());
  if (!match) return undefined;
  return { value: Number(match[1]), unit: match[2] ?? 'px' };
}

/** A font stack as the format's font family (names without quotes, in order). */
function fontFamilyValue(css) {
  return splitTopLevel(css).map((name) => name.replace(/^['"]|['"]$/g, ''));
}

/** A box-shadow (one or more layers) as the format's shadow value; undefined if not one. */
function shadowValue(css) {
  const layers = splitTopLevel(css).map((layer) => {
    const inset = /\binset\b/.test(layer);
    const parts = splitTopLevel(layer.replace(/\binset\b/, '').trim(), ' ');
    const color = parts.find((part) => colorValue(part));
    const lengths = parts.filter((part) => part !== color).map(dimensionValue);
    if (!color || lengths.length < 2 || lengths.some((length) => !length)) return undefined;
    const [offsetX, offsetY, blur = { value: 0, unit: 'px' }, spread = { value: 0, unit: 'px' }] =
      lengths;
    return { color: colorValue(color), offsetX, offsetY, blur, spread, ...(inset && { inset }) };
  });
  if (layers.some((layer) => !layer)) return undefined;
  return layers.length === 1 ? layers[0] : layers;
}

/** A font weight (100-1000 or a keyword of the format). */
function fontWeightValue(css) {
  const number = Number(css);
  return Number.isFinite(number) ? number : css;
}

const PARSE = {
  color: colorValue,
  dimension: dimensionValue,
  fontFamily: fontFamilyValue,
  fontWeight: fontWeightValue,
  shadow: shadowValue,
};

/** Where a theme variable goes: `{ group, name, type }`, or undefined when it has no type. */
function place(variable) {
  const lineHeight = /^text-(.+)--line-height$/.exec(variable);
  if (lineHeight) return { group: 'line-height', name: lineHeight[1], type: 'dimension' };
  if (variable.includes('--')) return undefined;
  const prefix = Object.keys(GROUPS)
    .sort((a, b) => b.length - a.length)
    .find((key) => variable === key || variable.startsWith(`${key}-`));
  if (!prefix) return undefined;
  const name = variable === prefix ? 'base' : variable.slice(prefix.length + 1);
  return { ...GROUPS[prefix], name };
}

/**
 * The tokens of a theme.css text, as the format's JSON object: groups (`color`,
 * `font-family`, `font-size`, `line-height`, `spacing`, `radius`, `shadow`...) of tokens with
 * `$value`, each group with its `$type`. Throws when the text has no `@theme` block.
 */
export function tokensFromCss(css) {
  const tree = parseBlocks(css);
  const blocks = [...allBlocks(tree)];
  const theme = blocks.find((block) => block.selector === '@theme');
  if (!theme) throw new Error('theme.css has no @theme block');
  const light = blocks.find((block) => block.selector === ':root')?.declarations ?? new Map();
  const dark =
    blocks.find((block) => /^:root\[data-theme=['"]?dark['"]?\]$/.test(block.selector))
      ?.declarations ?? new Map();

  const placed = new Map();
  for (const variable of theme.declarations.keys()) {
    const where = place(variable);
    if (where) placed.set(variable, where);
  }

  const out = {
    $description:
      'Solar design tokens, generated from packages/ui/src/theme.css by scripts/export-tokens.mjs; do not edit. Colours that differ per scheme hold the light value in $value and the dark one in $extensions["org.solar.scheme"].dark.',
  };
  for (const [variable, { group, name, type }] of placed) {
    const raw = theme.declarations.get(variable);
    const reference = /^var\(--([\w-]+)\)$/.exec(raw);
    let token;
    if (reference && placed.has(reference[1])) {
      const target = placed.get(reference[1]);
      token = { $value: `{${target.group}.${target.name}}` };
    } else if (reference) {
      const lightRaw = light.get(reference[1]);
      const darkRaw = dark.get(reference[1]) ?? lightRaw;
      const lightValue = lightRaw && PARSE[type](lightRaw);
      if (!lightValue) continue;
      token = { $value: lightValue };
      const darkValue = darkRaw && PARSE[type](darkRaw);
      if (darkValue && darkRaw !== lightRaw) {
        token.$extensions = { [SCHEME_EXTENSION]: { dark: darkValue } };
      }
    } else {
      const value = PARSE[type](raw);
      if (value === undefined) continue;
      token = { $value: value };
    }
    out[group] ??= { $type: type };
    out[group][name] = token;
  }
  return out;
}

/** The JSON text written to tokens.json (two-space indent, final newline). */
export function tokensJson(css) {
  return `${JSON.stringify(tokensFromCss(css), null, 2)}\n`;
}

const isMain =
  typeof process !== 'undefined' &&
  process.argv?.[1] &&
  import.meta.url === (await import('node:url')).pathToFileURL(process.argv[1]).href;

if (isMain) {
  const { readFile, writeFile } = await import('node:fs/promises');
  const cssFile = new URL('../packages/ui/src/theme.css', import.meta.url);
  const jsonFile = new URL('../packages/ui/tokens.json', import.meta.url);
  // Formatted as the repository's Prettier formats JSON, so `pnpm format:check` passes.
  const prettier = await import('prettier');
  const json = await prettier.format(tokensJson(await readFile(cssFile, 'utf8')), {
    ...(await prettier.resolveConfig(jsonFile)),
    filepath: jsonFile.pathname,
  });
  if (process.argv.includes('--check')) {
    const current = await readFile(jsonFile, 'utf8').catch(() => '');
    if (current !== json) {
      console.error('packages/ui/tokens.json is out of date: run node scripts/export-tokens.mjs');
      process.exit(1);
    }
  } else {
    await writeFile(jsonFile, json);
    console.log('wrote packages/ui/tokens.json');
  }
}
