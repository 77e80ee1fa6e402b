/**
 * The Foundations pages' blocks. Everything shown is read from packages/ui/src/theme.css
 * itself (imported as text and parsed), so the pages cannot drift from the tokens the
 * product uses: colour swatches, the WCAG contrast of the colour pairs the components draw
 * (packages/ui/src/contrast-pairs.ts, the list the ui tests check), the type scale, spacing
 * steps, radii, shadows, the focus ring and the icons.
 */
import type { CSSProperties } from 'react';
import {
  CONTRAST_PAIRS,
  MIN_RATIO,
  pairRatio,
  readTheme,
  SCHEMES,
  tokenColour,
  type PairKind,
  type Scheme,
} from '../../packages/ui/src/contrast-pairs.ts';
import themeCss from '../../packages/ui/src/theme.css?raw';

const tokens = readTheme(themeCss);

/** The tokens of the `@theme` block (Tailwind's design tokens). */
export const THEME = tokens.theme;

/** A theme token's value in one scheme (a semantic token resolves through its variable). */
function valueIn(token: string, scheme: Scheme): string {
  return tokenColour(tokens, token.replace(/^color-/, ''), scheme) ?? THEME.get(token) ?? '';
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

const KIND_LABEL: Record<PairKind, string> = {
  text: 'text',
  'large-text': 'large text',
  'non-text': 'border, icon or mark',
};

/**
 * The colour pairs the components draw (packages/ui/src/contrast-pairs.ts, the list the ui
 * tests check), each with a sample and its WCAG 2.2 ratio in both schemes: AA needs 4.5:1
 * for text, 3:1 for large text and for the boundaries, marks and focus rings of controls.
 */
export function ContrastTable() {
  return (
    <table>
      <thead>
        <tr>
          <th scope="col">Use</th>
          <th scope="col">Pair</th>
          <th scope="col">Light</th>
          <th scope="col">Dark</th>
        </tr>
      </thead>
      <tbody>
        {CONTRAST_PAIRS.map((pair) => (
          <tr key={`${pair.fg}:${pair.bg}:${pair.kind}`}>
            <td>
              {pair.use}
              <br />
              <small>{pair.components.join(', ')}</small>
            </td>
            <td>
              <code>{pair.fg}</code> on <code>{pair.bg}</code>
              {pair.under && (
                <>
                  {' '}
                  over <code>{pair.under}</code>
                </>
              )}
              <br />
              <small>
                {KIND_LABEL[pair.kind]}, needs {MIN_RATIO[pair.kind]}:1
              </small>
            </td>
            {SCHEMES.map((scheme) => {
              const ratio = pairRatio(tokens, pair, scheme);
              const under = pair.under ? valueIn(pair.under, scheme) : undefined;
              return (
                <td key={scheme}>
                  <span
                    style={{
                      display: 'inline-block',
                      padding: '0.125rem 0.5rem',
                      borderRadius: '0.25rem',
                      color: valueIn(pair.fg, scheme),
                      background: under
                        ? `linear-gradient(${valueIn(pair.bg, scheme)}, ${valueIn(pair.bg, scheme)}), ${under}`
                        : valueIn(pair.bg, scheme),
                      border:
                        pair.kind === 'non-text'
                          ? `2px solid ${valueIn(pair.fg, scheme)}`
                          : undefined,
                    }}
                  >
                    Aa
                  </span>{' '}
                  {ratio.toFixed(2)}:1 {ratio >= MIN_RATIO[pair.kind] ? 'AA' : 'below AA'}
                </td>
              );
            })}
          </tr>
        ))}
      </tbody>
    </table>
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
