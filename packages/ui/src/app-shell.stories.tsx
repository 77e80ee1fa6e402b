import { navMessages as n } from '@solar/domain';
import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn, userEvent, within } from 'storybook/test';
import { AVATAR_DATA_URL } from '../../../.storybook/fixtures.ts';
import { AppShell } from './app-shell.tsx';
import { Card, CardDescription, CardHeader, CardTitle } from './card.tsx';
import { CalculatorIcon, DashboardIcon, MessageIcon, UserIcon, UsersIcon } from './icons.tsx';
import { Logo } from './logo.tsx';
import { UserMenu } from './user-menu.tsx';

const nav = [
  {
    id: 'dashboard',
    href: '#dashboard',
    label: n.dashboard.defaultMessage,
    icon: DashboardIcon,
    isCurrent: true,
  },
  {
    id: 'calculator',
    href: '#calculator',
    label: n.calculator.defaultMessage,
    icon: CalculatorIcon,
  },
  { id: 'chat', href: '#chat', label: n.chat.defaultMessage, icon: MessageIcon },
  { id: 'profile', href: '#profile', label: n.profile.defaultMessage, icon: UserIcon },
  { id: 'users', href: '#users', label: n.users.defaultMessage, icon: UsersIcon },
];

const meta = {
  title: 'UI/Layout/AppShell',
  component: AppShell,
  parameters: { layout: 'fullscreen' },
  args: {
    brand: <Logo name="Solar" compact />,
    navLabel: 'Main',
    navItems: nav,
    menuLabel: 'Menu',
    skipLabel: 'Skip to content',
    actions: (
      <UserMenu
        name="Ada Lovelace"
        email="ada@example.com"
        picture={AVATAR_DATA_URL}
        label="Account menu"
        languageLabel="Language"
        locale="en"
        onLocaleChange={fn()}
        profileLabel="Profile"
        profileHref="#profile"
        signOutLabel="Sign out"
        onSignOut={fn()}
      />
    ),
    children: (
      <div className="flex flex-col gap-4">
        <h1 className="text-2xl font-semibold">Dashboard</h1>
        <Card className="max-w-md">
          <CardHeader>
            <CardTitle>{n.quickCalculator.defaultMessage}</CardTitle>
            <CardDescription>Estimate a solar system in a minute.</CardDescription>
          </CardHeader>
        </Card>
      </div>
    ),
  },
} satisfies Meta<typeof AppShell>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Default: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const navigation = canvas.getByRole('navigation', { name: 'Main' });
    await expect(within(navigation).getByRole('link', { name: 'Dashboard' })).toHaveAttribute(
      'aria-current',
      'page',
    );
    await expect(canvas.getByRole('main')).toBeInTheDocument();
    await expect(canvas.getByRole('link', { name: 'Skip to content' })).toHaveAttribute(
      'href',
      '#main',
    );
  },
};

/** A user without the manage-users permission: the web layer passes fewer links. */
export const WithoutUsersLink: Story = { args: { navItems: nav.filter((i) => i.id !== 'users') } };

/**
 * A 390 px phone: the navigation collapses into a "Menu" button; opened, it lists the same
 * links with the current page marked.
 */
export const Phone: Story = {
  globals: { viewport: { value: 'phone', isRotated: false } },
  play: async ({ canvasElement }) => {
    await expect(window.innerWidth).toBe(390);
    const canvas = within(canvasElement);
    const navigation = canvas.getByRole('navigation', { name: 'Main' });
    await expect(within(navigation).queryByRole('link')).toBeNull();
    await userEvent.click(within(navigation).getByRole('button', { name: 'Menu' }));
    const menu = within(await within(document.body).findByRole('dialog', { name: 'Menu' }));
    await expect(menu.getAllByRole('link')).toHaveLength(nav.length);
    await expect(menu.getByRole('link', { name: 'Dashboard' })).toHaveAttribute(
      'aria-current',
      'page',
    );
  },
};
