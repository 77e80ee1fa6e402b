/**
 * RadioGroup: a labelled single choice among a few options shown at once (react-aria-components
 * RadioGroup and Radio): arrow keys move and select, Tab leaves the group, every option is
 * one tap on a phone. Use it for up to about six short options (the quick calculator's budget
 * range, docs/product.md#quick-calculator); use Select for longer lists or where space is tight.
 */
import type { Key } from 'react';
import {
  Radio,
  RadioGroup as AriaRadioGroup,
  type RadioGroupProps as AriaRadioGroupProps,
} from 'react-aria-components';
import { cn, focusRing } from './cn.ts';
import { Description, FieldError, Label } from './field.tsx';

/** One option: a stable id and its translated label. */
export interface RadioOption<K extends Key = string> {
  /** Stable id, passed to `onChange`. */
  id: K;
  /** Visible text (translated). */
  label: string;
}

export interface RadioGroupProps<K extends string = string> extends Omit<
  AriaRadioGroupProps,
  'children' | 'className' | 'value' | 'defaultValue' | 'onChange'
> {
  /** The group's visible label (its accessible name). */
  label: string;
  /** The options, in the order shown; they wrap onto more lines on narrow screens. */
  options: readonly RadioOption<K>[];
  /** The selected option's id (controlled). @default undefined (uncontrolled) */
  value?: K | null;
  /** The option selected at first (uncontrolled). @default undefined (none selected) */
  defaultValue?: K | null;
  /** Called with the id of the option the user picks. @default undefined */
  onChange?: (value: K) => void;
  /** Help text under the options. @default undefined (none) */
  description?: string;
  /** Shown under the options and marks the group invalid. @default undefined */
  errorMessage?: string;
  /** Extra classes for the group. @default undefined */
  className?: string;
}

/**
 * A row of choices, one of which is selected, all visible at once.
 *
 * Use when the user picks one of a few (up to about six) short options and seeing them
 * all helps (the budget range).
 *
 * Don't use when the list is long or space is tight (use `Select`), when it is the
 * interface language (use `LanguageSelect`), or for an on/off choice (use `Checkbox`).
 */
export function RadioGroup<K extends string = string>({
  label,
  options,
  value,
  defaultValue,
  onChange,
  description,
  errorMessage,
  className,
  isInvalid,
  ...props
}: RadioGroupProps<K>) {
  return (
    <AriaRadioGroup
      {...props}
      value={value}
      defaultValue={defaultValue}
      onChange={(next) => onChange?.(next as K)}
      isInvalid={isInvalid ?? Boolean(errorMessage)}
      data-slot="radio-group"
      className={cn('flex flex-col gap-1.5', className)}
    >
      <Label>{label}</Label>
      <div className="flex flex-wrap gap-2">
        {options.map((option) => (
          <Radio
            key={option.id}
            value={option.id}
            className={cn(
              'group flex min-h-10 cursor-default items-center gap-2 rounded-control border border-border-strong bg-surface-raised px-3 py-2 text-sm text-fg transition-colors',
              'data-[hovered]:bg-surface-sunken',
              'data-[selected]:border-brand-accent data-[selected]:bg-brand-soft data-[selected]:font-medium',
              'data-[invalid]:border-danger-fg',
              'data-[disabled]:cursor-not-allowed data-[disabled]:opacity-60',
              focusRing,
            )}
          >
            <span
              aria-hidden="true"
              className={cn(
                'flex size-4 shrink-0 items-center justify-center rounded-full border-2 border-border-strong bg-surface-raised',
                'group-data-[selected]:border-brand-accent',
              )}
            >
              <span className="size-2 rounded-full bg-brand-accent opacity-0 group-data-[selected]:opacity-100" />
            </span>
            {option.label}
          </Radio>
        ))}
      </div>
      {description && <Description>{description}</Description>}
      <FieldError>{errorMessage}</FieldError>
    </AriaRadioGroup>
  );
}
