/**
 * Link and ButtonLink: navigation on react-aria-components Link. `Link` is an inline text
 * link; `ButtonLink` is a link styled as a button (for "Create user", "Go to dashboard").
 * Client-side routing: wrap the app in react-aria's `RouterProvider` with the router's
 * navigate function, so `href` navigates without a page load.
 */
import type { VariantProps } from 'class-variance-authority';
import {
  Link as AriaLink,
  composeRenderProps,
  type LinkProps as AriaLinkProps,
} from 'react-aria-components';
import { buttonVariants } from './button.tsx';
import { cn, focusRing } from './cn.ts';

/**
 * An inline text link (underlined, link colour). Props (`href`, `target`...) are
 * react-aria's `Link`'s.
 *
 * Use when navigating from within text or a list: "Forgot password?", terms, a user's name.
 *
 * Don't use when the link is a page's main call to action (use `ButtonLink`), or when
 * pressing runs an action instead of going somewhere (use `Button` with `variant="link"`).
 */
export function Link({ className, ...props }: AriaLinkProps) {
  return (
    <AriaLink
      {...props}
      data-slot="link"
      className={composeRenderProps(className, (className) =>
        cn(
          'rounded-sm text-link underline underline-offset-4 data-[hovered]:decoration-2',
          focusRing,
          className,
        ),
      )}
    />
  );
}

export interface ButtonLinkProps extends AriaLinkProps, VariantProps<typeof buttonVariants> {}

/**
 * A link that looks like a button (the `Button` variants and sizes); it is still a link,
 * so it can open in a new tab and reads as a link to screen readers.
 *
 * Use when a call to action goes to another page ("Create user", "Go to dashboard").
 *
 * Don't use when pressing runs an action on this page (use `Button`), or inside running
 * text (use `Link`).
 */
export function ButtonLink({ className, variant, size, ...props }: ButtonLinkProps) {
  return (
    <AriaLink
      {...props}
      data-slot="button-link"
      data-variant={variant ?? 'primary'}
      className={composeRenderProps(className, (className) =>
        cn(buttonVariants({ variant, size }), 'no-underline', className),
      )}
    />
  );
}
