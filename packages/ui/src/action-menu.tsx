/**
 * ActionMenu: a compact "more actions" button (an icon with an accessible name) opening a
 * react-aria-components Menu of secondary actions, and optionally on/off options shown as
 * checkable items (issue 21 item 4: the chat header keeps its title readable on a phone by
 * putting clear, end and display options here). Keyboard: Enter, Space or the arrow keys
 * open it, arrows move, Escape closes and returns focus to the button.
 *
 * Use it for actions a screen needs now and then; keep the main action a visible button.
 */
import {
  Button as AriaButton,
  Menu,
  MenuItem,
  MenuSection,
  MenuTrigger,
  Popover,
  Separator,
} from 'react-aria-components';
import { cn, focusRing } from './cn.ts';
import { CheckIcon, MoreIcon } from './icons.tsx';

/** One action: an id passed to `onAction`, its text, and whether it may run now. */
export interface ActionMenuItem {
  id: string;
  label: string;
  isDisabled?: boolean;
  /** Destructive actions read in the danger colour. */
  tone?: 'danger';
}

/** One on/off option (a `menuitemcheckbox`). */
export interface ActionMenuOption {
  id: string;
  label: string;
  isSelected: boolean;
}

export interface ActionMenuProps {
  /** Accessible name of the button ("More actions"). */
  label: string;
  items: readonly ActionMenuItem[];
  onAction: (id: string) => void;
  options?: readonly ActionMenuOption[];
  onOptionChange?: (id: string, isSelected: boolean) => void;
  isDisabled?: boolean;
  /** Open on first render (stories of the open menu). */
  defaultOpen?: boolean;
}

const itemClass = (tone?: 'danger') =>
  cn(
    'flex cursor-default items-center gap-3 rounded-md px-2.5 py-2 text-sm text-fg outline-none',
    'data-[disabled]:text-fg-muted data-[disabled]:opacity-70 data-[focused]:bg-brand-50 dark:data-[focused]:bg-white/10',
    tone === 'danger' && 'text-danger-fg',
  );

/** The "more" button and its menu. */
export function ActionMenu({
  label,
  items,
  onAction,
  options = [],
  onOptionChange,
  isDisabled,
  defaultOpen,
}: ActionMenuProps) {
  const selected = options.filter((option) => option.isSelected).map((option) => option.id);
  return (
    <MenuTrigger defaultOpen={defaultOpen}>
      <AriaButton
        aria-label={label}
        isDisabled={isDisabled}
        data-slot="action-menu"
        className={cn(
          'inline-flex size-9 shrink-0 items-center justify-center rounded-control text-fg-muted',
          'data-[hovered]:bg-black/5 data-[pressed]:bg-black/10 dark:data-[hovered]:bg-white/10',
          'data-[disabled]:opacity-50',
          focusRing,
        )}
      >
        <MoreIcon className="size-5" />
      </AriaButton>
      <Popover
        placement="bottom end"
        className="w-64 max-w-[calc(100vw-1rem)] rounded-control border border-border bg-surface-raised p-1 shadow-overlay"
      >
        <Menu className="max-h-[inherit] overflow-auto outline-none">
          <MenuSection>
            {items.map((item) => (
              <MenuItem
                key={item.id}
                id={item.id}
                isDisabled={item.isDisabled}
                onAction={() => onAction(item.id)}
                className={itemClass(item.tone)}
              >
                {item.label}
              </MenuItem>
            ))}
          </MenuSection>
          {options.length > 0 && (
            <>
              <Separator className="my-1 border-t border-border" />
              <MenuSection
                selectionMode="multiple"
                selectedKeys={selected}
                onSelectionChange={(keys) => {
                  const now = keys === 'all' ? options.map((o) => o.id) : [...keys].map(String);
                  for (const option of options) {
                    const isSelected = now.includes(option.id);
                    if (isSelected !== option.isSelected) onOptionChange?.(option.id, isSelected);
                  }
                }}
              >
                {options.map((option) => (
                  <MenuItem key={option.id} id={option.id} className={itemClass()}>
                    {({ isSelected }) => (
                      <>
                        <span className="flex size-4 shrink-0 items-center justify-center">
                          {isSelected && <CheckIcon className="size-4" />}
                        </span>
                        <span className="flex-1">{option.label}</span>
                      </>
                    )}
                  </MenuItem>
                ))}
              </MenuSection>
            </>
          )}
        </Menu>
      </Popover>
    </MenuTrigger>
  );
}
