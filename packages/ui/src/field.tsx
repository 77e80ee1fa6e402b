/**
 * Field parts shared by every form control: Label, Description, FieldError, Input,
 * TextArea and their styles. They plug into react-aria-components' field contexts, so a
 * label, its input, its description and its error are wired with ids automatically.
 */
import type { Ref } from 'react';
import {
  composeRenderProps,
  FieldError as AriaFieldError,
  Input as AriaInput,
  Label as AriaLabel,
  Text,
  TextArea as AriaTextArea,
  type FieldErrorProps,
  type InputProps,
  type LabelProps,
  type TextAreaProps,
  type TextProps,
} from 'react-aria-components';
import { cn } from './cn.ts';
import { descriptionClass, fieldErrorClass, labelClass } from './field-styles.ts';

/** The border, surface and focus styles of every text-like control. */
export const fieldControlStyles = [
  'w-full rounded-control border border-border-strong bg-surface-raised text-sm text-fg',
  'placeholder:text-fg-muted outline-none transition-colors',
  'data-[focused]:border-focus data-[focused]:outline-2 data-[focused]:outline-solid data-[focused]:outline-offset-1 data-[focused]:outline-focus',
  'data-[invalid]:border-danger-fg',
  'data-[disabled]:cursor-not-allowed data-[disabled]:opacity-60',
].join(' ');

/**
 * A field's visible label, tied to its control by the react-aria field around it.
 *
 * Use when building a field from parts inside a react-aria field (`TextField`,
 * `NumberField`...). Don't use when a ready control exists: `TextField`, `Select` and the
 * others take a `label` prop.
 */
export function Label({ className, ...props }: LabelProps) {
  return <AriaLabel {...props} data-slot="label" className={cn(labelClass, className)} />;
}

/**
 * Help text under a control; referenced by the control's `aria-describedby`.
 *
 * Use when a field needs a hint (a format, a limit). Don't use when reporting an error
 * (use `FieldError`).
 */
export function Description({ className, ...props }: TextProps) {
  return (
    <Text
      {...props}
      slot="description"
      data-slot="description"
      className={cn(descriptionClass, className)}
    />
  );
}

/**
 * The error of an invalid field (shown only while the field is invalid).
 *
 * Use when a field inside a react-aria field can be invalid. Don't use when the error is
 * about the whole form or the server (show it above the form, or as a `Toast`).
 */
export function FieldError({ className, ...props }: FieldErrorProps) {
  return (
    <AriaFieldError
      {...props}
      data-slot="field-error"
      className={composeRenderProps(className, (className) => cn(fieldErrorClass, className))}
    />
  );
}

/**
 * A single-line text input for use inside a react-aria field.
 *
 * Use when composing a field that the ready controls do not cover (the editable title).
 * Don't use when `TextField`, `PasswordField`, `SearchField` or `NumberField` fits.
 */
export function Input({
  className,
  ref,
  ...props
}: InputProps & {
  /** Ref to the `<input>` element. @default undefined */
  ref?: Ref<HTMLInputElement>;
}) {
  return (
    <AriaInput
      {...props}
      ref={ref}
      data-slot="input"
      className={composeRenderProps(className, (className) =>
        cn(fieldControlStyles, 'h-10 px-3', className),
      )}
    />
  );
}

/**
 * A multi-line text input for use inside a react-aria text field.
 *
 * Use when composing a multi-line field inside a react-aria `TextField` (the chat
 * composer). Don't use when one line is enough (use `TextField`).
 */
export function TextArea({
  className,
  ref,
  ...props
}: TextAreaProps & {
  /** Ref to the `<textarea>` element. @default undefined */
  ref?: Ref<HTMLTextAreaElement>;
}) {
  return (
    <AriaTextArea
      {...props}
      ref={ref}
      data-slot="textarea"
      className={composeRenderProps(className, (className) =>
        cn(fieldControlStyles, 'resize-none px-3 py-2', className),
      )}
    />
  );
}
