/**
 * ActionMenu: a compact "more actions" button (an icon with an accessible name) opening a
 * react-aria-components Menu of secondary actions, and optionally on/off options shown as
 * checkable items (the chat header keeps its title readable on a phone by
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
  /** Passed to `onAction` when the item is chosen. */
  id: string;
  /** Visible text of the item (translated). */
  label: string;
  /** Shown but not selectable. @default false */
  isDisabled?: boolean;
  /** `danger`: a destructive action, in the danger colour. @default undefined (normal text) */
  tone?: 'danger';
}

/** One on/off option (a `menuitemcheckbox`). */
export interface ActionMenuOption {
  /** Passed to `onOptionChange`. */
  id: string;
  /** Visible text of the option (translated). */
  label: string;
  /** Whether the option is on (shows a check mark); the menu is controlled. */
  isSelected: boolean;
}

export interface ActionMenuProps {
  /** Accessible name of the button ("More actions"). */
  label: string;
  /** The actions, in order, in the first section of the menu. */
  items: readonly ActionMenuItem[];
  /** Called with the chosen item's `id`; the menu closes. */
  onAction: (id: string) => void;
  /** On/off options, below a separator. @default [] (no options section) */
  options?: readonly ActionMenuOption[];
  /** Called with an option's `id` and its new state when the user toggles it. @default undefined */
  onOptionChange?: (id: string, isSelected: boolean) => void;
  /** Disables the "more" button (the menu cannot open). @default false */
  isDisabled?: boolean;
  /** Open on first render (stories of the open menu). @default false */
  defaultOpen?: boolean;
}

const itemClass = (tone?: 'danger') =>
  cn(
    'flex cursor-default items-center gap-3 rounded-md px-2.5 py-2 text-sm text-fg outline-none',
    'data-[disabled]:text-fg-muted data-[disabled]:opacity-70 data-[focused]:bg-brand-soft',
    tone === 'danger' && 'text-danger-fg',
  );

/**
 * A "more actions" icon button (three dots) that opens a menu of secondary actions and
 * on/off options.
 *
 * Use when a screen has secondary actions that do not fit beside its title, above all on a
 * phone (clear, end, display options).
 *
 * Don't use when the action is the main one of the screen (use a visible `Button`), or to
 * navigate between pages (use links or the `AppShell` navigation).
 */
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
          'data-[hovered]:bg-hover data-[pressed]:bg-pressed',
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
