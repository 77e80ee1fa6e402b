import { describe, expect, it, vi } from 'vitest';
import { render } from 'vitest-browser-react';
import { userEvent } from 'vitest/browser';
import { UserMenu, type UserMenuProps } from './user-menu.tsx';

function renderMenu(overrides: Partial<UserMenuProps> = {}) {
  const props: UserMenuProps = {
    name: 'Daniyar Sadykov',
    email: 'daniyar@example.com',
    label: 'Account menu',
    languageLabel: 'Language',
    locale: 'en',
    onLocaleChange: vi.fn(),
    profileLabel: 'Profile',
    profileHref: '/profile',
    signOutLabel: 'Sign out',
    onSignOut: vi.fn(),
    ...overrides,
  };
  return { props, screen: render(<UserMenu {...props} />) };
}

describe('UserMenu', () => {
  it('opens from the keyboard with the account, the profile link, the languages and sign-out', async () => {
    const { screen } = renderMenu();
    const s = await screen;
    (s.getByRole('button', { name: 'Account menu' }).element() as HTMLElement).focus();
    await userEvent.keyboard('{Enter}');
    const menu = s.getByRole('menu');
    await expect.element(menu).toBeVisible();
    await expect.element(menu.getByText('daniyar@example.com')).toBeVisible();
    expect(s.getByRole('menuitem', { name: 'Profile' }).element().getAttribute('href')).toBe(
      '/profile',
    );
    await expect
      .element(s.getByRole('menuitemradio', { name: 'English' }))
      .toHaveAttribute('aria-checked', 'true');
    await expect
      .element(s.getByRole('menuitemradio', { name: 'Русский' }))
      .toHaveAttribute('lang', 'ru');
    await expect.element(s.getByRole('menuitem', { name: 'Sign out' })).toBeVisible();
    await userEvent.keyboard('{Escape}');
    await expect.element(menu).not.toBeInTheDocument();
    expect(document.activeElement).toBe(s.getByRole('button', { name: 'Account menu' }).element());
  });

  it('changes the language and signs out through its callbacks', async () => {
    const { screen, props } = renderMenu();
    const s = await screen;
    await userEvent.click(s.getByRole('button', { name: 'Account menu' }));
    await userEvent.click(s.getByRole('menuitemradio', { name: 'Español' }));
    expect(props.onLocaleChange).toHaveBeenCalledWith('es');
    await userEvent.click(s.getByRole('button', { name: 'Account menu' }));
    await userEvent.click(s.getByRole('menuitem', { name: 'Sign out' }));
    expect(props.onSignOut).toHaveBeenCalledTimes(1);
  });
});
