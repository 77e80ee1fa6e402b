/**
 * Select: a labelled single-choice dropdown (react-aria-components Select with a ListBox in
 * a Popover): keyboard type-ahead, arrow keys, Escape to close.
 */
import {
  Button as AriaButton,
  ListBox,
  ListBoxItem,
  Popover,
  Select as AriaSelect,
  SelectValue,
  type Key,
  type SelectProps as AriaSelectProps,
} from 'react-aria-components';
import { cn, focusRing } from './cn.ts';
import { Description, FieldError, Label } from './field.tsx';
import { CheckIcon, ChevronDownIcon } from './icons.tsx';

/** One option: a stable id and its translated label. */
export interface SelectOption<K extends Key = string> {
  /** Stable id, passed to `onChange`. */
  id: K;
  /** Visible text (translated). */
  label: string;
  /** Language of the label, when it differs from the page (language names). */
  lang?: string;
}

export interface SelectProps<K extends Key = string> extends Omit<
  AriaSelectProps<SelectOption<K>, 'single'>,
  'children' | 'className' | 'items' | 'value' | 'onChange' | 'defaultValue'
> {
  /** Visible label, also the trigger's accessible name. */
  label: string;
  /** When true the label is only read by screen readers. @default false */
  hideLabel?: boolean;
  /** The options, in the order listed. */
  options: readonly SelectOption<K>[];
  /** The selected option's id (controlled). @default undefined (uncontrolled) */
  value?: K | null;
  /** The option selected at first (uncontrolled). @default undefined (none selected) */
  defaultValue?: K | null;
  /** Called with the id of the option the user picks. @default undefined */
  onChange?: (value: K) => void;
  /** Help text under the trigger. @default undefined (none) */
  description?: string;
  /** Translated error; when set the select is invalid and shows it. @default undefined */
  errorMessage?: string;
  /** Extra classes for the field. @default undefined */
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

/**
 * A dropdown to pick one option from a list, with label, description and error.
 *
 * Use when the user picks one of many options, or space is tight (the users table's role
 * filter, "Sort by" on a phone).
 *
 * Don't use when there are a few short options that should all stay visible (use
 * `RadioGroup`), for the interface language (use `LanguageSelect`, a native select), or
 * for actions (use `ActionMenu`).
 */
export function Select<K extends Key = string>({
  label,
  hideLabel,
  options,
  value,
  defaultValue,
  onChange,
  description,
  errorMessage,
  className,
  isInvalid,
  ...props
}: SelectProps<K>) {
  return (
    <AriaSelect
      {...props}
      value={value}
      defaultValue={defaultValue}
      onChange={(key) => {
        if (key !== null) onChange?.(key as K);
      }}
      isInvalid={isInvalid ?? Boolean(errorMessage)}
      data-slot="select"
      className={cn(selectRootClass, className)}
    >
      <Label className={cn(hideLabel && 'sr-only')}>{label}</Label>
      <AriaButton className={selectTriggerClass}>
        <SelectValue className="truncate data-[placeholder]:text-fg-muted" />
        <ChevronDownIcon className="size-4 shrink-0 text-fg-muted" />
      </AriaButton>
      {description && <Description>{description}</Description>}
      <FieldError>{errorMessage}</FieldError>
      <Popover className="min-w-(--trigger-width) rounded-control border border-border bg-surface-raised p-1 shadow-overlay">
        <ListBox items={options} className="max-h-72 overflow-auto outline-none">
          {(option) => (
            <ListBoxItem
              id={option.id}
              textValue={option.label}
              lang={option.lang}
              className={cn(
                'flex cursor-default items-center justify-between gap-3 rounded-md px-2.5 py-2 text-sm text-fg outline-none',
                'data-[focused]:bg-brand-soft data-[focused]:text-fg',
                'data-[selected]:font-semibold',
              )}
            >
              {({ isSelected }) => (
                <>
                  <span>{option.label}</span>
                  {isSelected && <CheckIcon className="size-4" />}
                </>
              )}
            </ListBoxItem>
          )}
        </ListBox>
      </Popover>
    </AriaSelect>
  );
}
