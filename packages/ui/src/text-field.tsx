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
  /** Help text under the input. */
  description?: string;
  /** Error text; when set the field is invalid and shows it. */
  errorMessage?: string;
  placeholder?: string;
  className?: string;
  inputRef?: Ref<HTMLInputElement>;
}

/** A text input with label, description and error message. */
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
