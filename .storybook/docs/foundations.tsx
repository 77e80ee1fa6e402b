/**
 * The Foundations pages' blocks. Everything shown is read from packages/ui/src/theme.css
 * itself (imported as text and parsed), so the pages cannot drift from the tokens the
 * product uses: colour swatches with WCAG contrast ratios measured from the rendered
 * colours, the type scale, spacing steps, radii, shadows, the focus ring and the icons.
 */
import { useState, type CSSProperties } from 'react';
import themeCss from '../../packages/ui/src/theme.css?raw';

/** `--name: value;` declarations of one CSS block's body. */
function declarations(body: string): Map<string, string> {
  const out = new Map<string, string>();
  for (const match of body.matchAll(/--([\w-]+)\s*:\s*([^;]+);/g)) {
    out.set(match[1]!, match[2]!.replace(/\s+/g, ' ').trim());
  }
  return out;
}

/** The body of the first block whose selector line is `selector {`. */
function block(selector: string): string {
  const start = themeCss.indexOf(`${selector} {`);
  if (start < 0) return '';
  let depth = 0;
  for (let i = themeCss.indexOf('{', start); i < themeCss.length; i += 1) {
    if (themeCss[i] === '{') depth += 1;
    if (themeCss[i] === '}' && --depth === 0) {
      return themeCss.slice(themeCss.indexOf('{', start) + 1, i);
    }
  }
  return '';
}

/** The tokens of the `@theme` block (Tailwind's design tokens). */
export const THEME = declarations(block('@theme'));
/** The per-scheme values the semantic tokens point at (light on :root, dark on data-theme). */
const LIGHT = declarations(block(':root'));
const DARK = declarations(block(":root[data-theme='dark']"));

type Scheme = 'light' | 'dark';

/** A theme token's value in one scheme (a semantic token resolves through its variable). */
function valueIn(token: string, scheme: Scheme): string {
  const value = THEME.get(token) ?? '';
  const variable = /^var\(--([\w-]+)\)$/.exec(value)?.[1];
  if (!variable) return value;
  return (scheme === 'dark' ? DARK : LIGHT).get(variable) ?? value;
}

/** sRGB channels (0-255) of a CSS colour as the browser renders it (canvas readback). */
function rendered(color: string): [number, number, number] {
  const probe = document.createElement('span');
  probe.style.color = color;
  document.body.append(probe);
  const computed = getComputedStyle(probe).color;
  probe.remove();
  const canvas = document.createElement('canvas');
  canvas.width = 1;
  canvas.height = 1;
  const context = canvas.getContext('2d', { willReadFrequently: true })!;
  context.fillStyle = computed;
  context.fillRect(0, 0, 1, 1);
  const [r, g, b] = context.getImageData(0, 0, 1, 1).data;
  return [r!, g!, b!];
}

/** WCAG 2.2 relative luminance of an sRGB colour. */
function luminance([r, g, b]: [number, number, number]): number {
  const linear = (c: number) => {
    const s = c / 255;
    return s <= 0.04045 ? s / 12.92 : ((s + 0.055) / 1.055) ** 2.4;
  };
  return 0.2126 * linear(r) + 0.7152 * linear(g) + 0.0722 * linear(b);
}

/** WCAG contrast ratio of two colours (1 to 21). */
function contrast(a: [number, number, number], b: [number, number, number]): number {
  const [hi, lo] = [luminance(a), luminance(b)].sort((x, y) => y - x) as [number, number];
  return (hi + 0.05) / (lo + 0.05);
}

export const grid: CSSProperties = {
  display: 'grid',
  gridTemplateColumns: 'repeat(auto-fill, minmax(11rem, 1fr))',
  gap: '0.75rem',
};

/** Every colour token of the theme, as swatches, in both schemes. */
export function ColourPalette() {
  const colours = [...THEME.keys()].filter((name) => name.startsWith('color-'));
  return (
    <div style={{ display: 'grid', gap: '1.5rem' }}>
      {(['light', 'dark'] as const).map((scheme) => (
        <section key={scheme}>
          <h3>{scheme === 'light' ? 'Light scheme' : 'Dark scheme'}</h3>
          <div style={grid}>
            {colours.map((name) => (
              <figure key={name} style={{ margin: 0 }}>
                <div
                  style={{
                    height: '3rem',
                    borderRadius: 'var(--radius-control)',
                    background: valueIn(name, scheme),
                    border: '1px solid rgb(0 0 0 / 0.12)',
                  }}
                />
                <figcaption style={{ fontSize: '0.75rem', lineHeight: 1.4 }}>
                  <code>{name.replace('color-', '')}</code>
                  <br />
                  <span style={{ opacity: 0.75 }}>{valueIn(name, scheme)}</span>
                </figcaption>
              </figure>
            ))}
          </div>
        </section>
      ))}
    </div>
  );
}

