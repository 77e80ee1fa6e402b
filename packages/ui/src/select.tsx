/**
 * Select: a labelled single-choice dropdown (react-aria-components Select with a
 * ListBox in a Popover): keyboard type-ahead, arrow keys, Escape to close.
 *
 * The listbox, popover and selection machinery (select-menu.tsx) load on demand: when the
 * pointer comes near the trigger, the trigger takes focus, or the page is idle. Until
 * then an identical closed trigger stands in (same markup, name, description and
 * state). A press, Enter, Space or an arrow key on it opens the real Select as soon as it
 * has loaded, with focus where the user put it. A press still held when the real Select
 * arrives opens it too: that Select would have opened on the press, and the release lands
 * on a trigger that never saw it go down, so the click would otherwise be lost.
 */
import {
  useCallback,
  useEffect,
  useId,
  useRef,
  useState,
  type ComponentType,
  type KeyboardEvent,
  type ReactNode,
  type RefObject,
} from 'react';
import { useLocale, type Key, type SelectProps as AriaSelectProps } from 'react-aria-components';
import { cn, focusRing } from './cn.ts';
import { descriptionClass, fieldErrorClass, labelClass } from './field-styles.ts';
import { ChevronDownIcon } from './icons.tsx';

/** One option: a stable id and its translated label. */
export interface SelectOption<K extends Key = string> {
  id: K;
  label: string;
  /** Language of the label, when it differs from the page (language names). */
  lang?: string;
}

export interface SelectProps<K extends Key = string> extends Omit<
  AriaSelectProps<SelectOption<K>, 'single'>,
  'children' | 'className' | 'items' | 'value' | 'onChange' | 'defaultValue'
> {
  label: string;
  /** When true the label is only read by screen readers. */
  hideLabel?: boolean;
  options: readonly SelectOption<K>[];
  value?: K | null;
  defaultValue?: K | null;
  onChange?: (value: K) => void;
  description?: string;
  errorMessage?: string;
  className?: string;
}

/** Classes of the Select's outer element. */
export const selectRootClass = 'flex flex-col gap-1.5';

/** Classes of the trigger button. */
export const selectTriggerClass = cn(
  'flex h-10 w-full items-center justify-between gap-2 rounded-control border border-border-strong bg-surface-raised px-3 text-left text-sm text-fg',
  'data-[disabled]:cursor-not-allowed data-[disabled]:opacity-60 data-[pressed]:bg-surface-sunken',
  focusRing,
);

/** React Aria's own placeholder (react-aria-components `selectPlaceholder`) per language. */
const DEFAULT_PLACEHOLDER: Readonly<Record<string, string>> = {
  en: 'Select an item',
  es: 'Seleccionar un artículo',
  ru: 'Выберите элемент',
};

type Menu = ComponentType<SelectProps<Key>>;

let loadedMenu: Menu | null = null;
let pendingMenu: Promise<Menu> | null = null;

/**
 * Loads the full Select once; resolves with its component. Rejects when the chunk cannot
 * be fetched; a later call tries again.
 */
export function loadSelectMenu(): Promise<Menu> {
  if (loadedMenu) return Promise.resolve(loadedMenu);
  pendingMenu ??= import('./select-menu.tsx').then(
    (module) => (loadedMenu = module.SelectMenu as Menu),
    (error: unknown) => {
      pendingMenu = null;
      throw error;
    },
  );
  return pendingMenu;
}

/** What the stand-in saw before the full Select replaced it. */
interface Swap {
  Menu: Menu;
  /** The stand-in's trigger had focus: the real trigger takes it. */
  focus: boolean;
  /** The user asked to open the list (press, Enter, Space, arrow key). */
  open: boolean;
}

/** A dropdown to pick one option. */
export function Select<K extends Key = string>(props: SelectProps<K>) {
  const [swap, setSwap] = useState<Swap | null>(() =>
    loadedMenu ? { Menu: loadedMenu, focus: false, open: false } : null,
  );
  const trigger = useRef<HTMLButtonElement>(null);
  const wantsOpen = useRef(false);
  /** A primary-button press on the stand-in is down (not yet released or cancelled). */
  const pressing = useRef(false);
  const load = useCallback(() => {
    loadSelectMenu().then(
      (Menu) =>
        setSwap({
          Menu,
          focus: trigger.current !== null && trigger.current === document.activeElement,
          open: wantsOpen.current || pressing.current,
        }),
      // Offline: the stand-in stays; the next approach or press tries again.
      () => undefined,
    );
  }, []);
  const loaded = swap !== null;
  useEffect(() => {
    if (loaded) return;
    const idle = globalThis.requestIdleCallback?.(load, { timeout: 5000 });
    return () => {
      if (idle !== undefined) globalThis.cancelIdleCallback?.(idle);
    };
  }, [loaded, load]);

  if (swap) {
    const Full = swap.Menu as unknown as ComponentType<SelectProps<K>>;
    return (
      <Full
        {...props}
        // Focus stays where the user put it: on the trigger the stand-in had.
        // eslint-disable-next-line jsx-a11y/no-autofocus
        autoFocus={Boolean(props.autoFocus) || swap.focus}
        defaultOpen={Boolean(props.defaultOpen) || swap.open}
      />
    );
  }
  return (
    <SelectStandIn
      {...props}
      triggerRef={trigger}
      onApproach={load}
      onPressChange={(down) => {
        pressing.current = down;
        if (down) load();
      }}
      onOpenRequest={() => {
        wantsOpen.current = true;
        load();
      }}
    />
  );
}

