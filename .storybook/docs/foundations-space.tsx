/**
 * Foundations blocks for spacing, radii, shadows, the focus ring and the icon gallery, read
 * from packages/ui/src/theme.css (foundations.tsx parses it) and the icons module.
 */
import type { CSSProperties, ReactNode } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { focusRing } from '../../packages/ui/src/cn.ts';
import * as icons from '../../packages/ui/src/icons.tsx';
import { THEME, grid } from './foundations.tsx';

/** The focus ring's classes as a focused control gets them (`focusRing` without its variant). */
const ringClasses = focusRing
  .split(' ')
  .filter((name) => name.startsWith('data-[focus-visible]:'))
  .map((name) => name.replace('data-[focus-visible]:', ''))
  .join(' ');
/** The ring's width and offset in px (Tailwind's `outline-N`, `outline-offset-N`). */
const ringWidth = Number(/(?:^| )outline-(\d+)/.exec(ringClasses)?.[1] ?? 0);
const ringOffset = Number(/outline-offset-(\d+)/.exec(ringClasses)?.[1] ?? 0);

/** Spacing steps (multiples of `--spacing`), radii and shadows. */
export function SpacingRadiiShadows() {
  const unit = THEME.get('spacing') ?? '0.25rem';
  const radii = [...THEME.keys()].filter((name) => name.startsWith('radius-'));
  const shadows = [...THEME.keys()].filter((name) => name.startsWith('shadow-'));
  const box = (style: CSSProperties, label: ReactNode) => (
    <figure style={{ margin: 0, display: 'grid', gap: '0.25rem', justifyItems: 'start' }}>
      <div style={{ background: 'var(--color-brand-soft-strong)', ...style }} />
      <figcaption style={{ fontSize: '0.75rem' }}>{label}</figcaption>
    </figure>
  );
  return (
    <div style={{ display: 'grid', gap: '1.5rem' }}>
      <section>
        <h3>Spacing</h3>
        <p>
          One unit is <code>{unit}</code>; <code>p-4</code> is four units.
        </p>
        <div style={{ display: 'flex', gap: '1rem', alignItems: 'end', flexWrap: 'wrap' }}>
          {[1, 2, 3, 4, 6, 8, 12, 16].map((step) =>
            box(
              { width: `calc(${unit} * ${step})`, height: `calc(${unit} * ${step})` },
              <code>{step}</code>,
            ),
          )}
        </div>
      </section>
      <section>
        <h3>Radii</h3>
        <div style={{ display: 'flex', gap: '1rem', flexWrap: 'wrap' }}>
          {radii.map((name) =>
            box(
              { width: '5rem', height: '3rem', borderRadius: `var(--${name})` },
              <code>
                {name} · {THEME.get(name)}
              </code>,
            ),
          )}
        </div>
      </section>
      <section>
        <h3>Shadows</h3>
        <div style={{ display: 'flex', gap: '2rem', flexWrap: 'wrap' }}>
          {shadows.map((name) =>
            box(
              {
                width: '8rem',
                height: '4rem',
                background: 'white',
                borderRadius: 'var(--radius-card)',
                boxShadow: `var(--${name})`,
              },
              <code>{name}</code>,
            ),
          )}
        </div>
      </section>
      <section>
        <h3>Focus ring</h3>
        <p>
          Every focusable control shows the <code>focus</code> outline when it gets focus from the
          keyboard: <code>{ringClasses}</code> (<code>focusRing</code> in{' '}
          <code>packages/ui/src/cn.ts</code>), {ringWidth} px wide, {ringOffset} px away.
        </p>
        {box(
          {
            width: '8rem',
            height: '2.5rem',
            borderRadius: 'var(--radius-control)',
            outline: `${ringWidth}px solid var(--color-focus)`,
            outlineOffset: `${ringOffset}px`,
          },
          <code>{ringClasses}</code>,
        )}
      </section>
    </div>
  );
}

/** Every icon of packages/ui/src/icons.tsx, with its export name. */
export function IconGallery() {
  const entries = Object.entries(icons).filter(([name]) => name.endsWith('Icon'));
  return (
    <div style={grid}>
      {entries.map(([name, Icon]) => (
        <figure
          key={name}
          style={{ margin: 0, display: 'flex', gap: '0.5rem', alignItems: 'center' }}
        >
          <Icon className="size-6" />
          <figcaption>
            <code>{name}</code>
          </figcaption>
        </figure>
      ))}
    </div>
  );
}

/** The first (shipped) family of a `--font-*` token, without quotes ("Inter Variable"). */
function firstFamily(token: string): string {
  return (THEME.get(token) ?? '')
    .split(',')[0]!
    .trim()
    .replace(/^['"]|['"]$/g, '');
}

/** The interface and code font families, read from the `@theme` block of theme.css. */
export function FontFamilies() {
  return (
    <>
      <strong>{firstFamily('font-sans')}</strong> for the interface and{' '}
      <strong>{firstFamily('font-mono')}</strong> for code
    </>
  );
}

/** An icon as the library draws it, read from its markup: grid and default size class. */
const SAMPLE_ICON = renderToStaticMarkup(<icons.SunIcon />);

/** The icons' grid ("24 × 24"), from their viewBox. */
export function IconGrid() {
  const [, , width, height] = (/viewBox="([^"]+)"/.exec(SAMPLE_ICON)?.[1] ?? '').split(' ');
  return (
    <>
      {width} × {height}
    </>
  );
}

/** The icons' default size class (`size-4`), from their markup. */
export function IconDefaultSize() {
  return <code>{/class="([^"]*)"/.exec(SAMPLE_ICON)?.[1] ?? ''}</code>;
}
