/**
 * PasswordField: a password input with a show/hide toggle and, optionally, the live
 * requirements checklist of docs/product.md#accounts-and-sessions (reset password: at least 8
 * characters, a lowercase letter, an uppercase letter, a digit). The rule itself is
 * `passwordRequirements` of @solar/domain; labels arrive translated.
 */
import { passwordRequirements, type PasswordRequirement } from '@solar/domain/password';
import { useState, type Ref } from 'react';
import { Group, TextField as AriaTextField, type TextFieldProps } from 'react-aria-components';
import { Button } from './button.tsx';
import { cn } from './cn.ts';
import { Description, FieldError, fieldControlStyles, Input, Label } from './field.tsx';
import { CheckIcon, EyeIcon, EyeOffIcon } from './icons.tsx';

/** The ids of the checklist items, as in `passwordRequirements`. */
export type PasswordRequirementId = PasswordRequirement['id'];

export interface PasswordFieldProps extends Omit<
  TextFieldProps,
  'children' | 'className' | 'type'
> {
  /** Visible label, also the input's accessible name ("Password"). */
  label: string;
  /** Accessible name of the toggle while the password is hidden ("Show password"). */
  showLabel: string;
  /** Accessible name of the toggle while the password is visible ("Hide password"). */
  hideLabel: string;
  /** Help text under the input. @default undefined (none) */
  description?: string;
  /** Translated error; when set the field is invalid and shows it. @default undefined */
  errorMessage?: string;
  /**
   * Texts of the live checklist, one per requirement; omit to show no checklist. The
   * list is the field's description, so screen readers read it with the input.
   * @default undefined (no checklist)
   */
  requirementLabels?: Readonly<Record<PasswordRequirementId, string>>;
  /** Screen-reader words for a met and an unmet requirement ("met", "not met"). */
  requirementStateLabels?: { met: string; unmet: string };
  /** Extra classes for the field. @default undefined */
  className?: string;
  /** Ref to the `<input>` element (to focus it). @default undefined */
  inputRef?: Ref<HTMLInputElement>;
}

/**
 * A password input with a show/hide toggle and an optional live requirements checklist.
 * Other props (`value`, `onChange`, `name`, `autoComplete`, `isRequired`...) are
 * react-aria's `TextField`'s.
 *
 * Use when the user types a password: sign-in (no checklist), sign-up and reset (with
 * `requirementLabels`).
 *
 * Don't use when the text is not secret (use `TextField`).
 */
export function PasswordField({
  label,
  showLabel,
  hideLabel,
  description,
  errorMessage,
  requirementLabels,
  requirementStateLabels = { met: 'met', unmet: 'not met' },
  className,
  inputRef,
  isInvalid,
  value,
  defaultValue,
  onChange,
  ...props
}: PasswordFieldProps) {
  const [visible, setVisible] = useState(false);
  const [inner, setInner] = useState(defaultValue ?? '');
  const current = value ?? inner;
  return (
    <AriaTextField
      {...props}
      type={visible ? 'text' : 'password'}
      value={current}
      onChange={(next) => {
        setInner(next);
        onChange?.(next);
      }}
      isInvalid={isInvalid ?? Boolean(errorMessage)}
      data-slot="password-field"
      className={cn('flex flex-col gap-1.5', className)}
    >
      <Label>{label}</Label>
      <Group className="relative">
        <Input ref={inputRef} className={cn(fieldControlStyles, 'h-10 pr-11 pl-3')} />
        <Button
          variant="ghost"
          size="sm"
          aria-label={visible ? hideLabel : showLabel}
          aria-pressed={visible}
          className="absolute top-1 right-1 h-8 w-9 px-0"
          onPress={() => setVisible((v) => !v)}
        >
          {visible ? <EyeOffIcon /> : <EyeIcon />}
        </Button>
      </Group>
      {description && <Description>{description}</Description>}
      {requirementLabels && (
        <Description elementType="div" className="text-xs">
          <ul className="mt-1 flex flex-col gap-1" data-slot="password-requirements">
            {passwordRequirements(current).map((r) => (
              <li
                key={r.id}
                data-met={r.met}
                className={cn(
                  'flex items-center gap-2',
                  r.met ? 'text-success-fg' : 'text-fg-muted',
                )}
              >
                <span
                  aria-hidden="true"
                  className={cn(
                    'inline-flex size-4 items-center justify-center rounded-pill border',
                    r.met
                      ? 'border-success-fg bg-success-fg text-surface-raised'
                      : 'border-border-strong',
                  )}
                >
                  {r.met && <CheckIcon className="size-3" />}
                </span>
                <span>
                  {requirementLabels[r.id]}
                  <span className="sr-only">
                    {`: ${r.met ? requirementStateLabels.met : requirementStateLabels.unmet}`}
                  </span>
                </span>
              </li>
            ))}
          </ul>
        </Description>
      )}
      <FieldError>{errorMessage}</FieldError>
    </AriaTextField>
  );
}
