/**
 * TextField: a labelled single-line text input (react-aria-components TextField) with
 * optional description and error. Labels and messages arrive translated.
 */
import type { Ref } from 'react';
import {
  TextField as AriaTextField,
  type TextFieldProps as AriaTextFieldProps,
} from 'react-aria-components';
import { cn } from './cn.ts';
import { Description, FieldError, Input, Label } from './field.tsx';

export interface TextFieldProps extends Omit<AriaTextFieldProps, 'children' | 'className'> {
  /** Visible label, also the input's accessible name. */
  label: string;
  /** Help text under the input. @default undefined (none) */
  description?: string;
  /** Error text; when set the field is invalid and shows it. @default undefined */
  errorMessage?: string;
  /** Hint shown in the empty input (never instead of the label). @default undefined (none) */
  placeholder?: string;
  /** Extra classes for the field. @default undefined */
  className?: string;
  /** Ref to the `<input>` element (to focus it). @default undefined */
  inputRef?: Ref<HTMLInputElement>;
}

/**
 * A single-line text input with label, description and error message. Other props
 * (`value`, `onChange`, `type`, `name`, `autoComplete`, `isRequired`...) are react-aria's
 * `TextField`'s.
 *
 * Use when the user types a short free text (a name, an email, an address).
 *
 * Don't use when it is a password (use `PasswordField`), a number (use `NumberField`), a
 * search that filters a list (use `SearchField`), or a pick from known options (use
 * `Select` or `RadioGroup`).
 */
export function TextField({
  label,
  description,
  errorMessage,
  placeholder,
  className,
  inputRef,
  isInvalid,
  ...props
}: TextFieldProps) {
  return (
    <AriaTextField
      {...props}
      isInvalid={isInvalid ?? Boolean(errorMessage)}
      data-slot="text-field"
      className={cn('flex flex-col gap-1.5', className)}
    >
      <Label>{label}</Label>
      <Input ref={inputRef} placeholder={placeholder} />
      {description && <Description>{description}</Description>}
      <FieldError>{errorMessage}</FieldError>
    </AriaTextField>
  );
}
