import { describe, expect, it } from 'vitest';
import { page, userEvent } from 'vitest/browser';
import { render } from 'vitest-browser-react';
import { AppShell } from './app-shell.tsx';
import { DashboardIcon, UsersIcon } from './icons.tsx';

const nav = [
  { id: 'dashboard', href: '#d', label: 'Dashboard', icon: DashboardIcon, isCurrent: true },
  { id: 'users', href: '#u', label: 'Пользователи', icon: UsersIcon },
];

function shell() {
  return (
    <AppShell
      brand="Solar"
      navLabel="Main"
      navItems={nav}
      menuLabel="Menu"
      skipLabel="Skip to content"
    >
      <p>Content</p>
    </AppShell>
  );
}

describe('AppShell navigation', () => {
  it('shows icon and label on a wide screen, the current page marked', async () => {
    await page.viewport(1280, 800);
    const screen = await render(shell());
    const current = screen.getByRole('link', { name: 'Dashboard' });
    await expect.element(current).toHaveAttribute('aria-current', 'page');
    await expect.element(screen.getByText('Пользователи')).toBeVisible();
    expect(screen.getByRole('button', { name: 'Menu' }).query()).toBeNull();
  });

  it('keeps one row of icons on a 800 px tablet, each link still named by its label', async () => {
    await page.viewport(800, 1024);
    const screen = await render(shell());
    const links = [
      screen.getByRole('link', { name: 'Dashboard' }),
      screen.getByRole('link', { name: 'Пользователи' }),
    ];
    const tops = links.map((link) => link.element().getBoundingClientRect().top);
    expect(new Set(tops).size).toBe(1);
    for (const link of links) expect(link.element().getBoundingClientRect().width).toBeLessThan(48);
  });

  it('collapses into a Menu button on a 390 px phone, opening the same links by keyboard', async () => {
    await page.viewport(390, 844);
    const screen = await render(shell());
    const nav = screen.getByRole('navigation', { name: 'Main' });
    expect(nav.getByRole('link').query()).toBeNull();
    const button = nav.getByRole('button', { name: 'Menu' });
    await expect.element(button).toBeVisible();
    (button.element() as HTMLElement).focus();
    await userEvent.keyboard('{Enter}');
    const menu = page.getByRole('dialog', { name: 'Menu' });
    await expect.element(menu).toBeVisible();
    const links = menu.getByRole('link');
    expect(links.elements().map((link) => link.textContent)).toEqual(['Dashboard', 'Пользователи']);
    const current = menu.getByRole('link', { name: 'Dashboard' });
    await expect.element(current).toHaveAttribute('aria-current', 'page');
    await expect.element(current).toHaveAttribute('href', '#d');
    const other = menu.getByRole('link', { name: 'Пользователи' });
    await expect.element(other).not.toHaveAttribute('aria-current');
    await userEvent.tab();
    await userEvent.tab();
    await expect.element(other).toHaveFocus();
    await userEvent.keyboard('{Escape}');
    await expect.element(menu).not.toBeInTheDocument();
    await expect.element(button).toHaveFocus();
  });
});
