/**
 * Class-name merging for every component: `cn(base, variant, className)` joins class names
 * (clsx), and a later Tailwind utility wins over an earlier one that sets the same CSS
 * property (`px-4` then `px-0` keeps `px-0`), which is how callers adjust a component's look.
 *
 * The merging is tailwind-merge's, extended with the theme's own additions (theme.css):
 * its font sizes, radii, shadows and animations, so that `rounded-card` and `rounded-none`,
 * `shadow-overlay` and `shadow-none`, or `text-sm` and `text-fg` are told apart.
 */
import { clsx, type ClassValue } from 'clsx';
import { extendTailwindMerge } from 'tailwind-merge';

const twMerge = extendTailwindMerge({
  extend: {
    theme: {
      text: ['xs', 'sm', 'base', 'lg', 'xl', '2xl', '3xl'],
      radius: ['control', 'card', 'pill'],
      shadow: ['card', 'overlay'],
      animate: ['toast-in', 'toast-out', 'caret'],
    },
  },
});

/** Joins class names; later Tailwind utilities override earlier conflicting ones. */
export function cn(...inputs: ClassValue[]): string {
  return twMerge(clsx(inputs));
}

/**
 * The one focus ring every interactive component uses (visible on keyboard focus only).
 * `outline-solid` sits beside `outline-2`: `outline-none` sets Tailwind's
 * `--tw-outline-style` to none, and `outline-2` reads that variable for its style.
 */
export const focusRing =
  'outline-none data-[focus-visible]:outline-2 data-[focus-visible]:outline-solid data-[focus-visible]:outline-offset-2 data-[focus-visible]:outline-focus';
