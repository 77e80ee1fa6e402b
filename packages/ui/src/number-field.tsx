/**
 * NumberField: a labelled number input (react-aria-components NumberField) with
 * decrement/increment buttons, arrow-key steps, min/max clamping and locale-aware
 * formatting (`formatOptions`, e.g. two decimals for the rate in som per kWh).
 */
import {
  Button as AriaButton,
  Group,
  NumberField as AriaNumberField,
  type NumberFieldProps as AriaNumberFieldProps,
} from 'react-aria-components';
import { cn, focusRing } from './cn.ts';
import { Description, FieldError, Input, Label } from './field.tsx';

export interface NumberFieldProps extends Omit<AriaNumberFieldProps, 'children' | 'className'> {
  /** Visible label, also the input's accessible name (translated; say the unit: "Rate (som/kWh)"). */
  label: string;
  /** When true the label is only read by screen readers. @default false */
  hideLabel?: boolean;
  /** Help text under the input. @default undefined (none) */
  description?: string;
  /** Translated error; when set the field is invalid and shows it. @default undefined */
  errorMessage?: string;
  /** Hide the -/+ buttons (keyboard and typing still work). @default false */
  hideStepper?: boolean;
  /** Extra classes for the field. @default undefined */
  className?: string;
}

const stepper = cn(
  'flex w-9 shrink-0 items-center justify-center text-lg leading-none text-fg',
  'data-[disabled]:opacity-40 data-[hovered]:bg-hover',
  focusRing,
);

/**
 * A number input with label, -/+ stepper buttons, description and error; the number is
 * formatted for the locale. Other props (`value`, `onChange`, `minValue`, `maxValue`,
 * `step`, `formatOptions`...) are react-aria's `NumberField`'s.
 *
 * Use when the user types an amount or a count (a bill in som, a rate in som per kWh).
 *
 * Don't use when the value is picked from a short range by dragging (use `SliderField`),
 * or is a number that is not a quantity (a phone number or a code: use `TextField`).
 */
export function NumberField({
  label,
  hideLabel,
  description,
  errorMessage,
  hideStepper,
  className,
  isInvalid,
  ...props
}: NumberFieldProps) {
  return (
    <AriaNumberField
      {...props}
      isInvalid={isInvalid ?? Boolean(errorMessage)}
      data-slot="number-field"
      className={cn('flex flex-col gap-1.5', className)}
    >
      <Label className={cn(hideLabel && 'sr-only')}>{label}</Label>
      <Group className="flex h-10 overflow-hidden rounded-control border border-border-strong bg-surface-raised data-[focus-within]:border-focus data-[invalid]:border-danger-fg">
        {!hideStepper && (
          <AriaButton
            slot="decrement"
            className={cn(stepper, 'rounded-l-control border-r border-border')}
          >
            <span aria-hidden="true">−</span>
          </AriaButton>
        )}
        <Input className="h-full min-w-0 flex-1 rounded-none border-0 px-3 tabular-nums data-[focused]:outline-offset-[-2px]" />
        {!hideStepper && (
          <AriaButton
            slot="increment"
            className={cn(stepper, 'rounded-r-control border-l border-border')}
          >
            <span aria-hidden="true">+</span>
          </AriaButton>
        )}
      </Group>
      {description && <Description>{description}</Description>}
      <FieldError>{errorMessage}</FieldError>
    </AriaNumberField>
  );
}
