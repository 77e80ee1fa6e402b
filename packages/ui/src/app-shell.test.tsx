import { describe, expect, it } from 'vitest';
import { page } from 'vitest/browser';
import { render } from 'vitest-browser-react';
import { AppShell } from './app-shell.tsx';
import { DashboardIcon, UsersIcon } from './icons.tsx';

const nav = [
  { id: 'dashboard', href: '#d', label: 'Dashboard', icon: DashboardIcon, isCurrent: true },
  { id: 'users', href: '#u', label: 'Пользователи', icon: UsersIcon },
];

function shell() {
  return (
    <AppShell brand="Solar" navLabel="Main" navItems={nav} skipLabel="Skip to content">
      <p>Content</p>
    </AppShell>
  );
}

describe('AppShell navigation (issue 21 item 2)', () => {
  it('shows icon and label on a wide screen, the current page marked', async () => {
    await page.viewport(1280, 800);
    const screen = await render(shell());
    const current = screen.getByRole('link', { name: 'Dashboard' });
    await expect.element(current).toHaveAttribute('aria-current', 'page');
    await expect.element(screen.getByText('Пользователи')).toBeVisible();
  });

  it('keeps one row of icons on a 390 px phone, each link still named by its label', async () => {
    await page.viewport(390, 844);
    const screen = await render(shell());
    const links = [
      screen.getByRole('link', { name: 'Dashboard' }),
      screen.getByRole('link', { name: 'Пользователи' }),
    ];
    const tops = links.map((link) => link.element().getBoundingClientRect().top);
    expect(new Set(tops).size).toBe(1);
    for (const link of links) expect(link.element().getBoundingClientRect().width).toBeLessThan(48);
  });
});
