import { ROLE_BADGE_COLORS, ROLE_KEYS, UNKNOWN_ROLE_BADGE_COLOR } from '@solar/domain';
import { describe, expect, it } from 'vitest';
import { render } from 'vitest-browser-react';
import { RoleBadge } from './role-badge.tsx';

/** `#rrggbb` -> `rgb(r, g, b)` as getComputedStyle reports it. */
function rgb(hex: string): string {
  const n = Number.parseInt(hex.slice(1), 16);
  return `rgb(${(n >> 16) & 255}, ${(n >> 8) & 255}, ${n & 255})`;
}

describe('RoleBadge (a colour per role)', () => {
  it.each(ROLE_KEYS)(
    '%s uses the theme colours equal to the domain badge colours',
    async (role) => {
      const screen = await render(<RoleBadge userRole={role} label={role} />);
      const badge = screen.getByText(role).element();
      const style = getComputedStyle(badge);
      expect(style.backgroundColor).toBe(rgb(ROLE_BADGE_COLORS[role].background));
      expect(style.color).toBe(rgb(ROLE_BADGE_COLORS[role].text));
    },
  );

  it('reads API names and numeric codes, and shows unknown roles neutral', async () => {
    const screen = await render(
      <>
        <RoleBadge userRole="ProjectManager" label="by name" />
        <RoleBadge userRole={6} label="by code" />
        <RoleBadge userRole="pilot" label="unknown" />
      </>,
    );
    await expect
      .element(screen.getByText('by name'))
      .toHaveAttribute('data-role', 'project_manager');
    await expect.element(screen.getByText('by code')).toHaveAttribute('data-role', 'supplier');
    const unknown = screen.getByText('unknown').element();
    expect(unknown.dataset.role).toBe('unknown');
    expect(getComputedStyle(unknown).backgroundColor).toBe(
      rgb(UNKNOWN_ROLE_BADGE_COLOR.background),
    );
  });

  it('gives every role a different colour', () => {
    const backgrounds = new Set(ROLE_KEYS.map((r) => ROLE_BADGE_COLORS[r].background));
    expect(backgrounds.size).toBe(ROLE_KEYS.length);
  });
});
