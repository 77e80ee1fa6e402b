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

/** An inline text link. */
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

/** A link that looks like a button. */
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