/** The text / surface pairs the components use, with their measured contrast ratio. */
const PAIRS: readonly [text: string, surface: string, use: string][] = [
  ['fg', 'surface', 'Body text on the page'],
  ['fg', 'surface-raised', 'Text in cards, fields and menus'],
  ['fg-muted', 'surface', 'Secondary text, hints'],
  ['fg-muted', 'surface-sunken', 'Secondary text on sunken panels'],
  ['link', 'surface', 'Links'],
  ['success-fg', 'success-soft', 'Success toast and alert'],
  ['warning-fg', 'warning-soft', 'Warning toast and alert'],
  ['danger-fg', 'danger-soft', 'Error toast and alert'],
  ['danger-fg', 'surface-raised', 'Field error text'],
  ['info-fg', 'surface-raised', 'Information icon and text'],
  ['#ffffff', 'brand-700', 'Primary button'],
  ['#ffffff', 'danger', 'Danger button'],
  ['#ffffff', 'success-fg', 'Active status badge'],
  ['role-admin-fg', 'role-admin', 'Administrator badge'],
  ['role-client-residential-fg', 'role-client-residential', 'Residential client badge'],
];

/**
 * A token's colour in one scheme, from theme.css's own values (Tailwind emits only the
 * custom properties that a class uses, so the page does not rely on them).
 */
const cssColour = (token: string, scheme: Scheme) =>
  token.startsWith('#') ? token : valueIn(`color-${token}`, scheme);

/** The contrast ratio of every pair in both schemes, keyed `scheme:text:surface`. */
function measureRatios(): Record<string, number> {
  const ratios: Record<string, number> = {};
  for (const scheme of ['light', 'dark'] as const) {
    for (const [text, surface] of PAIRS) {
      ratios[`${scheme}:${text}:${surface}`] = contrast(
        rendered(cssColour(text, scheme)),
        rendered(cssColour(surface, scheme)),
      );
    }
  }
  return ratios;
}

/** A table of text pairs: sample, ratio and whether it meets WCAG AA (4.5:1) per scheme. */
export function ContrastTable() {
  // Measured once, from the colours as this browser renders them (the page is client-only).
  const [ratios] = useState(measureRatios);
  return (
    <div>
      <table>
        <thead>
          <tr>
            <th scope="col">Use</th>
            <th scope="col">Text on surface</th>
            <th scope="col">Light</th>
            <th scope="col">Dark</th>
          </tr>
        </thead>
        <tbody>
          {PAIRS.map(([text, surface, use]) => (
            <tr key={`${text}:${surface}`}>
              <td>{use}</td>
              <td>
                <code>{text.replace('#ffffff', 'white')}</code> on <code>{surface}</code>
              </td>
              {(['light', 'dark'] as const).map((scheme) => {
                const ratio = ratios[`${scheme}:${text}:${surface}`];
                return (
                  <td key={scheme}>
                    <span
                      style={{
                        display: 'inline-block',
                        padding: '0.125rem 0.5rem',
                        borderRadius: '0.25rem',
                        color: cssColour(text, scheme),
                        background: cssColour(surface, scheme),
                      }}
                    >
                      Aa
                    </span>{' '}
                    {ratio === undefined
                      ? '…'
                      : `${ratio.toFixed(2)}:1 ${ratio >= 4.5 ? 'AA' : 'below AA'}`}
                  </td>
                );
              })}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

/** The type scale: each `--text-*` step with its line height, in the product's font. */
export function TypeScale() {
  const steps = [...THEME.keys()].filter((name) => /^text-[\w]+$/.test(name));
  return (
    <div style={{ display: 'grid', gap: '0.75rem' }}>
      <p>
        Family: <code>{THEME.get('font-sans')}</code>
      </p>
      {steps.map((name) => (
        <div key={name} style={{ display: 'flex', gap: '1rem', alignItems: 'baseline' }}>
          <code style={{ minWidth: '9rem' }}>
            {name} · {THEME.get(name)} / {THEME.get(`${name}--line-height`)}
          </code>
          <span
            style={{
              fontFamily: 'var(--font-sans)',
              fontSize: `var(--${name})`,
              lineHeight: `var(--${name}--line-height)`,
            }}
          >
            Солнечная энергия · Solar 26 640 som
          </span>
        </div>
      ))}
    </div>
  );
}
