/**
 * UserMenu: the account menu at the end of the signed-in header: a button
 * showing the user's avatar opens a react-aria-components Menu with the user's name and
 * email, a link to the profile, the interface language as a single-choice section
 * (docs/product.md#languages-and-formats: English, Spanish, Russian, each named in itself) and
 * sign-out. Keyboard: Enter, Space or the arrow keys open it, arrows move, Escape closes and
 * returns focus.
 *
 * Use it for the account and its preferences; keep navigation between screens in the
 * header's nav.
 */
import type { Locale } from '@solar/domain/constants';
import { LOCALES } from '@solar/domain/constants';
import {
  Button as AriaButton,
  Header,
  Menu,
  MenuItem,
  MenuSection,
  MenuTrigger,
  Popover,
  Separator,
  type MenuItemProps,
} from 'react-aria-components';
import { Avatar } from './avatar.tsx';
import { cn, focusRing } from './cn.ts';
import { CheckIcon, ChevronDownIcon } from './icons.tsx';
import { LANGUAGE_NAMES } from './language-select.tsx';

export interface UserMenuProps {
  /** The signed-in user's name (avatar initials, menu heading). */
  name: string;
  /** The signed-in user's email, under the name in the menu. */
  email: string;
  /** Picture URL; null shows initials. @default undefined (initials) */
  picture?: string | null;
  /** Accessible name of the trigger ("Account menu"). */
  label: string;
  /** Heading of the language section ("Language"). */
  languageLabel: string;
  /** The current interface language (checked in the menu). */
  locale: Locale;
  /** Called with the language the user picks (not called for the current one). */
  onLocaleChange: (locale: Locale) => void;
  /** Text of the profile link ("Profile"). */
  profileLabel: string;
  /** Where the profile link goes. */
  profileHref: string;
  /** Text of the sign-out item. */
  signOutLabel: string;
  /** Called when the user chooses sign-out. */
  onSignOut: () => void;
  /** Open on first render (stories of the open menu). @default false */
  defaultOpen?: boolean;
}

const itemClass = cn(
  'flex cursor-default items-center gap-3 rounded-md px-2.5 py-2 text-sm text-fg no-underline outline-none',
  'data-[focused]:bg-brand-soft',
);

function Item(props: MenuItemProps) {
  return <MenuItem {...props} className={itemClass} />;
}

/**
 * The avatar button and its account menu: name and email, profile link, language and
 * sign-out.
 *
 * Use when giving a signed-in user their account and preferences, once, in the
 * `AppShell`'s `actions`.
 *
 * Don't use when the user is signed out (use `LanguageSelect` for the language), or for
 * navigation between screens (use the `AppShell` navigation) or a screen's own actions
 * (use `ActionMenu`).
 */
export function UserMenu({
  name,
  email,
  picture,
  label,
  languageLabel,
  locale,
  onLocaleChange,
  profileLabel,
  profileHref,
  signOutLabel,
  onSignOut,
  defaultOpen,
}: UserMenuProps) {
  return (
    <MenuTrigger defaultOpen={defaultOpen}>
      <AriaButton
        aria-label={label}
        data-slot="user-menu"
        className={cn(
          'flex items-center gap-1 rounded-pill p-0.5 pr-1.5 text-fg-muted',
          'data-[hovered]:bg-hover data-[pressed]:bg-pressed',
          focusRing,
        )}
      >
        <Avatar name={name} src={picture ?? null} size="sm" />
        <ChevronDownIcon className="size-4" />
      </AriaButton>
      <Popover
        placement="bottom end"
        className="w-72 max-w-[calc(100vw-1rem)] rounded-control border border-border bg-surface-raised p-1 shadow-overlay"
      >
        <Menu className="max-h-[inherit] overflow-auto outline-none">
          <MenuSection>
            <Header className="flex flex-col px-2.5 py-2">
              <span className="text-sm font-semibold break-words text-fg">{name}</span>
              <span className="text-xs break-all text-fg-muted">{email}</span>
            </Header>
            <Item href={profileHref}>{profileLabel}</Item>
          </MenuSection>
          <Separator className="my-1 border-t border-border" />
          <MenuSection
            selectionMode="single"
            selectedKeys={[locale]}
            onSelectionChange={(keys) => {
              const [next] = keys === 'all' ? [] : [...keys];
              const chosen = LOCALES.find((code) => code === next);
              if (chosen && chosen !== locale) onLocaleChange(chosen);
            }}
          >
            <Header className="px-2.5 pt-2 pb-1 text-xs font-semibold text-fg-muted">
              {languageLabel}
            </Header>
            {LOCALES.map((code) => (
              <Item key={code} id={code} textValue={LANGUAGE_NAMES[code]} lang={code}>
                {({ isSelected }) => (
                  <>
                    <span className="flex-1">{LANGUAGE_NAMES[code]}</span>
                    {isSelected && <CheckIcon className="size-4" />}
                  </>
                )}
              </Item>
            ))}
          </MenuSection>
          <Separator className="my-1 border-t border-border" />
          <Item onAction={onSignOut}>{signOutLabel}</Item>
        </Menu>
      </Popover>
    </MenuTrigger>
  );
}
