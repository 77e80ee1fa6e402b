/**
 * The full Select (react-aria-components Select with a ListBox in a Popover): keyboard
 * type-ahead, arrow keys, Escape to close. Loaded on demand by select.tsx, which renders
 * an identical closed trigger until then. Not part of the package's public API.
 */
import type { Key } from 'react-aria-components';
import {
  Button as AriaButton,
  ListBox,
  ListBoxItem,
  Popover,
  Select as AriaSelect,
  SelectValue,
} from 'react-aria-components';
import { cn } from './cn.ts';
import { Description, FieldError, Label } from './field.tsx';
import { CheckIcon, ChevronDownIcon } from './icons.tsx';
import { selectRootClass, selectTriggerClass, type SelectProps } from './select.tsx';

/** The react-aria Select behind {@link Select} (select.tsx); same props. */
export function SelectMenu<K extends Key = string>({
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
                'data-[focused]:bg-brand-50 data-[focused]:text-fg dark:data-[focused]:bg-white/10',
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
