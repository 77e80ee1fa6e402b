/**
 * ComboBox: a labelled text input with a list of suggestions under it (react-aria-components
 * ComboBox with a ListBox in its non-modal Popover). Arrow keys move through the suggestions,
 * Enter picks the highlighted one, Escape closes the list; a click outside closes it too.
 * The caller supplies the suggestions (usually from a search as the user types) and says
 * what the open list shows while there are none (searching, nothing found, a failure).
 */
import type { ReactNode } from 'react';
import {
  ComboBox as AriaComboBox,
  ListBox,
  ListBoxItem,
  Popover,
  type ComboBoxProps as AriaComboBoxProps,
  type Key,
} from 'react-aria-components';
import { cn } from './cn.ts';
import { Description, FieldError, Input, Label } from './field.tsx';

/** One suggestion: a stable id and its visible text. */
export interface ComboBoxOption<K extends Key = string> {
  /** Stable id, passed to `onSelectionChange`. */
  id: K;
  /** Visible text (also what the input shows once the option is picked). */
  label: string;
}

export interface ComboBoxProps<K extends Key = string> extends Omit<
  AriaComboBoxProps<ComboBoxOption<K>>,
  'children' | 'className' | 'items' | 'defaultItems' | 'allowsEmptyCollection'
> {
  /** Visible label, also the input's and the list's accessible name. */
  label: string;
  /** When true the label is only read by screen readers. @default false */
  hideLabel?: boolean;
  /** The suggestions, in the order listed. */
  options: readonly ComboBoxOption<K>[];
  /**
   * What the open list shows while `options` is empty ("Searching…", "No address found").
   * When set, the list also opens, as the user types, with no options; when undefined it
   * stays closed until there are options. @default undefined
   */
  emptyState?: ReactNode;
  /** Hint shown in the empty input (never instead of the label). @default undefined (none) */
  placeholder?: string;
  /** Help text under the input. @default undefined (none) */
  description?: string;
  /**
   * Translated error; when set the field is invalid and shows it (announced, as an alert).
   * @default undefined
   */
  errorMessage?: string;
  /** Extra classes for the field. @default undefined */
  className?: string;
}

/** Classes of one suggestion in the list (highlighted while focused with arrow keys or hovered). */
const comboBoxOptionClass = cn(
  'cursor-default rounded-md px-2.5 py-2 text-sm text-fg outline-none',
  'data-[focused]:bg-brand-soft',
  'data-[focus-visible]:outline-2 data-[focus-visible]:-outline-offset-2 data-[focus-visible]:outline-focus data-[focus-visible]:outline-solid',
  'data-[selected]:font-semibold',
);

/**
 * A text input with suggestions to pick from, with label, description and error. Other props
 * (`inputValue`, `onInputChange`, `selectedKey`, `onSelectionChange`, `allowsCustomValue`,
 * `onKeyDown`...) are react-aria's `ComboBox`'s. The list opens in a non-modal popover at
 * the end of the page (query it from `document.body`). With `inputValue` and `selectedKey`
 * both controlled, set `allowsCustomValue` or empty the text when `onSelectionChange`
 * reports null (Escape, blur): otherwise react-aria reopens the list over the typed text.
 *
 * Use when the user picks one of many options found by typing (an address from a geocoder).
 *
 * Don't use when the options are few and known (use `Select` or `RadioGroup`), or when the
 * text filters a list shown elsewhere (use `SearchField`).
 */
export function ComboBox<K extends Key = string>({
  label,
  hideLabel,
  options,
  emptyState,
  placeholder,
  description,
  errorMessage,
  className,
  isInvalid,
  ...props
}: ComboBoxProps<K>) {
  return (
    <AriaComboBox
      {...props}
      items={options}
      allowsEmptyCollection={emptyState !== undefined}
      isInvalid={isInvalid ?? Boolean(errorMessage)}
      data-slot="combo-box"
      className={cn('flex flex-col gap-1.5', className)}
    >
      <Label className={cn(hideLabel && 'sr-only')}>{label}</Label>
      <Input placeholder={placeholder} />
      {description && <Description>{description}</Description>}
      <FieldError>{errorMessage && <span role="alert">{errorMessage}</span>}</FieldError>
      <Popover className="w-(--trigger-width) rounded-control border border-border bg-surface-raised p-1 shadow-overlay">
        <ListBox<ComboBoxOption<K>>
          renderEmptyState={
            emptyState === undefined
              ? undefined
              : () => <div className="px-2.5 py-2 text-sm text-fg-muted">{emptyState}</div>
          }
          className="max-h-72 overflow-auto outline-none"
        >
          {(option) => (
            <ListBoxItem id={option.id} textValue={option.label} className={comboBoxOptionClass}>
              {option.label}
            </ListBoxItem>
          )}
        </ListBox>
      </Popover>
    </AriaComboBox>
  );
}