/**
 * The closed Select as react-aria-components renders it (label, trigger with the selected
 * label or placeholder, description, error), without its behaviour.
 */
export function SelectStandIn<K extends Key>({
  label,
  hideLabel,
  options,
  value,
  defaultValue,
  description,
  errorMessage,
  className,
  isInvalid,
  isDisabled,
  placeholder,
  name,
  triggerRef,
  onApproach,
  onPressChange,
  onOpenRequest,
}: SelectProps<K> & {
  triggerRef: RefObject<HTMLButtonElement | null>;
  onApproach: () => void;
  /** A primary-button press went down (true) or was released or cancelled (false). */
  onPressChange?: (down: boolean) => void;
  onOpenRequest: () => void;
}) {
  const id = useId();
  const { locale } = useLocale();
  const [focusVisible, setFocusVisible] = useState(false);
  const [pressed, setPressed] = useState(false);
  const invalid = isInvalid ?? Boolean(errorMessage);
  const selectedId = value !== undefined ? value : defaultValue;
  const selected = options.find((option) => option.id === selectedId);
  const ids = {
    label: `${id}-label`,
    value: `${id}-value`,
    description: `${id}-description`,
    error: `${id}-error`,
  };
  const describedBy = [
    description ? ids.description : null,
    invalid && errorMessage ? ids.error : null,
  ].filter(Boolean);
  const onKeyDown = (event: KeyboardEvent<HTMLButtonElement>) => {
    if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
      event.preventDefault();
      onOpenRequest();
    }
  };
  return (
    <div
      data-slot="select"
      className={cn(selectRootClass, className)}
      data-invalid={invalid || undefined}
      data-disabled={isDisabled || undefined}
    >
      {/* Clicking the label focuses the trigger, as react-aria does (a pointer convenience:
          keyboard users reach the trigger itself). */}
      {/* eslint-disable-next-line jsx-a11y/click-events-have-key-events, jsx-a11y/no-static-element-interactions */}
      <span
        id={ids.label}
        data-slot="label"
        className={cn(labelClass, hideLabel && 'sr-only')}
        onClick={() => triggerRef.current?.focus()}
      >
        {label}
      </span>
      <button
        ref={triggerRef}
        type="button"
        className={selectTriggerClass}
        aria-labelledby={`${ids.value} ${ids.label}`}
        aria-describedby={describedBy.length > 0 ? describedBy.join(' ') : undefined}
        aria-haspopup="listbox"
        aria-expanded="false"
        disabled={isDisabled}
        data-disabled={isDisabled || undefined}
        data-pressed={pressed || undefined}
        data-focus-visible={focusVisible || undefined}
        onPointerEnter={onApproach}
        onPointerDown={(event) => {
          setPressed(true);
          if (event.button === 0) onPressChange?.(true);
        }}
        onPointerUp={() => {
          setPressed(false);
          onPressChange?.(false);
        }}
        onPointerLeave={() => {
          setPressed(false);
          onPressChange?.(false);
        }}
        onPointerCancel={() => {
          setPressed(false);
          onPressChange?.(false);
        }}
        onFocus={(event) => {
          setFocusVisible(event.currentTarget.matches(':focus-visible'));
          onApproach();
        }}
        onBlur={() => setFocusVisible(false)}
        onClick={onOpenRequest}
        onKeyDown={onKeyDown}
      >
        <span
          id={ids.value}
          className="truncate data-[placeholder]:text-fg-muted"
          data-placeholder={selected ? undefined : true}
        >
          {selected ? (
            <span>{selected.label}</span>
          ) : (
            (placeholder ?? DEFAULT_PLACEHOLDER[locale.slice(0, 2)] ?? DEFAULT_PLACEHOLDER.en)
          )}
        </span>
        <ChevronDownIcon className="size-4 shrink-0 text-fg-muted" />
      </button>
      {description && (
        <FieldText id={ids.description} slot="description" className={descriptionClass}>
          {description}
        </FieldText>
      )}
      {invalid && errorMessage && (
        <FieldText id={ids.error} slot="errorMessage" className={fieldErrorClass}>
          {errorMessage}
        </FieldText>
      )}
      {name && <input type="hidden" name={name} value={selected ? String(selected.id) : ''} />}
    </div>
  );
}

/** A description or error line as React Aria's `Text` and `FieldError` render them. */
function FieldText({
  id,
  slot,
  className,
  children,
}: {
  id: string;
  slot: 'description' | 'errorMessage';
  className: string;
  children: ReactNode;
}) {
  return (
    <span
      id={id}
      slot={slot}
      data-slot={slot === 'description' ? 'description' : 'field-error'}
      className={className}
    >
      {children}
    </span>
  );
}
