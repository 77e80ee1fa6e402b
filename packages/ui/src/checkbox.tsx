/**
 * Checkbox: a labelled checkbox (react-aria-components) with a visible box, a check mark,
 * keyboard focus ring, an invalid state (e.g. the sign-up terms box,
 * docs/product.md#accounts-and-sessions) and a mixed state (`isIndeterminate`: a dash, e.g.
 * "Select all on this page" while some rows are selected; `aria-checked="mixed"`).
 */
import type { ReactNode } from 'react';
import {
  Checkbox as AriaCheckbox,
  composeRenderProps,
  type CheckboxProps as AriaCheckboxProps,
} from 'react-aria-components';
import { cn } from './cn.ts';
import { CheckIcon } from './icons.tsx';

export interface CheckboxProps extends Omit<AriaCheckboxProps, 'children'> {
  /** The label; may hold links (terms and privacy). */
  children: ReactNode;
}

/**
 * A checkbox with its label. Other props (`isSelected`, `onChange`, `isInvalid`,
 * `isRequired`, `name`...) are react-aria's `Checkbox`'s.
 *
 * Use when the user turns one thing on or off, or accepts something (the terms), and
 * the choice applies when the form is sent.
 *
 * Don't use when the user picks one of several options (use `RadioGroup` or `Select`), or
 * for an option that applies at once in a menu (use `ActionMenu` options).
 */
export function Checkbox({ className, children, ...props }: CheckboxProps) {
  return (
    <AriaCheckbox
      {...props}
      data-slot="checkbox"
      className={composeRenderProps(className, (className) =>
        cn(
          'group flex items-center gap-2 text-sm text-fg',
          'data-[disabled]:cursor-not-allowed data-[disabled]:opacity-60',
          className,
        ),
      )}
    >
      {({ isSelected, isIndeterminate }) => (
        <>
          <span
            aria-hidden="true"
            className={cn(
              'flex size-5 shrink-0 items-center justify-center rounded border-2 border-border-strong bg-surface-raised transition-colors',
              'group-data-[selected]:border-brand-700 group-data-[selected]:bg-brand-700 group-data-[selected]:text-white',
              'group-data-[indeterminate]:border-brand-700 group-data-[indeterminate]:bg-brand-700 group-data-[indeterminate]:text-white',
              'group-data-[invalid]:border-danger-fg',
              'group-data-[focus-visible]:outline-2 group-data-[focus-visible]:outline-offset-2 group-data-[focus-visible]:outline-focus',
            )}
          >
            {isIndeterminate ? (
              <span className="h-0.5 w-2.5 rounded-full bg-current" />
            ) : (
              isSelected && <CheckIcon className="size-3.5" strokeWidth={3} />
            )}
          </span>
          <span>{children}</span>
        </>
      )}
    </AriaCheckbox>
  );
}
