/**
 * Foundations blocks for spacing, radii, shadows, the focus ring and the icon gallery, read
 * from packages/ui/src/theme.css (foundations.tsx parses it) and the icons module.
 */
import type { CSSProperties, ReactNode } from 'react';
import * as icons from '../../packages/ui/src/icons.tsx';
import { THEME, grid } from './foundations.tsx';

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
          Every focusable control shows a 2 px <code>focus</code> outline, 2 px away from it, when
          it gets focus from the keyboard.
        </p>
        {box(
          {
            width: '8rem',
            height: '2.5rem',
            borderRadius: 'var(--radius-control)',
            outline: '2px solid var(--color-focus)',
            outlineOffset: '2px',
          },
          <code>outline-2 outline-offset-2 outline-focus</code>,
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
