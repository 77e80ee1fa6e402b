/**
 * Button: the product's action button on react-aria-components (press, keyboard and focus
 * handling). Variants come from render state via cva; `isPending` shows a spinner, keeps the
 * width and announces the pending label to screen readers.
 */
import { cva, type VariantProps } from 'class-variance-authority';
import type { Ref } from 'react';
import {
  Button as AriaButton,
  composeRenderProps,
  type ButtonProps as AriaButtonProps,
} from 'react-aria-components';
import { cn, focusRing } from './cn.ts';

/** Classes of the button look, by variant and size (also used by `ButtonLink`). */
export const buttonVariants = cva(
  [
    'relative inline-flex items-center justify-center gap-2 rounded-control font-medium whitespace-nowrap',
    'cursor-default transition-colors select-none',
    'data-[disabled]:cursor-not-allowed data-[disabled]:opacity-60',
    focusRing,
  ],
  {
    variants: {
      /**
       * `primary` the main action of a view (one per view), `secondary` other actions,
       * `danger` a destructive action, `ghost` a quiet action in toolbars, `link` an action
       * that reads like a link. @default 'primary'
       */
      variant: {
        primary: 'bg-brand-700 text-white data-[hovered]:bg-brand-800 data-[pressed]:bg-brand-800',
        secondary:
          'border border-border bg-surface-raised text-fg data-[hovered]:bg-brand-soft data-[pressed]:bg-brand-soft-strong',
        danger: 'bg-danger text-white data-[hovered]:brightness-95 data-[pressed]:brightness-90',
        ghost: 'text-fg data-[hovered]:bg-hover data-[pressed]:bg-pressed',
        link: 'text-brand-fg underline underline-offset-4 data-[hovered]:decoration-2',
      },
      /** Height: `sm` 32 px, `md` 40 px, `lg` 48 px. @default 'md' */
      size: {
        sm: 'h-8 px-3 text-sm',
        md: 'h-10 px-4 text-sm',
        lg: 'h-12 px-6 text-base',
      },
    },
    compoundVariants: [{ variant: 'link', className: 'h-auto px-0' }],
    defaultVariants: { variant: 'primary', size: 'md' },
  },
);

export interface ButtonProps extends AriaButtonProps, VariantProps<typeof buttonVariants> {
  /** Ref to the `<button>` element. @default undefined */
  ref?: Ref<HTMLButtonElement>;
}

/**
 * A button that runs an action. Pass `isPending` while its action runs; it stays focusable
 * but inert. Other props (`onPress`, `isDisabled`, `type`...) are react-aria's `Button`'s.
 *
 * Use when pressing does something on this page: submit a form, open a dialog, save, delete.
 *
 * Don't use when it goes to another page or URL: use `ButtonLink` (looks like a button) or
 * `Link` (inline text), so it is a real link that can open in a new tab.
 */
export function Button({ variant, size, className, children, ref, ...props }: ButtonProps) {
  return (
    <AriaButton
      {...props}
      ref={ref}
      data-slot="button"
      data-variant={variant ?? 'primary'}
      className={composeRenderProps(className, (className) =>
        cn(buttonVariants({ variant, size }), className),
      )}
    >
      {composeRenderProps(children, (children, { isPending }) => (
        <>
          <span className={cn('inline-flex items-center gap-2', isPending && 'opacity-0')}>
            {children}
          </span>
          {isPending && (
            <span aria-hidden="true" className="absolute inset-0 flex items-center justify-center">
              <span className="size-4 animate-spin rounded-full border-2 border-current border-t-transparent motion-reduce:animate-none" />
            </span>
          )}
        </>
      ))}
    </AriaButton>
  );
}
