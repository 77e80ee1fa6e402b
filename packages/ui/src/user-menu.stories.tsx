import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn, userEvent, within } from 'storybook/test';
import { AVATAR_DATA_URL } from '../../../.storybook/fixtures.ts';
import { UserMenu } from './user-menu.tsx';

const meta = {
  title: 'UI/Layout/UserMenu',
  component: UserMenu,
  parameters: { layout: 'padded' },
  decorators: [
    (Story) => (
      <div className="flex h-[30rem] items-start justify-end">
        <Story />
      </div>
    ),
  ],
  args: {
    name: 'Daniyar Sadykov',
    email: 'daniyar@example.com',
    label: 'Account menu',
    languageLabel: 'Language',
    locale: 'en',
    onLocaleChange: fn(),
    profileLabel: 'Profile',
    profileHref: '#profile',
    signOutLabel: 'Sign out',
    onSignOut: fn(),
  },
} satisfies Meta<typeof UserMenu>;

export default meta;
type Story = StoryObj<typeof meta>;

/** The closed trigger: initials when there is no picture. */
export const Closed: Story = {};

/** With a picture. */
export const WithPicture: Story = { args: { picture: AVATAR_DATA_URL } };

/** Open: the account, the profile link, the three languages (the current one checked), sign-out. */
export const Open: Story = { args: { defaultOpen: true } };

/** Russian, with a long name and email (they wrap inside the menu, never past its edge). */
export const OpenRussianLongName: Story = {
  args: {
    defaultOpen: true,
    locale: 'ru',
    name: 'Александра Константиновна Верхнеднепровская',
    email: 'aleksandra.konstantinovna.verkhnedneprovskaya@example.com',
    label: 'Меню аккаунта',
    languageLabel: 'Язык',
    profileLabel: 'Профиль',
    signOutLabel: 'Выйти',
  },
};

/** Picking a language from the keyboard calls onLocaleChange. */
export const ChooseLanguage: Story = {
  tags: ['no-visual'],
  parameters: { chromatic: { disableSnapshot: true } },
  play: async ({ args, canvasElement }) => {
    within(canvasElement).getByRole('button', { name: 'Account menu' }).focus();
    await userEvent.keyboard('{Enter}');
    const menu = await within(document.body).findByRole('menu');
    await userEvent.click(within(menu).getByRole('menuitemradio', { name: 'Русский' }));
    await expect(args.onLocaleChange).toHaveBeenCalledWith('ru');
  },
};
