/**
 * SearchField: a labelled search input (react-aria-components SearchField) with a clear
 * button; Escape clears, Enter submits. Debouncing (spec: 800 ms for the user list) is the
 * caller's job: this field reports every change.
 */
import {
  Button as AriaButton,
  Group,
  SearchField as AriaSearchField,
  type SearchFieldProps as AriaSearchFieldProps,
} from 'react-aria-components';
import { cn, focusRing } from './cn.ts';
import { Description, Input, Label } from './field.tsx';
import { SearchIcon, XIcon } from './icons.tsx';

export interface SearchFieldProps extends Omit<AriaSearchFieldProps, 'children' | 'className'> {
  /** Visible label, also the input's accessible name ("Search users"). */
  label: string;
  /** When true the label is only read by screen readers. @default false */
  hideLabel?: boolean;
  /** Accessible name of the clear button. */
  clearLabel: string;
  /** Hint shown in the empty input. @default undefined (none) */
  placeholder?: string;
  /** Help text under the input. @default undefined (none) */
  description?: string;
  /** Extra classes for the field. @default undefined */
  className?: string;
}

/**
 * A search input with a search icon and a clear button. Other props (`value`, `onChange`,
 * `onSubmit`, `onClear`...) are react-aria's `SearchField`'s; it reports every keystroke,
 * so the caller debounces (800 ms for the user list).
 *
 * Use when the user filters a list by typing (the users table).
 *
 * Don't use when the text is a value to save (use `TextField`), or to pick from a fixed
 * list (use `Select`).
 */
export function SearchField({
  label,
  hideLabel,
  clearLabel,
  placeholder,
  description,
  className,
  ...props
}: SearchFieldProps) {
  return (
    <AriaSearchField
      {...props}
      data-slot="search-field"
      className={cn('group flex flex-col gap-1.5', className)}
    >
      <Label className={cn(hideLabel && 'sr-only')}>{label}</Label>
      <Group className="relative flex items-center">
        <SearchIcon className="pointer-events-none absolute left-3 size-4 text-fg-muted" />
        <Input
          placeholder={placeholder}
          className="px-9 [&::-webkit-search-cancel-button]:hidden"
        />
        <AriaButton
          aria-label={clearLabel}
          className={cn(
            'absolute right-1.5 flex size-7 items-center justify-center rounded-md text-fg-muted',
            'group-data-[empty]:invisible data-[hovered]:bg-hover',
            focusRing,
          )}
        >
          <XIcon className="size-4" />
        </AriaButton>
      </Group>
      {description && <Description>{description}</Description>}
    </AriaSearchField>
  );
}
